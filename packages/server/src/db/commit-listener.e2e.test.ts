/**
 * One commit listener for two chains, each in its own schema of one real Postgres (db/chain-schema.ts):
 * a commit moves its own chain's head alone (and so makes only its own cached pages stale), each head
 * follows from its own schema's checkpoint, a chain added while listening (`weft serve --chains`
 * reading its file again) follows from its checkpoint at once, and a lost connection marks both
 * until it is back.
 */
import type { AddressInfo } from "node:net";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syntheticPayload } from "../_test/synthetic-chain.js";
import { createTestApp } from "../_test/test-app.js";
import { createScratchDatabase, realPostgresAvailable, silentLogger } from "../_test/test-database.js";
import { deriveBlock } from "../ingest/derive/derive-block.js";
import { createPostgresSink } from "../ingest/postgres-sink.js";
import { type ChainHead, createChainHead, perChainHeads } from "./chain-head.js";
import { chainSchemaName } from "./chain-schema.js";
import {
  COMMIT_CHANNEL,
  COMMIT_LISTENER_NAME,
  type CommitListener,
  listenForCommits,
} from "./commit-listener.js";
import { type Database, openDatabase } from "./database.js";

const A = "weft-heads-a-1";
const B = "weft-heads-b-1";
/** Long enough that only a head's generation can make a cached page stale within the test. */
const LONG_TTL = { list: 60_000, item: 60_000 };
const PAGE = "/indexer/block/v1/blocks?pagination.limit=1";

const available = await realPostgresAvailable();
const runIf = it.runIf(available || process.env.CI === "true");

let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
const dbs = new Map<string, Database>();
const heads = new Map<string, ChainHead>();
const closing: { close(): Promise<void> | void }[] = [];
/** The next height each chain's sink writes. */
const next = new Map<string, number>();

/** Commits `count` more blocks of `chainId` with the real sink (whose write statement notifies). */
async function commit(chainId: string, count = 1): Promise<bigint> {
  const sink = createPostgresSink({ pool: db(chainId).pool, chainId });
  let h = next.get(chainId) ?? 1;
  try {
    for (const end = h + count; h < end; h++)
      await sink.write(BigInt(h), deriveBlock(syntheticPayload(h, { blocks: 50 }), "init"));
  } finally {
    sink.close();
  }
  next.set(chainId, h);
  return BigInt(h - 1);
}

const db = (chainId: string) => dbs.get(chainId) as Database;
const head = (chainId: string) => heads.get(chainId) as ChainHead;

