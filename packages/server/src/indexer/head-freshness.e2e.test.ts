/**
 * `/status` from memory and cached pages never older than it, on a real Postgres while `weft ingest`
 * commits (issue 26): the writer notifies each commit, the API follows them (db/commit-listener.ts).
 * The caches here keep pages 60 s, so only the commits can be what keeps them fresh.
 */
import { createChain, type DevnetNode, startDevnetNode } from "@weft/devnet";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../_test/test-app.js";
import { silentLogger, useTestDatabase } from "../_test/test-database.js";
import type { App } from "../app.js";
import { type ChainHead, createChainHead, singleChainHeads } from "../db/chain-head.js";
import { COMMIT_LISTENER_NAME, type CommitListener, followCommits } from "../db/commit-listener.js";
import { runIngest } from "../ingest/run-ingest.js";
import { LATEST_HEIGHT_SQL } from "./blocks.js";

const CHAIN_ID = "weft-fresh-1";
const LONG_TTL = { list: 60_000, item: 60_000 };

const database = useTestDatabase("postgres");
let node: DevnetNode;
const ingestion = new AbortController();
let ingesting: Promise<unknown>;
const opened: { close(): Promise<void> | void }[] = [];

/** The app on its own port; counts its reads of the head (what /status asks without one). */
async function serve(head: ChainHead | undefined) {
  const { pool } = database().db;
  let checkpointReads = 0;
  const counted = new Proxy(pool, {
    get(target, prop, receiver) {
      if (prop !== "query") return Reflect.get(target, prop, receiver);
      return (config: string | pg.QueryConfig, values?: unknown[]) => {
        const text = typeof config === "string" ? config : config.text;
        if (text === LATEST_HEIGHT_SQL) checkpointReads++;
        return target.query(config as string, values);
      };
    },
  });
  const app: App = createTestApp({
    db: { pool: counted },
    chain: { chainId: CHAIN_ID, prefix: "init", vmType: "move" },
    cacheTtlMs: LONG_TTL,
    validateResponses: false,
    ...(head ? { head } : {}),
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  opened.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, checkpointReads: () => checkpointReads };
}

/** What this file reads of /status and of a block list. */
interface Answer {
  height: number;
  blocks: { height: string }[];
}

async function getJson(url: string) {
  const res = await fetch(url);
  return { status: res.status, cache: res.headers.get("x-cache"), body: (await res.json()) as Answer };
}

/**
 * Reads /status, then the newest block of the (cached) list, `rounds` times while blocks commit.
 * `statusReads`: the head reads the /status requests made (the list's total reads it too).
 */
async function race(app: { url: string; checkpointReads(): number }, rounds: number, head?: ChainHead) {
  let older = 0;
  let hits = 0;
  let statusReads = 0;
  let statusHits = 0;
  let statusBehind = 0;
  const { url } = app;
  for (let i = 0; i < rounds; i++) {
    const reads = app.checkpointReads();
    const known = head?.known(CHAIN_ID);
    const status = await getJson(`${url}/status`);
    statusReads += app.checkpointReads() - reads;
    if (status.cache === "hit") statusHits++;
    // A cached /status is never behind the head the server knew when the request came.
    if (known !== undefined && status.body.height < Number(known)) statusBehind++;
    const page = await getJson(`${url}/indexer/block/v1/blocks?pagination.limit=1`);
    if (page.cache === "hit") hits++;
    if (Number(page.body.blocks[0]?.height) < status.body.height) older++;
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
  return { older, hits, statusReads, statusHits, statusBehind };
}

async function waitFor(check: () => Promise<boolean> | boolean, what: string, ms = 15_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A chain head following the database's commits, as `weft serve` keeps one. */
async function followedHead(): Promise<ChainHead> {
  const head = createChainHead();
  const listener: CommitListener = await followCommits({
    db: database().db,
    heads: singleChainHeads(head),
    logger: silentLogger,
    connectTimeoutMs: 2_000,
  });
  opened.push(listener);
  await waitFor(() => head.following, "the listener to follow");
  return head;
}

beforeAll(async () => {
  node = await startDevnetNode({
    chain: createChain({ seed: 7, chainId: CHAIN_ID, prefix: "init", vm: "move" }),
    initialBlocks: 3,
    blockIntervalMs: 60,
  });
  ingesting = runIngest({
    db: database().db,
    logger: silentLogger,
    rpcUrl: node.url,
    restUrl: node.url,
    prefix: "init",
    startHeight: 1n,
    concurrency: 4,
    signal: ingestion.signal,
  });
  const { pool } = database().db;
  await waitFor(async () => (await pool.query("SELECT 1 FROM ingest_checkpoint")).rowCount === 1, "a commit");
}, 60_000);

afterAll(async () => {
  for (const o of opened.reverse()) await o.close();
  ingestion.abort();
  await ingesting.catch(() => undefined);
  await node?.close();
});

describe("the chain head followed through LISTEN/NOTIFY", () => {
  it("no cached page is older than /status while blocks commit, and /status reads no checkpoint", async () => {
    const head = await followedHead();
    const app = await serve(head);
    const before = head.known(CHAIN_ID) ?? 0n;
    const { older, hits, statusReads, statusHits, statusBehind } = await race(app, 120, head);
    expect(older).toBe(0);
    // /status itself is cached between commits, and never behind a commit the server had seen.
    expect(statusHits).toBeGreaterThan(10);
    expect(statusBehind).toBe(0);
    // The cache did serve pages between commits (the law is not met by never caching).
    expect(hits).toBeGreaterThan(10);
    // Blocks committed all along (about one per 60 ms): the head moved many times.
    expect(Number((head.known(CHAIN_ID) ?? 0n) - before)).toBeGreaterThan(10);
    expect(statusReads).toBe(0);
  }, 60_000);

  it("control: the same requests with TTLs alone serve pages older than /status", async () => {
    const app = await serve(undefined);
    const { older, statusReads } = await race(app, 60);
    expect(older).toBeGreaterThan(0);
    expect(statusReads).toBe(60);
  }, 60_000);

  it("a cut LISTEN connection: /status reads the database and pages are not cached, until it is back", async () => {
    const head = await followedHead();
    const app = await serve(head);
    const { pool } = database().db;
    const cut = await pool.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()",
      [COMMIT_LISTENER_NAME],
    );
    expect(cut.rowCount).toBeGreaterThanOrEqual(1);
    await waitFor(() => !head.following, "the loss to be seen", 5_000);
    const reads = app.checkpointReads();
    const status = await getJson(`${app.url}/status`);
    const checkpoint = await pool.query<{ height: string }>("SELECT height FROM ingest_checkpoint");
    expect(status.body.height).toBeLessThanOrEqual(Number(checkpoint.rows[0]?.height));
    expect(app.checkpointReads()).toBe(reads + 1);
    const page = await getJson(`${app.url}/indexer/block/v1/blocks?pagination.limit=1`);
    expect(page.cache).toBeNull();
    // Back by itself: following again, pages cached again, nothing older than /status.
    await waitFor(() => head.following, "the listener to reconnect", 10_000);
    const again = await race(app, 30);
    expect(again.older).toBe(0);
    expect(again.hits).toBeGreaterThan(0);
  }, 60_000);
});
