/**
 * Ingestion against a database that drops its connections (pg_terminate_backend: what a restart,
 * a failover or a partition does to them): it keeps going, takes the writer lock again, and ends
 * with exactly the data of an uninterrupted run; a standby takes over a lost lock while the old
 * writer stands by.
 */
import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PayloadNode, startPayloadNode } from "../_test/payload-node.js";
import { SYNTHETIC_CHAIN_ID, syntheticPayload } from "../_test/synthetic-chain.js";
import { createScratchDatabase, realPostgresAvailable, silentLogger } from "../_test/test-database.js";
import { type Database, openDatabase } from "../db/database.js";
import { createIngestStatus, type IngestStatus } from "./ingest-status.js";
import { type RunIngestOptions, runIngest } from "./run-ingest.js";

const BLOCKS = 300;

/**
 * Digests of every table ingestion writes to, comparable across databases; read on a connection of
 * its own (the test's pools may hold connections it just terminated).
 */
async function snapshot(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  // Dropping the database (WITH FORCE) may end this session while it closes: expected, not a crash.
  pool.on("error", () => undefined);
  try {
    return await digests(pool);
  } finally {
    await pool.end();
  }
}

async function digests(pool: pg.Pool) {
  const q = async (sql: string) => (await pool.query(sql)).rows;
  return {
    checkpoint: await q("SELECT chain_id, height::text, tx_sequence::text FROM ingest_checkpoint"),
    blocks: await q(
      "SELECT md5(string_agg(height::text || encode(hash,'hex') || block_time::text, ',' ORDER BY height)) AS h, count(*)::int AS n FROM block",
    ),
    txs: await q(
      "SELECT md5(string_agg(sequence::text || encode(hash,'hex') || data, ',' ORDER BY sequence)) AS h, count(*)::int AS n FROM tx",
    ),
    accounts: await q(
      "SELECT md5(string_agg(encode(account,'hex') || sequence::text, ',' ORDER BY sequence, account)) AS h, count(*)::int AS n FROM tx_account",
    ),
    totals: await q(
      "SELECT md5(string_agg(list || encode(account,'hex') || key || n::text, ',' ORDER BY list, account, key)) AS h FROM list_total",
    ),
    balances: await q(
      "SELECT md5(string_agg(denom || encode(account,'hex') || amount::text, ',' ORDER BY denom, account)) AS h, count(*)::int AS n FROM rich_list_balance",
    ),
  };
}

/** Ends sessions of the database at `url` (not the caller's): all, or only the lock's or the others. */
async function terminate(admin: pg.Pool, which: "all" | "lock" | "writers"): Promise<number> {
  const holders =
    "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())";
  const filter =
    which === "lock" ? `AND pid IN (${holders})` : which === "writers" ? `AND pid NOT IN (${holders})` : "";
  const { rows } = await admin.query(
    `SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity
     WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend' ${filter}`,
  );
  return rows.length;
}

/** A logger whose lines the test reads. */
function recordingLogger() {
  const lines: { msg: string; level: number; [k: string]: unknown }[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines, messages: () => lines.map((l) => l.msg) };
}

