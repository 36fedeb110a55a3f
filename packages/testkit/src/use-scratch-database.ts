/**
 * One database per test file: a clone of the run's migrated template on the real Postgres, dropped
 * after the file; or, when no Postgres answers, no URL and a data directory where the caller's
 * `openDatabase` embeds PGlite (migrating it itself). Either way a temp directory the file owns.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { cloneDatabase, type ScratchDatabase } from "./scratch-database.js";
import { templateDatabase } from "./template-database.js";

export interface FileDatabase {
  /** The migrated clone's URL; undefined when the caller must embed PGlite in `dataDir`. */
  url: string | undefined;
  /** A directory of this file's own, removed afterwards (PGlite's data, or any scratch files). */
  dataDir: string;
  kind: "postgres" | "pglite";
  /** Drops the clone and removes the directory. */
  dispose(): Promise<void>;
}

/** Opens this file's database now; prefer `useScratchDatabase()` at file level. */
export async function openFileDatabase(kind?: "postgres" | "pglite"): Promise<FileDatabase> {
  const template = templateDatabase();
  if (kind === "postgres" && template === null) {
    throw new Error("a Postgres test database was asked for, but no Postgres answers");
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "weft-test-"));
  const clone: ScratchDatabase | undefined =
    kind !== "pglite" && template !== null ? await cloneDatabase(template) : undefined;
  return {
    url: clone?.url,
    dataDir,
    kind: clone ? "postgres" : "pglite",
    async dispose() {
      await clone?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Registers beforeAll/afterAll for this file's database and returns a getter for it. */
export function useScratchDatabase(kind?: "postgres" | "pglite"): () => FileDatabase {
  let current: FileDatabase | undefined;
  beforeAll(async () => {
    current = await openFileDatabase(kind);
  }, 120_000);
  afterAll(async () => {
    await current?.dispose();
  });
  return () => {
    if (!current) throw new Error("scratch database not ready: call useScratchDatabase() at file level");
    return current;
  };
}
