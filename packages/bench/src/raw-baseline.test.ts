import { createChain, startDevnetNode } from "@weft/devnet";
import { createApp, type Database, loadSpecDocument, openDatabase, runIngest } from "@weft/server";
import { useInProcessServer } from "@weft/testkit/in-process-server";
import { useScratchDatabase } from "@weft/testkit/use-scratch-database";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRawBaseline } from "./raw-baseline.js";

const BLOCKS = 80;
const silent = pino({ level: "silent" });
const scratch = useScratchDatabase();
// A seeded EVM devnet chain, ingested by the real `runIngest` from the devnet's node in-process.
const chain = createChain({ seed: 3, vm: "evm" });
let db: Database;
beforeAll(async () => {
  db = await openDatabase({ url: scratch().url, dataDir: scratch().dataDir, logger: silent });
  const node = await startDevnetNode({ chain, initialBlocks: BLOCKS });
  try {
    await runIngest({
      db,
      logger: silent,
      rpcUrl: node.url,
      restUrl: node.url,
      jsonRpcUrl: node.url,
      prefix: "init",
      startHeight: 1n,
      concurrency: 8,
      stopAtHeight: BigInt(BLOCKS),
      signal: new AbortController().signal,
    });
  } finally {
    await node.close();
  }
}, 120_000);
afterAll(() => db?.close());
// The app as the server's tests build it: the committed spec, response validation on, no cache.
const weft = useInProcessServer(() =>
  createApp({
    db,
    logger: silent,
    spec: loadSpecDocument(),
    validateResponses: true,
    cacheTtlMs: { list: 0, item: 0 },
    chain: { chainId: chain.chainId, prefix: "init", vmType: "evm" },
  }).listen(0, "127.0.0.1"),
);
let baseline: Awaited<ReturnType<typeof startRawBaseline>>;
beforeAll(async () => {
  baseline = await startRawBaseline({ databaseUrl: db.url, vmType: "evm" });
});
afterAll(() => baseline?.close());

const body = async (base: string, path: string) => {
  const res = await fetch(`${base}${path}`);
  return { status: res.status, text: await res.text() };
};

/** Both servers' bodies for `path` and the next two pages after it (small pages, so keys are used). */
async function compareWalk(path: string): Promise<number> {
  let key: string | null = null;
  let pages = 0;
  for (; pages < 3; pages++) {
    const sep = path.includes("?") ? "&" : "?";
    const url: string = `${path}${sep}pagination.limit=3&pagination.count_total=false${key ? `&pagination.key=${encodeURIComponent(key)}` : ""}`;
    const [w, b]: { status: number; text: string }[] = await Promise.all([
      body(weft(), url),
      body(baseline.url, url),
    ]);
    expect(w?.status).toBe(200);
    expect(b?.text).toBe(w?.text);
    key = (JSON.parse(w?.text ?? "{}") as { pagination: { next_key: string | null } }).pagination.next_key;
    if (!key) break;
  }
  return pages;
}

describe("raw baseline", () => {
  it("answers every benchmarked list with Weft's bytes, page after page", async () => {
    const user = chain.evmAccounts[0]?.address ?? "";
    const { text } = await body(weft(), `/indexer/nft/v1/tokens/by_account/${user}`);
    expect(JSON.parse(text).tokens.length).toBeGreaterThan(0);
    const denom = `0x${"0".repeat(40)}`;
    const lists = [
      "/indexer/block/v1/blocks",
      "/indexer/tx/v1/txs",
      "/indexer/tx/v1/txs?msgs=minievm.evm.v1.MsgCall",
      `/indexer/tx/v1/txs/by_account/${user}`,
      `/indexer/tx/v1/evm-txs/by_account/${user}`,
      `/indexer/nft/v1/tokens/by_account/${user}`,
    ];
    for (const path of lists) expect(await compareWalk(path), path).toBeGreaterThanOrEqual(1);
    // The rich list of the devnet's ERC-20 (and an empty one), page after page.
    const token = (await body(weft(), "/indexer/tx/v1/evm-txs?pagination.limit=50")).text.match(
      /"address":"(0x[0-9a-f]{40})","topics":\["0xddf252ad/,
    )?.[1];
    expect(token).toBeDefined();
    expect(await compareWalk(`/indexer/richlist/v1/${token}`)).toBeGreaterThanOrEqual(1);
    expect(await compareWalk(`/indexer/richlist/v1/${denom}`)).toBe(0);
  });

  it("answers a tx by hash with Weft's bytes", async () => {
    const hash = chain.truth(BLOCKS - 1)[0]?.hash ?? chain.truth(BLOCKS)[0]?.hash;
    const [w, b] = await Promise.all([
      body(weft(), `/indexer/tx/v1/txs/${hash}`),
      body(baseline.url, `/indexer/tx/v1/txs/${hash}`),
    ]);
    expect(w.status).toBe(200);
    expect(b).toEqual(w);
  });
});
