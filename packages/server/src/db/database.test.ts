import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createScratchDatabase, realPostgresAvailable, silentLogger } from "../_test/test-database.js";
import { migrationStatus, openDatabase } from "./database.js";
import { committedMigrations } from "./migrate.js";

describe("embedded database (PGlite)", () => {
  it("starts, migrates, and keeps data across restarts of the same data dir", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "weft-embedded-"));
    try {
      const first = await openDatabase({ dataDir, logger: silentLogger });
      expect(first.embedded).toBe(true);
      expect(await migrationStatus(first.pool)).toEqual({
        applied: committedMigrations().length,
        pending: [],
      });
      await first.pool.query("INSERT INTO ingest_checkpoint (chain_id, height) VALUES ('kept-1', 42)");
      await first.close();

      // Migrating again (every start does) must never lose what was written.
      const second = await openDatabase({ dataDir, logger: silentLogger });
      const { rows } = await second.pool.query(
        "SELECT height FROM ingest_checkpoint WHERE chain_id = 'kept-1'",
      );
      expect(rows).toEqual([{ height: "42" }]);
      expect((await migrationStatus(second.pool)).pending).toEqual([]);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("real Postgres (DATABASE_URL)", async () => {
  const available = await realPostgresAvailable();
  it.runIf(available || process.env.CI === "true")(
    "migrates an empty database and is idempotent",
    async () => {
      const scratch = await createScratchDatabase();
      try {
        const before = await openDatabase({
          url: scratch.url,
          dataDir: tmpdir(),
          logger: silentLogger,
          migrate: false,
        });
        expect((await migrationStatus(before.pool)).pending).toEqual(committedMigrations());
        await before.close();

        const db = await openDatabase({ url: scratch.url, dataDir: tmpdir(), logger: silentLogger });
        expect(db.embedded).toBe(false);
        await db.pool.query("INSERT INTO ingest_checkpoint (chain_id, height) VALUES ('c', 7)");
        await db.close();

        const again = await openDatabase({ url: scratch.url, dataDir: tmpdir(), logger: silentLogger });
        const { rows } = await again.pool.query("SELECT height FROM ingest_checkpoint WHERE chain_id = 'c'");
        expect(rows).toEqual([{ height: "7" }]);
        expect(await migrationStatus(again.pool)).toEqual({
          applied: committedMigrations().length,
          pending: [],
        });
        await again.close();
      } finally {
        await scratch.drop();
      }
    },
    60_000,
  );
});
