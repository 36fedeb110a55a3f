/**
 * `router.follow-transfer` against a real transfer: a funded wallet on the local interchain sends a
 * one-hop IBC transfer through Weft's own route and msgs, and the law follows it to its end, given
 * the hash or finding the tx on the indexer. A proxy that freezes the transfer's status (a cache in
 * front of the router keeping the first answer) must fail exactly that law, so it cannot pass without
 * following anything; the passing runs go through the same proxy with the fault off. Blocks are produced, and the tracker ticked, each time the law reads the
 * transfer's status: every run is exact on a busy machine, with no block interval to race.
 */

import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createWallet, type Interchain, L1_CHAIN_ID, startInterchain, type Wallet } from "@weft/devnet";
import {
  createApp,
  createChainReader,
  createHttpJson,
  createLogger,
  createTracker,
  type Database,
  listen,
  loadRegistry,
  loadSpecDocument,
  openDatabase,
  type RunningServer,
  runIngest,
  type Tracker,
} from "@weft/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRANSFER_MSG_TYPES } from "./checks/router-tracking.js";
import { runConformance } from "./run-conformance.js";
import type { ConformanceReport } from "./types.js";

const LAW = "router.follow-transfer";
const INIT_ON_WASM = "ibc/37A3FB4FED4CA04ED6D9E5DA36C6D27248645F0E22F585576A1488B8A89C5A50";
const logger = createLogger("silent");

// biome-ignore lint/suspicious/noExplicitAny: wire bodies are read by key.
type Json = any;

let net: Interchain;
let alice: Wallet;
let dataDir: string;
let db: Database;
let tracker: Tracker;
let weft: RunningServer;
const ingestion = new AbortController();
let ingesting: Promise<unknown> = Promise.resolve();
let proxy: StatusProxy;

beforeAll(async () => {
  alice = await createWallet("alice");
  dataDir = await mkdtemp(join(tmpdir(), "weft-follow-transfer-"));
  [net, db] = await Promise.all([
    startInterchain({ genesis: { [L1_CHAIN_ID]: { [alice.key.bech32("init")]: { uinit: 100_000_000n } } } }),
    openDatabase({ dataDir, logger }),
  ]);
  net.produce(3);
  const l1 = net.chains.get(L1_CHAIN_ID)?.node;
  if (!l1) throw new Error("the interchain has no L1");
  ingesting = runIngest({
    db,
    logger,
    rpcUrl: l1.url,
    restUrl: l1.url,
    chainId: L1_CHAIN_ID,
    prefix: "init",
    startHeight: 1n,
    concurrency: 4,
    signal: ingestion.signal,
  }).catch(() => undefined);
  const registry = loadRegistry("devnet", { endpoints: net.urls });
  tracker = createTracker({
    pool: db.pool,
    registry,
    reader: createChainReader(registry, createHttpJson({ timeoutMs: 2_000, retries: 1 })),
    logger,
    recheckMs: 0,
    movedRecheckMs: 0,
  });
  weft = await listen({
    app: createApp({
      db,
      logger,
      spec: loadSpecDocument(),
      cacheTtlMs: { list: 0, item: 0 },
      chain: { chainId: L1_CHAIN_ID, prefix: "init", vmType: "move", restUrl: l1.url },
      router: { registry },
    }),
    host: "127.0.0.1",
    port: 0,
    logger,
    shutdownTimeoutMs: 1_000,
  });
  proxy = await startStatusProxy(weft.url);
}, 60_000);