async function waitFor(check: () => boolean, what: string, ms = 10_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function listen(
  chains: Map<string, { head: ChainHead; pool: Pick<pg.Pool, "query"> }>,
  heartbeatMs?: number,
) {
  const listener: CommitListener = listenForCommits({
    url: scratch?.url ?? "",
    heads: perChainHeads(chains),
    logger: silentLogger,
    connectTimeoutMs: 2_000,
    ...(heartbeatMs ? { heartbeatMs } : {}),
  });
  closing.push(listener);
  return listener;
}

/** The app serving `chainId` from its schema under its own head, with a long-lived response cache. */
async function serve(
  chainId: string,
): Promise<(path: string) => Promise<{ cache: string | null; body: unknown }>> {
  const server = createTestApp({
    db: db(chainId),
    chain: { chainId, prefix: "init", vmType: "move" },
    head: head(chainId),
    cacheTtlMs: LONG_TTL,
  }).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  closing.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return async (path) => {
    const res = await fetch(`${base}${path}`);
    return { cache: res.headers.get("x-cache"), body: await res.json() };
  };
}

const newestHeight = (body: unknown) => (body as { blocks: { height: string }[] }).blocks[0]?.height;

beforeAll(async () => {
  if (!available) return;
  scratch = await createScratchDatabase();
  for (const chainId of [A, B]) {
    dbs.set(
      chainId,
      await openDatabase({
        url: scratch.url,
        dataDir: "",
        logger: silentLogger,
        schema: chainSchemaName(chainId),
      }),
    );
    heads.set(chainId, createChainHead());
  }
  await commit(A, 3);
  await commit(B, 5);
  listen(new Map([A, B].map((id) => [id, { head: head(id), pool: db(id).pool }])));
  await waitFor(() => head(A).following && head(B).following, "both heads to follow");
}, 120_000);

afterAll(async () => {
  for (const c of closing.reverse()) await c.close();
  for (const d of dbs.values()) await d.close();
  await scratch?.drop();
});

describe("one commit listener for chains in two schemas", () => {
  runIf("each head follows from its own schema's checkpoint", () => {
    expect(head(A).known(A)).toBe(3n);
    expect(head(B).known(B)).toBe(5n);
    // Each read its own schema alone: neither head knows the other chain.
    expect(head(A).known(B)).toBeNull();
    expect(head(B).known(A)).toBeNull();
  });

  runIf("a commit of A moves A's head and generation, and B's generation and cached page stay", async () => {
    const [getA, getB] = [await serve(A), await serve(B)];
    for (const get of [getA, getB]) {
      await get(PAGE);
      expect((await get(PAGE)).cache).toBe("hit");
    }
    const [ga, gb] = [head(A).generation, head(B).generation];
    const height = await commit(A);
    await waitFor(() => head(A).known(A) === height, "A's head to advance");
    expect(head(A).generation).toBeGreaterThan(ga);
    expect(head(B).generation).toBe(gb);
    // B's page is still served from the cache; A's is made again, with the new block.
    expect(await getB(PAGE)).toEqual({ cache: "hit", body: expect.anything() });
    const a = await getA(PAGE);
    expect(a.cache).not.toBe("hit");
    expect(newestHeight(a.body)).toBe(String(height));

    // The other way round too, and a chain not served here moves neither head. The NOTIFY of the
    // unknown chain is sent before B's commit, so it has been dispatched by the time B's arrives.
    const gaAfter = head(A).generation;
    const gbAfter = head(B).generation;
    await db(A).pool.query("SELECT pg_notify($1, $2)", [
      COMMIT_CHANNEL,
      JSON.stringify({ chain_id: "weft-heads-c-1", height: 99 }),
    ]);
    const b = await commit(B);
    await waitFor(() => head(B).known(B) === b, "B's head to advance");
    expect(head(B).generation).toBe(gbAfter + 1);
    expect(head(A).generation).toBe(gaAfter);
    expect(head(A).known("weft-heads-c-1")).toBeNull();
    expect(head(B).known("weft-heads-c-1")).toBeNull();
  });

  runIf(
    "a lost connection marks both heads; both follow their own checkpoints again after",
    async () => {
      const cut = await db(A).pool.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()",
        [COMMIT_LISTENER_NAME],
      );
      expect(cut.rowCount).toBe(1);
      await waitFor(() => !head(A).following, "the loss to be seen", 5_000);
      expect(head(B).following).toBe(false);
      expect(head(A).known(A)).toBeUndefined();
      expect(head(B).known(B)).toBeUndefined();
      // Committed while no one listens: only the checkpoint read after the new LISTEN can tell.
      const a = await commit(A, 2);
      const b = head(B).generation;
      await waitFor(() => head(A).following && head(B).following, "both heads to follow again");
      expect(head(A).known(A)).toBe(a);
      expect(head(B).known(B)).toBe(BigInt((next.get(B) ?? 0) - 1));
      expect(head(B).generation).toBe(b + 1);
    },
    30_000,
  );

  runIf("a chain added while listening follows from its checkpoint at once, then its commits", async () => {
    const a = createChainHead();
    const b = createChainHead();
    const chains = perChainHeads(new Map([[A, { head: a, pool: db(A).pool }]]));
    closing.push(
      listenForCommits({
        url: scratch?.url ?? "",
        heads: chains,
        logger: silentLogger,
        connectTimeoutMs: 2_000,
      }),
    );
    await waitFor(() => a.following, "A's head to follow");
    chains.add(B, { head: b, pool: db(B).pool });
    // Well before the heartbeat (5 s): read when added, not with the retries of failed reads.
    await waitFor(() => b.following, "the added head to follow", 2_000);
    expect(b.known(B)).toBe(BigInt((next.get(B) ?? 0) - 1));
    const height = await commit(B);
    await waitFor(() => b.known(B) === height, "the added head to advance");
    // Removed: its commits are ignored.
    chains.remove(B);
    await commit(B);
    const [ga, gb] = [a.generation, b.generation];
    const later = await commit(A);
    await waitFor(() => a.known(A) === later, "A's head to advance");
    expect(b.generation).toBe(gb);
    expect(a.generation).toBe(ga + 1);
  });

  runIf(
    "a chain whose checkpoint cannot be read stays not following alone, and follows once it can",
    async () => {
      // Chain B's head read through a pool that fails its first read (as a schema not yet migrated).
      const a = createChainHead();
      const b = createChainHead();
      let reads = 0;
      const failingOnce = {
        query: (config: pg.QueryConfig) => {
          reads++;
          return reads === 1
            ? Promise.reject(new Error("relation does not exist"))
            : db(B).pool.query(config);
        },
      } as unknown as Pick<pg.Pool, "query">;
      listen(
        new Map([
          [A, { head: a, pool: db(A).pool }],
          [B, { head: b, pool: failingOnce }],
        ]),
        100,
      );
      await waitFor(() => a.following, "A's head to follow");
      expect(b.following).toBe(false);
      await waitFor(() => b.following, "B's head to follow after a heartbeat");
      expect(reads).toBe(2);
      expect(b.known(B)).toBe(BigInt((next.get(B) ?? 0) - 1));
    },
  );
});
