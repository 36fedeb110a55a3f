#!/usr/bin/env node
/**
 * Builds an indexed dataset on real Postgres for load tests and benchmarks: a seeded devnet (its own
 * process) with dense blocks, ingested by the real `weft ingest` path until it holds at least --txs
 * txs. Prints progress while it runs and, at the end, the database URL and the commands that load it.
 *
 *   node packages/bench/dist/dataset.js --txs 100000 [--database-url URL] [--max-txs-per-block 40]
 *     [--vm evm --max-evm-txs-per-block 16 --evm-nft-mint-share 0.7 --evm-erc20-transfer-share 0.3] [--fresh-recipient-share 1]
 *     [--json FILE]
 * An EVM chain's txs count its EVM txs too (each is a Cosmos tx carrying a MsgCall); the density
 * flags give the benchmarks lists deeper than 10 000 records in one account and one denom.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { openDatabase, runIngest } from "@weft/server";
import { INGEST_CONCURRENCY } from "@weft/server/internal";
import { createScratchDatabase, DEFAULT_ADMIN_URL } from "@weft/testkit/bench-database";
import { pino } from "pino";
import { parseBenchArgs } from "./bench-args.js";
import { JSON_OPTION, writeBenchJson } from "./bench-json.js";

const values = parseBenchArgs(
  "usage: dataset [--txs N] [--max-txs-per-block N] [--database-url URL | --admin-url URL] [--concurrency N]\n" +
    "         [--vm move|evm] [--max-evm-txs-per-block N] [--fresh-recipient-share 0..1] [--evm-nft-mint-share 0..1]\n" +
    "         [--evm-erc20-transfer-share 0..1] [--writes-in-flight N] [--json FILE]\n" +
    "A seeded devnet chain of about --txs txs ingested into a fresh database (or --database-url) by weft ingest.",
  {
    txs: { type: "string", default: "100000" },
    "max-txs-per-block": { type: "string", default: "40" },
    vm: { type: "string", default: "move" },
    "max-evm-txs-per-block": { type: "string", default: "16" },
    "fresh-recipient-share": { type: "string", default: "0" },
    "evm-nft-mint-share": { type: "string", default: "0" },
    "evm-erc20-transfer-share": { type: "string", default: "0" },
    "database-url": { type: "string" },
    "admin-url": { type: "string", default: DEFAULT_ADMIN_URL },
    concurrency: { type: "string", default: String(INGEST_CONCURRENCY) },
    // weft ingest's INGEST_WRITES_IN_FLIGHT; unset, its default.
    "writes-in-flight": { type: "string" },
    ...JSON_OPTION,
  },
);
const target = Number(values.txs);
const evm = values.vm === "evm";
const perBlock = Number(values["max-txs-per-block"]);
const evmPerBlock = evm ? Number(values["max-evm-txs-per-block"]) : 0;
// The devnet draws 0..perBlock txs (and 0..evmPerBlock EVM txs) per block uniformly: half of each
// on average, plus a margin.
const blocks = Math.ceil((target / ((perBlock + evmPerBlock) / 2)) * 1.05);
const logger = pino({ level: "warn" });

const url = values["database-url"] ?? (await createScratchDatabase(values["admin-url"], "dataset")).url;
const devnetCli = createRequire(import.meta.url)
  .resolve("@weft/devnet")
  .replace(/index\.js$/, "cli.js");
const devnet: ChildProcess = spawn(
  process.execPath,
  [
    devnetCli,
    "--port",
    "0",
    "--initial-blocks",
    String(blocks),
    "--block-interval-ms",
    "0",
    "--max-txs-per-block",
    String(perBlock),
    "--vm",
    evm ? "evm" : "move",
    "--max-evm-txs-per-block",
    String(evmPerBlock),
    "--fresh-recipient-share",
    String(values["fresh-recipient-share"]),
    "--evm-nft-mint-share",
    String(values["evm-nft-mint-share"]),
    "--evm-erc20-transfer-share",
    String(values["evm-erc20-transfer-share"]),
  ],
  { stdio: ["ignore", "ignore", "pipe"] },
);
const nodeUrl = await new Promise<string>((resolve, reject) => {
  let seen = "";
  devnet.stderr?.on("data", (c: Buffer) => {
    seen += c.toString();
    const m = / on (http:\/\/\S+)/.exec(seen);
    if (m?.[1]) resolve(m[1]);
  });
  devnet.once("exit", (code) => reject(new Error(`devnet exited (${code}): ${seen}`)));
});

const db = await openDatabase({ url, dataDir: "", logger });
const started = performance.now();
const progress = setInterval(async () => {
  const { rows } = await db.pool.query<{ h: string | null; n: string | null }>(
    "SELECT max(height)::text AS h, max(sequence)::text AS n FROM tx",
  );
  const s = (performance.now() - started) / 1000;
  process.stderr.write(
    `dataset: height ${rows[0]?.h ?? 0}/${blocks}, ${rows[0]?.n ?? 0} txs, ${s.toFixed(0)} s\n`,
  );
}, 5_000);
await runIngest({
  db,
  logger,
  rpcUrl: nodeUrl,
  restUrl: nodeUrl,
  // The devnet serves EVM JSON-RPC on the same port as CometBFT RPC and REST.
  jsonRpcUrl: evm ? nodeUrl : undefined,
  prefix: "init",
  startHeight: 1n,
  concurrency: Number(values.concurrency),
  writesInFlight: values["writes-in-flight"] === undefined ? undefined : Number(values["writes-in-flight"]),
  signal: new AbortController().signal,
  stopAtHeight: BigInt(blocks),
});
clearInterval(progress);
const seconds = (performance.now() - started) / 1000;
// A backfill outruns autoanalyze: fresh statistics keep the planner's estimates honest for the load tests.
// VACUUM too: it sets the visibility map, without which index-only scans (counts, rich list pages)
// fetch every heap row until autovacuum gets there.
await db.pool.query("VACUUM ANALYZE");
const { rows } = await db.pool.query<{ n: string }>("SELECT count(*)::text AS n FROM tx");
await db.close();
devnet.kill("SIGTERM");
const txs = Number(rows[0]?.n ?? 0);
const summary = {
  database_url: url,
  vm: evm ? "evm" : "move",
  blocks,
  txs,
  seconds: Math.round(seconds),
  txs_per_s: Math.round(txs / seconds),
};
process.stdout.write(`${JSON.stringify(summary)}\n`);
const { "database-url": _given, "admin-url": _admin, json, help: _help, ...settings } = values;
writeBenchJson(json, "dataset", settings, summary);
process.stderr.write(
  `\ndataset ready: ${txs} txs in ${blocks} blocks, built in ${seconds.toFixed(0)} s (${Math.round(txs / seconds)} txs/s)\n` +
    `  serve it:      DATABASE_URL=${url}${evm ? " VM_TYPE=evm" : ""} node packages/server/dist/cli.js serve\n` +
    `  load it:       node packages/loadtest/dist/runner/cli.js --base-url http://127.0.0.1:8080 --duration 30\n`,
);