afterAll(async () => {
  await proxy?.close();
  await weft?.stop();
  await tracker?.stop();
  ingestion.abort();
  await ingesting;
  await db?.close();
  await net?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const getJson = async (url: string): Promise<Json> => (await fetch(url)).json();

async function post(path: string, body: unknown): Promise<Json> {
  const res = await fetch(`${weft.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** Routes, builds the msgs and broadcasts a one-hop IBC transfer of uinit from the L1 to the wasm rollup. */
async function sendTransfer(amount: string): Promise<string> {
  const route = await post("/v2/fungible/route", {
    source_asset_chain_id: L1_CHAIN_ID,
    source_asset_denom: "uinit",
    dest_asset_chain_id: "weft-wasm-1",
    dest_asset_denom: INIT_ON_WASM,
    amount_in: amount,
  });
  // The msgs request echoes the route, as a client builds it.
  const echoed = [
    "source_asset_denom",
    "source_asset_chain_id",
    "dest_asset_denom",
    "dest_asset_chain_id",
    "amount_in",
    "amount_out",
    "operations",
  ];
  const msgs = await post("/v2/fungible/msgs", {
    ...Object.fromEntries(echoed.map((k) => [k, route[k]])),
    address_list: route.required_chain_addresses.map(() => alice.key.bech32("init")),
  });
  const tx = msgs.txs[0].cosmos_tx;
  expect(tx.msgs.map((m: Json) => m.msg_type_url)).toEqual([`/${TRANSFER_MSG_TYPES[0]}`]);
  const rest = net.urls[tx.chain_id] ?? "";
  const result = await alice.broadcast(rest, await alice.sign(tx.chain_id, rest, tx.signer_address, tx.msgs));
  if (result.code !== 0) throw new Error(`broadcast failed: ${result.raw_log}`);
  return result.txhash;
}

let driving: Promise<unknown> = Promise.resolve();
/**
 * The suite's fetch: before each read of `hash`'s status, one block on every chain and a tracker
 * pass (serialised), as a live interchain and tracker would move between two polls.
 */
function drivingFetch(hash: string): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const asked = url.searchParams.get("tx_hash")?.replace(/^0x/i, "").toUpperCase();
    if (url.pathname.endsWith("/v2/tx/status") && asked === hash.toUpperCase()) {
      driving = driving.then(async () => {
        net.produce(1);
        await tracker.tick();
      });
      await driving;
    }
    return fetch(input, init);
  };
}

function run(url: string, hash: string, tracking: { trackTx?: boolean; timeoutMs: number }) {
  return runConformance({
    indexerUrl: url,
    routerUrl: url,
    profile: "strict",
    only: "router",
    fetch: drivingFetch(hash),
    tracking: {
      ...(tracking.trackTx ? { trackTx: { txHash: hash, chainId: L1_CHAIN_ID } } : {}),
      timeoutMs: tracking.timeoutMs,
      pollMs: 50,
    },
  });
}

const lawOf = (report: ConformanceReport) => report.results.find((r) => r.id === LAW);
const failed = (report: ConformanceReport) =>
  report.results.filter((r) => r.status === "fail").map((r) => `${r.id}: ${r.reason}`);

describe("router.follow-transfer against a real transfer on the local interchain", () => {
  let given: ConformanceReport;

  it("follows a given transfer (--track-tx) to STATE_COMPLETED through every state", async () => {
    const hash = await sendTransfer("1000000");
    given = await run(proxy.url, hash, { trackTx: true, timeoutMs: 30_000 });
    expect(failed(given)).toEqual([]);
    expect(lawOf(given)).toMatchObject({ status: "pass" });
    // The states it saw, in order: the transfer was followed, not found finished.
    expect(lawOf(given)?.reason).toMatch(
      new RegExp(
        `^${hash} on ${L1_CHAIN_ID}: (STATE_SUBMITTED -> )?STATE_PENDING -> STATE_COMPLETED_SUCCESS$`,
      ),
    );
    const status = await getJson(`${weft.url}/v2/tx/status?chain_id=${L1_CHAIN_ID}&tx_hash=${hash}`);
    expect(status.transfer_sequence[0].ibc_transfer.state).toBe("TRANSFER_SUCCESS");
  }, 40_000);

  it("finds the newest transfer on the indexer by its msgs and follows it (no --track-tx)", async () => {
    const hash = await sendTransfer("2000");
    net.produce(1);
    const l1 = net.chains.get(L1_CHAIN_ID)?.node;
    // Wait until ingestion has the tx, as the law looks for it on the indexer.
    for (let i = 0; ; i++) {
      const listed = await getJson(
        `${weft.url}/indexer/tx/v1/txs?msgs=${TRANSFER_MSG_TYPES[0]}&pagination.limit=10`,
      );
      if (listed.txs?.some((t: Json) => t.txhash === hash)) break;
      if (i > 150) throw new Error(`ingestion did not reach ${hash} (head ${l1?.head})`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const report = await run(proxy.url, hash, { timeoutMs: 30_000 });
    expect(failed(report)).toEqual([]);
    expect(lawOf(report)).toMatchObject({ status: "pass" });
    expect(lawOf(report)?.reason).toMatch(
      new RegExp(`^${hash} on ${L1_CHAIN_ID}: .*STATE_COMPLETED_SUCCESS$`),
    );
  }, 40_000);

  it("fails exactly router.follow-transfer behind a cache that keeps the first status of a transfer", async () => {
    const hash = await sendTransfer("3000");
    proxy.freezeStatus = true;
    try {
      const report = await run(proxy.url, hash, { trackTx: true, timeoutMs: 2_000 });
      // Frozen at the first answer the cache kept (submitted or pending, as far as the tracker had got).
      const [only, ...more] = failed(report);
      expect(more).toEqual([]);
      expect(only).toMatch(
        new RegExp(
          `^${LAW}: ${hash} on ${L1_CHAIN_ID} did not reach a terminal status within 2000 ms \\((STATE_SUBMITTED|STATE_PENDING)\\)$`,
        ),
      );
      // The same set of laws passes or skips as through the transparent proxy: only the law that follows broke.
      // router.nft is left out: it skips until the indexer has ingested an NFT, which the blocks
      // produced between the two runs may change.
      const verdicts = (r: ConformanceReport) =>
        r.results.filter((x) => x.id !== LAW && x.id !== "router.nft").map((x) => `${x.id} ${x.status}`);
      expect(verdicts(report)).toEqual(verdicts(given));
    } finally {
      proxy.freezeStatus = false;
    }
    // Behind the cache the transfer did complete: the fault is what the law caught.
    const status = await getJson(`${weft.url}/v2/tx/status?chain_id=${L1_CHAIN_ID}&tx_hash=${hash}`);
    expect(status.status).toBe("STATE_COMPLETED");
  }, 40_000);
});

interface StatusProxy {
  url: string;
  /** Answer every later read of a transfer's status with its first answer, as a misconfigured cache does. */
  freezeStatus: boolean;
  close(): Promise<void>;
}

/** Headers of one connection, not of the message (fetch decodes the body, so its encoding and length go too). */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
  "host",
  "accept-encoding",
]);

/** A transparent HTTP proxy (methods, bodies, status and content type) with one fault to switch on. */
async function startStatusProxy(upstream: string): Promise<StatusProxy> {
  const cache = new Map<string, { status: number; headers: Record<string, string>; body: Buffer }>();
  const state: StatusProxy = { url: "", freezeStatus: false, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      try {
        const path = req.url ?? "/";
        const key = path.startsWith("/v2/tx/status?") ? path : undefined;
        let reply = state.freezeStatus && key ? cache.get(key) : undefined;
        if (!reply) {
          const method = req.method ?? "GET";
          const r = await fetch(`${upstream}${path}`, {
            method,
            headers: Object.fromEntries(
              Object.entries(req.headers).filter(
                (e): e is [string, string] => typeof e[1] === "string" && !HOP_BY_HOP.has(e[0]),
              ),
            ),
            ...(method === "GET" || method === "HEAD" ? {} : { body: Buffer.concat(chunks) }),
          });
          const headers: Record<string, string> = {};
          r.headers.forEach((v, k) => {
            if (!HOP_BY_HOP.has(k)) headers[k] = v;
          });
          reply = { status: r.status, headers, body: Buffer.from(await r.arrayBuffer()) };
          if (state.freezeStatus && key && r.status === 200) cache.set(key, reply);
        }
        res.writeHead(reply.status, reply.headers);
        res.end(reply.body);
      } catch (err) {
        res.writeHead(502, { "content-type": "text/plain" });
        res.end(`proxy: ${String(err)}`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