/** An IngestStatus that also records when each commit happened. */
function recordingStatus(): IngestStatus & { commits: { at: number; height: bigint }[] } {
  const status = createIngestStatus();
  const commits: { at: number; height: bigint }[] = [];
  const committed = status.committed;
  return Object.assign(status, {
    commits,
    committed(height: bigint, blocks: number) {
      commits.push({ at: Date.now(), height });
      committed(height, blocks);
    },
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("ingestion while the database drops its connections", async () => {
  const available = await realPostgresAvailable();
  let node: PayloadNode;
  let reference: Awaited<ReturnType<typeof digests>>;
  beforeAll(async () => {
    if (!available) return;
    node = await startPayloadNode({
      payload: (h) => syntheticPayload(h, { blocks: BLOCKS }),
      head: BLOCKS,
      chainId: SYNTHETIC_CHAIN_ID,
    });
    // The uninterrupted run every interrupted one must equal.
    const scratch = await createScratchDatabase();
    const db = await openDatabase({ url: scratch.url, dataDir: "/tmp", logger: silentLogger });
    try {
      await runIngest(
        ingestOptions(db, { stopAtHeight: BigInt(BLOCKS), signal: new AbortController().signal }),
      );
      reference = await snapshot(scratch.url);
    } finally {
      await db.close();
      await scratch.drop();
    }
  }, 120_000);
  afterAll(async () => {
    await node?.close();
  });

  /** Fast retries so a test sees many outages in a few seconds. */
  function ingestOptions(
    db: Database,
    extra: Pick<RunIngestOptions, "signal"> & Partial<RunIngestOptions>,
  ): RunIngestOptions {
    return {
      db,
      logger: silentLogger,
      rpcUrl: node.url,
      restUrl: node.url,
      prefix: "init",
      startHeight: 1n,
      concurrency: 4,
      commitBlocks: 4,
      retryDelayMs: 20,
      retryMaxDelayMs: 200,
      lockHeartbeatMs: 100,
      standbyPollMs: 50,
      ...extra,
    };
  }

  /** A database of its own for one test, and a pool of the test's to end sessions from. */
  async function scratchDatabase() {
    const scratch = await createScratchDatabase();
    const db = await openDatabase({ url: scratch.url, dataDir: "/tmp", logger: silentLogger });
    const admin = new pg.Pool({ connectionString: scratch.url, max: 1 });
    admin.on("error", () => undefined);
    return {
      db,
      admin,
      url: scratch.url,
      async close() {
        await admin.end();
        await db.close();
        await scratch.drop();
      },
    };
  }

  it("keeps ingesting through terminated lock and writer connections and ends equal to an uninterrupted run", async () => {
    if (!available) {
      expect(process.env.CI).not.toBe("true");
      return;
    }
    const scratch = await scratchDatabase();
    const { logger, lines, messages } = recordingLogger();
    const status = recordingStatus();
    try {
      node.head = 20;
      const run = runIngest(
        ingestOptions(scratch.db, {
          logger,
          status,
          // One block at a time, so the run lasts long enough to be cut many times.
          commitBlocks: 1,
          concurrency: 2,
          stopAtHeight: BigInt(BLOCKS),
          signal: new AbortController().signal,
        }),
      );
      let finished = false;
      void run.finally(() => {
        finished = true;
      });
      const kinds = ["lock", "writers", "all"] as const;
      let cuts = 0;
      for (let i = 0; !finished && i < 400; i++) {
        await sleep(60);
        node.head = Math.min(BLOCKS, node.head + 10);
        if (i % 3 === 0 && cuts < 12) {
          await terminate(scratch.admin, kinds[cuts % kinds.length] as (typeof kinds)[number]);
          cuts++;
        }
      }
      expect(await run).toBe(BigInt(BLOCKS));
      expect(cuts).toBeGreaterThanOrEqual(6);
      expect(await snapshot(scratch.url)).toEqual(reference);
      // The lock was lost and taken again, each failure was logged with its kind, none was fatal.
      expect(messages()).toContain("writer lock lost; stopping writes");
      expect(messages()).toContain(
        "writes stopped; taking the writer lock again (another process may take over meanwhile)",
      );
      expect(messages()).toContain("writer lock acquired; resuming from the checkpoint");
      // Whatever a cut hit (the lock, a write, the pool), every failure was the database's.
      const failures = lines.filter((l) => /^(ingest failed|cannot take the writer lock)/.test(l.msg));
      expect(failures.filter((l) => l.kind !== "database")).toEqual([]);
      // And each run of failures ended with the recovery said (none when every cut hit only the lock).
      expect(messages().some((m) => /^database reachable again after \d+\.\d s/.test(m))).toBe(
        failures.length > 0,
      );
      expect(status.commits.at(-1)?.height).toBe(BigInt(BLOCKS));
    } finally {
      await scratch.close();
    }
  }, 120_000);

  it("hands the chain to a standby when the writer loses its lock; the old writer stands by", async () => {
    if (!available) {
      expect(process.env.CI).not.toBe("true");
      return;
    }
    const scratch = await scratchDatabase();
    // A second process: its own pool (advisory locks are per session).
    const other = await openDatabase({
      url: scratch.url,
      dataDir: "/tmp",
      logger: silentLogger,
      migrate: false,
    });
    const first = recordingLogger();
    const second = recordingLogger();
    const firstStatus = recordingStatus();
    const stopFirst = new AbortController();
    try {
      node.head = 100;
      // The first writer waits long after a failure (5 s), the standby polls every 50 ms: the
      // standby takes the lock while the first backs off.
      const writer = runIngest(
        ingestOptions(scratch.db, {
          logger: first.logger,
          status: firstStatus,
          retryDelayMs: 5_000,
          retryMaxDelayMs: 5_000,
          signal: stopFirst.signal,
        }),
      );
      for (let i = 0; i < 200 && (firstStatus.commits.at(-1)?.height ?? 0n) < 100n; i++) await sleep(50);
      expect(firstStatus.commits.at(-1)?.height).toBe(100n);
      const secondStatus = recordingStatus();
      const stopSecond = new AbortController();
      const standby = runIngest(
        ingestOptions(other, { logger: second.logger, status: secondStatus, signal: stopSecond.signal }),
      );
      for (
        let i = 0;
        i < 100 && !second.messages().includes("another process is ingesting this chain; standing by");
        i++
      )
        await sleep(20);
      expect(second.messages()).toContain("another process is ingesting this chain; standing by");

      expect(await terminate(scratch.admin, "lock")).toBe(1);
      const lostAt = Date.now();
      node.head = BLOCKS;
      for (let i = 0; i < 300 && secondStatus.commits.at(-1)?.height !== BigInt(BLOCKS); i++) await sleep(50);
      expect(secondStatus.commits.at(-1)?.height).toBe(BigInt(BLOCKS));
      expect(second.messages()).toContain("writer lock acquired; resuming from the checkpoint");
      // The old writer noticed, wrote nothing more, and stands by behind the new one.
      for (
        let i = 0;
        i < 200 && !first.messages().includes("another process is ingesting this chain; standing by");
        i++
      )
        await sleep(50);
      expect(first.messages()).toContain("another process is ingesting this chain; standing by");
      expect(firstStatus.commits.filter((c) => c.at > lostAt)).toEqual([]);
      stopSecond.abort();
      stopFirst.abort();
      expect(await standby).toBe(BigInt(BLOCKS));
      expect(await writer).toBe(100n);
      expect(await snapshot(scratch.url)).toEqual(reference);
    } finally {
      stopFirst.abort();
      await other.close();
      await scratch.close();
    }
  }, 120_000);
});
