/**
 * One database per test file: a fresh database on the Postgres at WEFT_TEST_DATABASE_URL (default
 * 127.0.0.1:5432) when reachable, dropped afterwards; otherwise an embedded PGlite in a temp dir.
 * Either way it is migrated with the committed migrations, like production.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { pino } from "pino";
import { afterAll, beforeAll } from "vitest";
import { type Database, openDatabase } from "../db/database.js";

const ADMIN_URL = process.env.WEFT_TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PROBE_TIMEOUT_MS = 1_500;
export const silentLogger = pino({ level: "silent" });

let reachable: Promise<boolean> | undefined;

/** Whether a real Postgres answers at the admin URL (checked once per worker). */
export function realPostgresAvailable(): Promise<boolean> {
  reachable ??= (async () => {
    const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: PROBE_TIMEOUT_MS });
    try {
      await client.connect();
      await client.query("SELECT 1");
      return true;
    } catch {
      if (process.env.CI === "true" && process.env.WEFT_TEST_REQUIRE_POSTGRES === "1") {
        throw new Error(`CI requires the Postgres at ${ADMIN_URL} but it is not reachable`);
      }
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return reachable;
}

/** Creates an empty database on the real Postgres and returns its URL and a dropper. */
export async function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `weft_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface TestDatabase {
  db: Database;
  kind: "postgres" | "pglite";
}

/** Opens a migrated database for one test file; prefer `useTestDatabase()` in tests. */
export async function openTestDatabase(
  kind?: "postgres" | "pglite",
): Promise<TestDatabase & { dispose(): Promise<void> }> {
  const wantPostgres = kind ? kind === "postgres" : await realPostgresAvailable();
  if (wantPostgres) {
    const scratch = await createScratchDatabase();
    const db = await openDatabase({ url: scratch.url, dataDir: tmpdir(), logger: silentLogger });
    return {
      db,
      kind: "postgres",
      async dispose() {
        await db.close();
        await scratch.drop();
      },
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "weft-test-"));
  const db = await openDatabase({ dataDir, logger: silentLogger });
  return {
    db,
    kind: "pglite",
    async dispose() {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers beforeAll/afterAll hooks and returns a getter for this file's database. */
export function useTestDatabase(kind?: "postgres" | "pglite"): () => TestDatabase {
  let current: (TestDatabase & { dispose(): Promise<void> }) | undefined;
  beforeAll(async () => {
    current = await openTestDatabase(kind);
  }, 120_000);
  afterAll(async () => {
    await current?.dispose();
  });
  return () => {
    if (!current) throw new Error("test database not ready: call useTestDatabase() at file level");
    return current;
  };
}
