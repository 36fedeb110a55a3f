import { startFaultProxy } from "@weft/testkit/fault-proxy";
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

describe("writer lock across a partition", () => {
  const database = useTestDatabase();

  it("is reported lost when its connection stops answering (a black hole), within heartbeat + query timeout", async () => {
    const { db } = database();
    const target = new URL(db.url);
    const proxy = await startFaultProxy({
      target: { host: target.hostname, port: Number(target.port || 5432) },
    });
    const through = new URL(db.url);
    through.host = `${proxy.host}:${proxy.port}`;
    const pool = new pg.Pool({ connectionString: through.toString(), max: 2 });
    pool.on("error", () => undefined);
    try {
      const held = await tryAcquireWriterLock(pool, "chain-p", { heartbeatMs: 100, queryTimeoutMs: 300 });
      expect(held).toBeDefined();
      await proxy.setMode("blackhole");
      const started = Date.now();
      const reason = await held?.lost;
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(reason?.message).toBe("writer lock lost: Query read timeout");
      // No unhandled "error" event, and releasing a lost lock is a no-op.
      await held?.release();
    } finally {
      await proxy.setMode("pass");
      await proxy.close();
      await pool.end().catch(() => undefined);
    }
  });
});
