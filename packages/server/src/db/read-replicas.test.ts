import { pino } from "pino";
import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { createChainHead } from "./chain-head.js";
import { openReadReplicas } from "./read-replicas.js";

const CHAIN = "weft-test-1";
const refused = () =>
  Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5433"), { code: "ECONNREFUSED" });

/**
 * A database answering the checkpoint read with its height, and any other query with its own name
 * (which pool a read went to); `down` makes every query fail as a refused connection does.
 */
function fakeDatabase(name: string, height: number) {
  const db = {
    name,
    height,
    down: false,
    queries: 0,
    pool: {
      query: async (text: string) => {
        if (db.down) throw refused();
        if (text.includes("ingest_checkpoint"))
          return { rows: [{ chain_id: CHAIN, height: String(db.height) }] };
        db.queries++;
        return { rows: [{ served_by: db.name }] };
      },
    },
  };
  return db;
}

function setup(replicaHeights: number[], primaryHeight = 100, maxLagBlocks = 5) {
  const primary = fakeDatabase("primary", primaryHeight);
  const replicas = replicaHeights.map((h, i) => fakeDatabase(`replica-${i + 1}:5432`, h));
  const head = createChainHead();
  head.follow(new Map([[CHAIN, BigInt(primaryHeight)]]));
  const registry = new Registry();
  const read = openReadReplicas({
    urls: replicas.map((r) => `postgres://${r.name}/weft`),
    primary: primary.pool as never,
    head,
    logger: pino({ level: "silent" }),
    maxLagBlocks,
    connectTimeoutMs: 1_000,
    registry,
    pollMs: 0,
    openPool: (_url, name) => ({
      pool: replicas.find((r) => r.name === name)?.pool as never,
      close: async () => undefined,
    }),
  });
  const servedBy = async () =>
    ((await read.pool.query("SELECT 'x'")) as unknown as { rows: { served_by: string }[] }).rows[0]
      ?.served_by;
  return { primary, replicas, head, registry, read, servedBy };
}

