import pg from "pg";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../_test/test-database.js";
import { tryAcquireWriterLock } from "./writer-lock.js";

describe("writer lock", () => {
  const database = useTestDatabase();

  it("lets one writer per chain hold it, across pools (processes)", async () => {
    const { db } = database();
    // A second pool stands for a second process: advisory locks are per session.
    const other = new pg.Pool({ connectionString: db.url, max: 2 });
    try {
      const first = await tryAcquireWriterLock(db.pool, "chain-a");
      expect(first).toBeDefined();
      expect(await tryAcquireWriterLock(other, "chain-a")).toBeUndefined();
      // Another chain is independent.
      const b = await tryAcquireWriterLock(other, "chain-b");
      expect(b).toBeDefined();
      await first?.release();
      const second = await tryAcquireWriterLock(other, "chain-a");
      expect(second).toBeDefined();
      await second?.release();
      await b?.release();
    } finally {
      await other.end();
    }
  });

  it("is freed when the holder's connection dies", async () => {
    const { db } = database();
    const dying = new pg.Pool({ connectionString: db.url, max: 1 });
    const held = await tryAcquireWriterLock(dying, "chain-c");
    expect(held).toBeDefined();
    const { rows } = await db.pool.query<{ killed: boolean }>(
      // Only this test database's holders: other test files run their own writers in parallel.
      `SELECT pg_terminate_backend(pid) AS killed FROM pg_locks
       WHERE locktype = 'advisory' AND granted AND pid <> pg_backend_pid()
         AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    expect(rows).toEqual([{ killed: true }]);
    await held?.lost;
    const next = await tryAcquireWriterLock(db.pool, "chain-c");
    expect(next).toBeDefined();
    await next?.release();
    await dying.end();
  });
});
