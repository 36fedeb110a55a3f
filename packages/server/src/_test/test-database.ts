/**
 * One migrated database per test file, from @weft/testkit: a clone of the run's template database on
 * the Postgres at WEFT_TEST_DATABASE_URL (default 127.0.0.1:5432) when reachable, dropped afterwards;
 * otherwise an embedded PGlite in a temp dir, migrated by `openDatabase`. What is the server's own
 * here: opening its `Database` on that (the kit cannot import @weft/server, whose tests use it).
 */
import { openFileDatabase } from "@weft/testkit/use-scratch-database";
import { pino } from "pino";
import { afterAll, beforeAll } from "vitest";
import { type Database, openDatabase } from "../db/database.js";

// Tests import these from here as well as from the kit; the kit's are the only implementation.
export { realPostgresAvailable } from "@weft/testkit/postgres-admin";
export { createScratchDatabase } from "@weft/testkit/scratch-database";

export const silentLogger = pino({ level: "silent" });

export interface TestDatabase {
  db: Database;
  kind: "postgres" | "pglite";
}

/** Opens a migrated database for one test file; prefer `useTestDatabase()` in tests. */
export async function openTestDatabase(
  kind?: "postgres" | "pglite",
): Promise<TestDatabase & { dispose(): Promise<void> }> {
  const file = await openFileDatabase(kind);
  // A clone is migrated already: `openDatabase` finds every migration recorded and applies none.
  const db = await openDatabase({ url: file.url, dataDir: file.dataDir, logger: silentLogger }).catch(
    async (err: unknown) => {
      await file.dispose();
      throw err;
    },
  );
  return {
    db,
    kind: file.kind,
    async dispose() {
      await db.close();
      await file.dispose();
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
