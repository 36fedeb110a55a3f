/**
 * A node behind the index, or serving another chain than the one indexed: `weft ingest` says so
 * (a warning naming both heights, at once and again while it waits) or stops with a clear error;
 * it never waits in silence or mixes two chains in one index.
 */
import { spawn } from "node:child_process";
import { createChain, type DevnetNode, startDevnetNode } from "@weft/devnet";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { ingestDevnet } from "../_test/devnet-ingest.js";
import { CLI_PATH } from "../_test/spawn-weft.js";
import {
  createScratchDatabase,
  openTestDatabase,
  realPostgresAvailable,
  silentLogger,
} from "../_test/test-database.js";
import { openDatabase } from "../db/database.js";
import { runIngest } from "./run-ingest.js";

const CHAIN_ID = "weft-reset-1";
const chain = (seed: number) => createChain({ seed, chainId: CHAIN_ID, prefix: "init" });
const hashOf = (seed: number, height: number) => chain(seed).block(height).block.block_id.hash;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function node(seed: number, blocks: number): Promise<DevnetNode> {
  const n = await startDevnetNode({ chain: chain(seed), initialBlocks: blocks });
  cleanups.push(() => n.close());
  return n;
}

/** A database holding blocks 1..`height` of the seed-1 chain. */
async function indexedTo(height: number) {
  const test = await openTestDatabase();
  cleanups.push(() => test.dispose());
  const first = await node(1, height);
  await ingestDevnet({ db: test.db, url: first.url, stopAt: height });
  await first.close();
  return test.db;
}

/** A logger whose lines land in `lines`. */
function capture() {
  const lines: { level: number; msg: string; [k: string]: unknown }[] = [];
  const logger = pino({ level: "info" }, { write: (l: string) => lines.push(JSON.parse(l)) });
  return { lines, logger };
}

async function until(what: string, ok: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

function ingest(
  db: Awaited<ReturnType<typeof indexedTo>>,
  url: string,
  more: Partial<Parameters<typeof runIngest>[0]>,
) {
  const controller = new AbortController();
  cleanups.push(async () => controller.abort());
  return runIngest({
    db,
    logger: silentLogger,
    rpcUrl: url,
    restUrl: url,
    prefix: "init",
    startHeight: 1n,
    concurrency: 8,
    signal: controller.signal,
    ...more,
  });
}

describe("weft ingest against a node behind the index or on another chain", () => {
  it("warns at once, naming both heights, and again while the node is behind; then goes on", async () => {
    const db = await indexedTo(30);
    const behind = await node(1, 10);
    const { lines, logger } = capture();
    const done = ingest(db, behind.url, { logger, behindWarnIntervalMs: 200, stopAtHeight: 40n });
    const warnings = () => lines.filter((l) => l.level === 40);
    await until("a warning", () => warnings().length >= 1, 3_000);
    expect(warnings()[0]).toMatchObject({
      chain_id: CHAIN_ID,
      node_height: 10,
      checkpoint: 30,
      msg: "the node's latest height 10 is below the indexed height 30; waiting for the node to catch up",
    });
    await until("a second warning", () => warnings().length >= 2, 3_000);
    behind.produceBlocks(30);
    expect(await done).toBe(40n);
    expect(lines.some((l) => l.msg === "the node has caught up")).toBe(true);
  }, 60_000);

  it("stops with an error naming the node, the height and both hashes when the chain was reset", async () => {
    const db = await indexedTo(30);
    const other = await node(2, 50);
    await expect(ingest(db, other.url, { stopAtHeight: 50n })).rejects.toThrow(
      `the chain at ${other.url} is not the one indexed: the hashes of block 30 differ ` +
        `(indexed ${hashOf(1, 30)}, node ${hashOf(2, 30)}), so the node was reset or serves another network; ` +
        "index it into a new database (another DATABASE_URL, or a new WEFT_DATA_DIR for the embedded one)",
    );
    const { rows } = await db.pool.query("SELECT height FROM ingest_checkpoint");
    expect(rows).toEqual([{ height: "30" }]);
  }, 60_000);

  it("a reset node still below the index is reported at once, not waited for", async () => {
    const db = await indexedTo(30);
    const fresh = await node(2, 5);
    const outcome = await Promise.race([
      ingest(db, fresh.url, {}).then(
        () => "finished",
        (err: Error) => err.message,
      ),
      new Promise((r) => setTimeout(() => r("still waiting after 5 s"), 5_000)),
    ]);
    expect(outcome).toBe(
      `the chain at ${fresh.url} is not the one indexed: the hashes of block 5 differ ` +
        `(indexed ${hashOf(1, 5)}, node ${hashOf(2, 5)}), so the node was reset or serves another network; ` +
        "index it into a new database (another DATABASE_URL, or a new WEFT_DATA_DIR for the embedded one)",
    );
  }, 60_000);

  it("the CLI prints that error as one line and exits 1", async () => {
    if (!(await realPostgresAvailable())) {
      expect(process.env.CI).not.toBe("true");
      return;
    }
    const scratch = await createScratchDatabase();
    cleanups.push(() => scratch.drop());
    const db = await openDatabase({ url: scratch.url, dataDir: "", logger: silentLogger });
    try {
      const first = await node(1, 20);
      await ingestDevnet({ db, url: first.url, stopAt: 20 });
    } finally {
      await db.close();
    }
    const other = await node(2, 25);
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [CLI_PATH, "ingest"], {
        env: {
          ...process.env,
          DATABASE_URL: scratch.url,
          RPC_URL: other.url,
          REST_URL: undefined,
          LOG_LEVEL: "warn",
        },
        stdio: ["ignore", "ignore", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (c: Buffer) => {
        stderr += c.toString();
      });
      const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
      child.on("exit", (code) => {
        clearTimeout(timer);
        resolve({ code, stderr });
      });
    });
    expect(result).toEqual({
      code: 1,
      stderr:
        `weft: the chain at ${other.url} is not the one indexed: the hashes of block 20 differ ` +
        `(indexed ${hashOf(1, 20)}, node ${hashOf(2, 20)}), so the node was reset or serves another network; ` +
        "index it into a new database (another DATABASE_URL, or a new WEFT_DATA_DIR for the embedded one)\n",
    });
  }, 60_000);
});
