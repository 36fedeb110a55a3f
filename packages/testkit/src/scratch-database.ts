/**
 * Throwaway databases on the admin Postgres, each dropped by whoever created it and by nobody else
 * (names are unique per process and call, so parallel workers and parallel runs never collide).
 */
import { randomBytes } from "node:crypto";
import { databaseUrl, withAdmin } from "./postgres-admin.js";

export interface ScratchDatabase {
  name: string;
  url: string;
  /** Drops this database (connections still open to it are ended). */
  drop(): Promise<void>;
}

/** Postgres's code for "source database is being accessed by other users". */
const OBJECT_IN_USE = "55006";
const CLONE_ATTEMPTS = 20;

/** A name no other worker or run uses: prefix, this process, random. */
export function scratchName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
}

function scratch(name: string): ScratchDatabase {
  return {
    name,
    url: databaseUrl(name),
    drop: () =>
      withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

/** An empty database (no migrations): for tests of migrating itself, or of a CLI that migrates. */
export async function createScratchDatabase(prefix = "weft_test"): Promise<ScratchDatabase> {
  const name = scratchName(prefix);
  await withAdmin((c) => c.query(`CREATE DATABASE "${name}"`));
  return scratch(name);
}

/**
 * A copy of `template` (an already migrated database): Postgres copies its files, far faster than
 * replaying every migration. The copy fails while anything is connected to the template, which only
 * its creator does, briefly; those attempts are retried.
 */
export async function cloneDatabase(template: string, prefix = "weft_test"): Promise<ScratchDatabase> {
  const name = scratchName(prefix);
  for (let attempt = 1; ; attempt++) {
    try {
      await withAdmin((c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
      return scratch(name);
    } catch (err) {
      if ((err as { code?: string }).code !== OBJECT_IN_USE || attempt >= CLONE_ATTEMPTS) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}
