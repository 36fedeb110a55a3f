import pg from "pg";
import { describe, expect, it } from "vitest";
import { createTestApp, serveForTests } from "../_test/test-app.js";
import { silentLogger, useTestDatabase } from "../_test/test-database.js";
import { JsonRpcError } from "../chain/json-rpc-error.js";
import { committedMigrations } from "../db/migrate.js";
import { createMetrics } from "../http/metrics.js";
import { type BlockSink, type BlockSource, runIngestLoop } from "../ingest/ingest-loop.js";
import { createIngestStatus } from "../ingest/ingest-status.js";
import { checkReadiness } from "./health.js";

describe("/health and /ready on a migrated database", () => {
  const database = useTestDatabase();
  const url = serveForTests(() => createTestApp({ db: database().db }));

  it("is alive", async () => {
    const res = await fetch(`${url()}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("is ready once every migration is applied", async () => {
    const res = await fetch(`${url()}/ready`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: "ready",
      database: "ok",
      migrations: { applied: committedMigrations().length, pending: 0 },
    });
  });

  it("is not ready while a migration is pending", async () => {
    const { pool } = database().db;
    const last = committedMigrations().at(-1);
    await pool.query("UPDATE _prisma_migrations SET rolled_back_at = now() WHERE migration_name = $1", [
      last,
    ]);
    try {
      const res = await fetch(`${url()}/ready`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        code: 14,
        message: "1 migration(s) not applied; run `weft migrate`",
        details: [{ reason: "MIGRATIONS_PENDING", metadata: { pending: last } }],
      });
    } finally {
      await pool.query("UPDATE _prisma_migrations SET rolled_back_at = NULL WHERE migration_name = $1", [
        last,
      ]);
    }
  });
});

describe("/ready with read replicas", () => {
  const database = useTestDatabase();

  it("stays ready while a replica is skipped, and lists each replica with its lag and why it is skipped", async () => {
    const replicas = [
      { replica: "r1:5432", state: "in_use" as const, lag_blocks: 0 },
      { replica: "r2:5432", state: "lagging" as const, lag_blocks: 40, reason: "40 blocks behind" },
    ];
    const ready = await checkReadiness({ db: database().db, readReplicas: { status: () => replicas } });
    expect(ready).toEqual({
      status: "ready",
      database: "ok",
      migrations: { applied: committedMigrations().length, pending: 0 },
      replicas,
    });
  });
});

describe("/ready without a database", () => {
  // Port 1 on loopback refuses connections at once.
  const pool = new pg.Pool({
    connectionString: "postgres://postgres@127.0.0.1:1/none",
    connectionTimeoutMillis: 1_000,
  });
  const url = serveForTests(() => createTestApp({ db: { pool } }));

  it("answers 503 naming the database", async () => {
    const res = await fetch(`${url()}/ready`);
    expect(res.status).toBe(503);
    const body = (await res.json()) as { code: number; message: string; details: unknown[] };
    expect(body).toEqual({
      code: 14,
      message: expect.stringMatching(/^database unreachable: .*ECONNREFUSED/),
      details: [{ reason: "DATABASE_UNREACHABLE" }],
    });
  });

  it("still answers /health", async () => {
    expect((await fetch(`${url()}/health`)).status).toBe(200);
  });
});

describe("/ready of a process whose ingestion stalls", () => {
  const database = useTestDatabase();
  let clock = Date.parse("2026-11-25T00:00:00Z");
  const metrics = createMetrics({ collectProcessMetrics: false });
  const status = createIngestStatus({ registry: metrics.registry, stallTimeoutMs: 60_000, now: () => clock });
  const url = serveForTests(() => createTestApp({ db: database().db, metrics, ingestion: status }));
  // A node that serves blocks 1 and 2, then lacks a method for block 3 (a deterministic failure).
  const source: BlockSource<string> = {
    head: async () => 5n,
    fetch: async (height) => {
      if (height >= 3n) throw new JsonRpcError("eth_getBlockReceipts", -32601, "the method does not exist");
      return `block ${height}`;
    },
  };
  let checkpoint: bigint | null = null;
  const sink: BlockSink<string> = {
    checkpoint: async () => checkpoint,
    write: async (height) => {
      checkpoint = height;
    },
  };

  it("is ready while ingestion commits, and 503 INGEST_STALLED once it has committed nothing for the timeout", async () => {
    status.start("stall-1");
    const stop = new AbortController();
    const loop = runIngestLoop({
      chainId: "stall-1",
      source,
      sink,
      retryDelayMs: 1,
      retryMaxDelayMs: 5,
      signal: stop.signal,
      logger: silentLogger,
      status,
    });
    try {
      // Until the loop has failed at block 3 a few times.
      for (
        let i = 0;
        i < 200 &&
        !(await fetch(`${url()}/metrics`).then((r) => r.text())).includes('kind="node_rejected"} 3');
        i++
      )
        await new Promise((r) => setTimeout(r, 10));
      expect((await fetch(`${url()}/ready`)).status).toBe(200);

      clock += 75_000;
      const res = await fetch(`${url()}/ready`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        code: 14,
        message:
          "ingestion stalled: nothing committed for 75 s; last error (node_rejected): JSON-RPC eth_getBlockReceipts: -32601 the method does not exist",
        details: [
          {
            reason: "INGEST_STALLED",
            metadata: {
              chain_id: "stall-1",
              height: "2",
              node_height: "5",
              seconds_since_commit: "75",
              last_error: "node_rejected: JSON-RPC eth_getBlockReceipts: -32601 the method does not exist",
            },
          },
        ],
      });
      const text = await (await fetch(`${url()}/metrics`)).text();
      expect(text).toContain('weft_ingest_height{chain_id="stall-1"} 2');
      expect(text).toContain('weft_ingest_node_height{chain_id="stall-1"} 5');
      expect(text).toContain('weft_ingest_lag_blocks{chain_id="stall-1"} 3');
      expect(text).toContain('weft_ingest_blocks_total{chain_id="stall-1"} 2');
      expect(text).toContain('weft_ingest_stalled{chain_id="stall-1"} 1');
      expect(text).toMatch(/weft_ingest_errors_total\{chain_id="stall-1",kind="node_rejected"\} [1-9]\d*/);
      expect(text).toContain('weft_ingest_errors_total{chain_id="stall-1",kind="database"} 0');
      expect(text).toContain(
        `weft_ingest_last_commit_timestamp_seconds{chain_id="stall-1"} ${(clock - 75_000) / 1000}`,
      );
    } finally {
      stop.abort();
      await loop;
    }
  });
});