describe("openReadReplicas", () => {
  it("reads from the primary until a poll finds a replica fit, then round-robin from the replicas in use", async () => {
    const { read, servedBy } = setup([100, 100]);
    expect(await servedBy()).toBe("primary");
    expect(read.status()).toEqual([
      { replica: "replica-1:5432", state: "starting", reason: "not polled yet" },
      { replica: "replica-2:5432", state: "starting", reason: "not polled yet" },
    ]);
    await read.poll();
    const served = [await servedBy(), await servedBy(), await servedBy(), await servedBy()];
    expect(served.toSorted()).toEqual([
      "replica-1:5432",
      "replica-1:5432",
      "replica-2:5432",
      "replica-2:5432",
    ]);
    expect(read.status()).toEqual([
      { replica: "replica-1:5432", state: "in_use", lag_blocks: 0 },
      { replica: "replica-2:5432", state: "in_use", lag_blocks: 0 },
    ]);
  });

  it("takes a replica into use once at most half the allowed lag behind, and keeps it up to the limit", async () => {
    const { read, head, primary, replicas, servedBy } = setup([97], 100, 5);
    await read.poll();
    expect(read.status()[0]).toEqual({
      replica: "replica-1:5432",
      state: "lagging",
      lag_blocks: 3,
      reason: "3 blocks behind the primary on weft-test-1: used again once at most 2 behind",
    });
    expect(await servedBy()).toBe("primary");
    (replicas[0] as { height: number }).height = 98;
    await read.poll();
    expect(await servedBy()).toBe("replica-1:5432");
    primary.height = 103;
    head.advance(CHAIN, 103n);
    await read.poll();
    expect(read.status()[0]).toEqual({ replica: "replica-1:5432", state: "in_use", lag_blocks: 5 });
    expect(read.head.known(CHAIN)).toBe(98n);
  });

  it("asks the primary again when a replica finds no row (it may not have replayed what the client saw)", async () => {
    const { read, replicas, primary, servedBy } = setup([100]);
    await read.poll();
    const replicaPool = (replicas[0] as { pool: { query: (t: string) => Promise<unknown> } }).pool;
    const checkpoints = replicaPool.query;
    let emptyAnswers = 0;
    replicaPool.query = async (text: string) => {
      if (text.includes("ingest_checkpoint")) return checkpoints(text);
      emptyAnswers++;
      return { rows: [] };
    };
    expect(await servedBy()).toBe("primary");
    expect(emptyAnswers).toBe(1);
    expect(primary.queries).toBe(1);
    expect(read.status()[0]).toMatchObject({ state: "in_use" });
  });

  it("skips a replica further behind than allowed, and /status's height is what the replicas in use replayed", async () => {
    const { read, head, primary, replicas, servedBy } = setup([100, 100], 100, 5);
    await read.poll();
    primary.height = 110;
    head.advance(CHAIN, 110n);
    (replicas[0] as { height: number }).height = 107;
    await read.poll();
    expect(read.status()[1]).toEqual({
      replica: "replica-2:5432",
      state: "lagging",
      lag_blocks: 10,
      reason: "10 blocks behind the primary on weft-test-1 (more than DATABASE_READ_MAX_LAG_BLOCKS=5)",
    });
    for (let i = 0; i < 4; i++) expect(await servedBy()).toBe("replica-1:5432");
    // The primary's head is 110, the replica in use has replayed 107, the one that just left 100:
    // other processes may still read from that one until their next poll, so /status says 100.
    expect(read.head.known(CHAIN)).toBe(100n);
    await read.poll();
    expect(read.head.known(CHAIN)).toBe(100n);
    const generation = read.head.generation;
    await read.poll();
    expect(read.head.known(CHAIN)).toBe(107n);
    expect(read.head.generation).toBeGreaterThan(generation);
    // Both far behind: reads go to the primary, and /status follows the primary's head again.
    primary.height = 120;
    head.advance(CHAIN, 120n);
    for (let i = 0; i < 3; i++) await read.poll();
    expect(await servedBy()).toBe("primary");
    expect(read.head.known(CHAIN)).toBe(120n);
  });

  it("moves the head's generation when what the replicas in use replayed changes (cached pages go stale)", async () => {
    const { read, replicas, head } = setup([100]);
    await read.poll();
    const before = read.head.generation;
    await read.poll();
    expect(read.head.generation).toBe(before);
    (replicas[0] as { height: number }).height = 101;
    head.advance(CHAIN, 101n);
    const afterCommit = read.head.generation;
    expect(afterCommit).toBeGreaterThan(before);
    await read.poll();
    expect(read.head.generation).toBeGreaterThan(afterCommit);
    expect(read.head.known(CHAIN)).toBe(101n);
  });

  it("answers a read from the primary when its replica is down, and skips that replica from then on", async () => {
    const { read, replicas, primary, head, servedBy } = setup([100]);
    await read.poll();
    const generation = read.head.generation;
    (replicas[0] as { down: boolean }).down = true;
    expect(await servedBy()).toBe("primary");
    expect(read.status()[0]).toMatchObject({ state: "unreachable" });
    expect(await servedBy()).toBe("primary");
    expect(primary.queries).toBe(2);
    // /status follows the primary once the replica has been out of use for two polls.
    head.advance(CHAIN, 101n);
    primary.height = 101;
    expect(read.head.known(CHAIN)).toBe(100n);
    await read.poll();
    await read.poll();
    expect(read.head.known(CHAIN)).toBe(101n);
    expect(read.head.generation).toBeGreaterThan(generation);
    // Back: the next poll puts it in use again.
    (replicas[0] as { down: boolean }).down = false;
    (replicas[0] as { height: number }).height = 101;
    await read.poll();
    expect(await servedBy()).toBe("replica-1:5432");
  });

  it("does not retry an ordinary query failure on the primary", async () => {
    const { read, replicas, primary } = setup([100]);
    await read.poll();
    (replicas[0] as { pool: { query: unknown } }).pool.query = async () => {
      throw Object.assign(new Error("syntax error"), { code: "42601" });
    };
    await expect(read.pool.query("SELEC 1")).rejects.toThrow("syntax error");
    expect(primary.queries).toBe(0);
    expect(read.status()[0]).toMatchObject({ state: "in_use" });
  });

  it("exposes each replica's lag and use, and the reads of each pool, on /metrics", async () => {
    const { read, registry, replicas, servedBy } = setup([100, 90]);
    await read.poll();
    await servedBy();
    (replicas[0] as { down: boolean }).down = true;
    await read.poll();
    await servedBy();
    const text = await registry.metrics();
    expect(text).toContain('weft_db_replica_lag_blocks{replica="replica-1:5432"} -1');
    expect(text).toContain('weft_db_replica_lag_blocks{replica="replica-2:5432"} 10');
    expect(text).toContain('weft_db_replica_in_use{replica="replica-1:5432"} 0');
    expect(text).toContain('weft_db_replica_in_use{replica="replica-2:5432"} 0');
    expect(text).toContain('weft_db_reads_total{pool="replica-1:5432"} 1');
    expect(text).toContain('weft_db_reads_total{pool="primary"} 1');
  });
});
