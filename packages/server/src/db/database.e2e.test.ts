import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createScratchDatabase, realPostgresAvailable, silentLogger } from "../_test/test-database.js";
import { type Database, migrationStatus, openDatabase } from "./database.js";
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

/** A real Postgres's pool of one connection (what one connection has prepared is then visible). */
const openOneConnection = (url: string, preparedStatements?: boolean) =>
  openDatabase({
    url,
    dataDir: tmpdir(),
    logger: silentLogger,
    migrate: false,
    poolMax: 1,
    ...(preparedStatements === undefined ? {} : { preparedStatements }),
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

  it.runIf(available || process.env.CI === "true")(
    "prepares a parameterized query once per connection, and not when told not to",
    async () => {
      const scratch = await createScratchDatabase();
      const open = (preparedStatements?: boolean) => openOneConnection(scratch.url, preparedStatements);
      const prepared = async (db: Database) =>
        (
          await db.pool.query<{ name: string; statement: string }>(
            "SELECT name, statement FROM pg_prepared_statements ORDER BY name",
          )
        ).rows;
      try {
        const db = await open();
        const sql = "SELECT $1::int + 1 AS n";
        expect((await db.pool.query(sql, [1])).rows).toEqual([{ n: 2 }]);
        expect((await db.pool.query(sql, [41])).rows).toEqual([{ n: 42 }]);
        // One connection (poolMax 1): the statement prepared once, under one name, and reused.
        expect(await prepared(db)).toEqual([{ name: expect.stringMatching(/^weft_/), statement: sql }]);
        await db.close();

        const unnamed = await open(false);
        expect((await unnamed.pool.query(sql, [1])).rows).toEqual([{ n: 2 }]);
        expect(await prepared(unnamed)).toEqual([]);
        await unnamed.close();
      } finally {
        await scratch.drop();
      }
    },
    60_000,
  );

  it.runIf(available || process.env.CI === "true")(
    "answers through a migration that changes what a prepared statement returns",
    async () => {
      const scratch = await createScratchDatabase();
      try {
        const db = await openOneConnection(scratch.url);
        await db.pool.query("CREATE TABLE t (a int, b text)");
        await db.pool.query("INSERT INTO t VALUES (1, 'one')");
        const sql = "SELECT * FROM t WHERE a = $1";
        const pid = async () =>
          (await db.pool.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]?.pid;
        expect((await db.pool.query(sql, [1])).rows).toEqual([{ a: 1, b: "one" }]);
        const before = await pid();
        // Its result type changes under the prepared statement: Postgres refuses to run it as
        // prepared (0A000) on this connection; the caller still gets its rows.
        await db.pool.query("ALTER TABLE t ADD COLUMN c int DEFAULT 7");
        expect((await db.pool.query(sql, [1])).rows).toEqual([{ a: 1, b: "one", c: 7 }]);
        // The stale connection was let go, not kept to fail again.
        expect(await pid()).not.toBe(before);
        expect((await db.pool.query(sql, [1])).rows).toEqual([{ a: 1, b: "one", c: 7 }]);
        await db.close();
      } finally {
        await scratch.drop();
      }
    },
    60_000,
  );
});
