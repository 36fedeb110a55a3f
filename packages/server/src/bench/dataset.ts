#!/usr/bin/env node
/**
 * Builds an indexed dataset on real Postgres for load tests and benchmarks: a seeded devnet (its own
 * process) with dense blocks, ingested by the real `weft ingest` path until it holds at least --txs
 * txs. Prints progress while it runs and, at the end, the database URL and the commands that load it.
 *
 *   node packages/server/dist/bench/dataset.js --txs 100000 [--database-url URL] [--max-txs-per-block 40]
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { parseArgs } from "node:util";
import { pino } from "pino";
import { openDatabase } from "../db/database.js";
import { runIngest } from "../ingest/run-ingest.js";
import { createScratchDatabase, DEFAULT_ADMIN_URL } from "./scratch-database.js";

const { values } = parseArgs({
  // `pnpm bench:x -- --flag` passes the `--` through.
  args: process.argv.slice(2).filter((a) => a !== "--"),
  options: {
    txs: { type: "string", default: "100000" },
    "max-txs-per-block": { type: "string", default: "40" },
    "database-url": { type: "string" },
    "admin-url": { type: "string", default: DEFAULT_ADMIN_URL },
    concurrency: { type: "string", default: "16" },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  process.stdout.write(
    "usage: dataset [--txs N] [--max-txs-per-block N] [--database-url URL | --admin-url URL] [--concurrency N]\n",
  );
  process.exit(0);
}
const target = Number(values.txs);
const perBlock = Number(values["max-txs-per-block"]);
// The devnet draws 0..perBlock txs per block uniformly: perBlock / 2 on average, plus a margin.
const blocks = Math.ceil((target / (perBlock / 2)) * 1.05);
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
  prefix: "init",
  startHeight: 1n,
  concurrency: Number(values.concurrency),
  signal: new AbortController().signal,
  stopAtHeight: BigInt(blocks),
});
clearInterval(progress);
const seconds = (performance.now() - started) / 1000;
// A backfill outruns autoanalyze: fresh statistics keep the planner's estimates honest for the load tests.
await db.pool.query("ANALYZE");
const { rows } = await db.pool.query<{ n: string }>("SELECT count(*)::text AS n FROM tx");
await db.close();
devnet.kill("SIGTERM");
const txs = Number(rows[0]?.n ?? 0);
process.stdout.write(
  `${JSON.stringify({ database_url: url, blocks, txs, seconds: Math.round(seconds), txs_per_s: Math.round(txs / seconds) })}\n`,
);
process.stderr.write(
  `\ndataset ready: ${txs} txs in ${blocks} blocks, built in ${seconds.toFixed(0)} s (${Math.round(txs / seconds)} txs/s)\n` +
    `  serve it:      DATABASE_URL=${url} node packages/server/dist/cli.js serve\n` +
    `  load it:       node packages/loadtest/dist/runner/cli.js --base-url http://127.0.0.1:8080 --duration 30\n`,
);
