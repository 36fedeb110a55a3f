#!/usr/bin/env node
// Runs every benchmark in sequence (`pnpm bench:all`, which builds first), each writing its JSON into
// packages/bench/results/<UTC date-time>/ (its printed table beside it as <step>.txt), then draws the
// charts from that folder into packages/bench/charts/ (a --quick run's, a smoke check's numbers, into
// its results folder instead, leaving the published charts alone). A failing step does not stop the
// others; it is reported at the end and the exit code is 1. Never part of .ci/run: the full run takes tens of minutes.
//
//   node packages/bench/scripts/bench-all.mjs [--quick] [--only NAME,...] [--dry-run] [--keep-dataset]
//     [--reference-url URL --weft-url URL]     (or BENCH_REFERENCE_URL / BENCH_WEFT_URL)
//
// Default sizes (bounded: an estimated 15-20 minutes on a quiet 2-core machine; --quick, about 5
// minutes, in brackets):
//   ingest      10 000 devnet blocks, one txn per block and up to 64 per txn, then the bulk insert [1 000]
//   route       60-chain registry, 5 000 requests [500]
//   balances    20 denoms, 2 000 requests [200]
//   tracking    1 000 transfers, 100 req/s for 20 s, a block every 3 s [50 transfers, 5 s, 0.5 s blocks]
//   outage      10 s refused, 10 s black-holed, 4 loops [3 s each]
//   validation  request validation: Weft vs express-openapi-validator, 3 rounds of 4 s [1 round of 1 s]
//   dataset     200 000 txs, dense EVM chain (lists deeper than 10 000) [5 000 txs]
//   deep-pages  first page vs 10 000 deep, Weft vs the raw baseline, 3 alternated rounds of 5 s each, medians
//               [1 000 deep, 1 round of 1 s]
//   many-chains 1, 5 and 20 devnet chains of 400 blocks, one deployment vs separate ones: memory,
//               connections, ingest rate per chain, one chain's read p99 while another backfills, 5 s
//               windows [1 and 5 chains of 100 blocks, 2 s windows]
//   reference   Weft vs the reference indexer (weft-loadtest compare), only with both URLs given:
//               two deployments indexing the same chain, started by you [2 s, 1 round]
// The dataset's database is dropped at the end unless --keep-dataset.
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

/** This package (packages/bench); commands are run from, and shown relative to, the repository root. */
const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const root = path.resolve(pkg, "../..");
const USAGE =
  "usage: bench-all [--quick] [--only NAME,...] [--dry-run] [--keep-dataset] [--results-root DIR]\n" +
  "                 [--charts DIR] [--reference-url URL --weft-url URL]";

const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== "--"),
  options: {
    quick: { type: "boolean", default: false },
    only: { type: "string" },
    "dry-run": { type: "boolean", default: false },
    "keep-dataset": { type: "boolean", default: false },
    "results-root": { type: "string", default: path.join(pkg, "results") },
    charts: { type: "string" },
    "reference-url": { type: "string", default: process.env.BENCH_REFERENCE_URL },
    "weft-url": { type: "string", default: process.env.BENCH_WEFT_URL },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const quick = values.quick;
// 2026-11-25T06:30:00Z -> 2026-11-25T06-30-00Z: sorts by time and is a valid folder name everywhere.
const stamp = new Date()
  .toISOString()
  .replace(/\.\d+Z$/, "Z")
  .replaceAll(":", "-");
const results = path.join(values["results-root"], stamp);
const out = (name) => path.join(results, name);
const charts = values.charts ?? (quick ? out("charts") : path.join(pkg, "charts"));
const bench = (file) => path.join(pkg, "dist", file);
// What the README's ingest and dev commands run with: a larger young generation (see README,
// "Operating it"); the benches that ingest in their own process measure the ingest as shipped.
const INGEST_NODE_FLAGS = ["--max-semi-space-size=64"];
const loadtest = (file) => path.join(root, "packages/loadtest/dist", file);
const size = (full, small) => String(quick ? small : full);

/** Reads the dataset step's JSON for the deep-pages step; undefined when that step did not succeed. */
function datasetUrl() {
  try {
    return JSON.parse(readFileSync(out("dataset.json"), "utf8")).result.database_url;
  } catch {
    return undefined;
  }
}

const steps = [
  {
    name: "ingest",
    args: [...INGEST_NODE_FLAGS, bench("ingest-bench.js"), "--blocks", size(10_000, 1_000)],
    json: "ingest.json",
  },
  {
    name: "route",
    args: [bench("route-bench.js"), "--chains", "60", "--requests", size(5_000, 500)],
    json: "route.json",
  },
  {
    name: "balances",
    args: [bench("balances-bench.js"), "--denoms", "20", "--requests", size(2_000, 200)],
    json: "balances.json",
  },
  {
    name: "tracking",
    args: [
      bench("tracking-bench.js"),
      ...["--transfers", size(1_000, 50), "--rate", "100", "--seconds", size(20, 5)],
      ...["--block-ms", size(3_000, 500)],
    ],
    json: "tracking.json",
  },
  {
    name: "outage",
    args: [bench("outage-bench.js"), "--outage-seconds", size(10, 3)],
    json: "outage.json",
  },
  {
    name: "validation",
    args: [bench("validation-bench.js"), "--duration", size(4, 1), "--rounds", size(3, 1)],
    json: "validation.json",
  },
  {
    name: "dataset",
    args: [
      ...INGEST_NODE_FLAGS,
      bench("dataset.js"),
      ...["--txs", size(200_000, 5_000), "--vm", "evm", "--max-txs-per-block", "80"],
      ...[
        "--max-evm-txs-per-block",
        "12",
        "--evm-nft-mint-share",
        "0.8",
        "--evm-erc20-transfer-share",
        "0.2",
      ],
      ...["--fresh-recipient-share", "1"],
    ],
    json: "dataset.json",
  },
  {
    name: "deep-pages",
    args: [
      bench("deep-vs-baseline.js"),
      ...["--duration", size(5, 1), "--depth", size(10_000, 1_000), "--rounds", size(3, 1)],
    ],
    json: "deep-vs-baseline.json",
    // The dataset step's database, known only once it ran.
    env: () => {
      const url = datasetUrl();
      if (!url) throw new Error("needs the dataset step's database (dataset.json): run it first");
      return { DATABASE_URL: url };
    },
  },
  {
    name: "many-chains",
    args: [
      bench("many-chains-bench.js"),
      ...["--chains", size("1,5,20", "1,5"), "--blocks", size(400, 100), "--duration", size(5, 2)],
    ],
    json: "many-chains.json",
  },
  {
    name: "reference",
    args: [
      loadtest("runner/cli.js"),
      "compare",
      ...["--a", values["weft-url"] ?? "<weft-url>", "--b", values["reference-url"] ?? "<reference-url>"],
      ...["--names", "weft,reference", "--duration", size(10, 2), "--rounds", size(3, 1)],
    ],
    json: "reference.json",
    skip:
      values["reference-url"] && values["weft-url"]
        ? undefined
        : "needs --reference-url and --weft-url (or BENCH_REFERENCE_URL and BENCH_WEFT_URL): " +
          "Weft and the reference indexer serving the same chain",
  },
  {
    name: "charts",
    args: [bench("charts/cli.js"), "--results", results, "--out", charts],
  },
].map((s) => ({ ...s, args: s.json ? [...s.args, "--json", out(s.json)] : s.args }));

const only = values.only
  ?.split(",")
  .map((n) => n.trim())
  .filter(Boolean);
const unknown = only?.filter((n) => !steps.some((s) => s.name === n)) ?? [];
if (unknown.length > 0) {
  process.stderr.write(
    `bench-all: unknown step ${unknown.join(", ")}; steps: ${steps.map((s) => s.name).join(", ")}\n`,
  );
  process.exit(2);
}
// The deep pages need the dataset: --only deep-pages brings it along.
const wanted = only && [...only, ...(only.includes("deep-pages") ? ["dataset"] : [])];
const chosen = steps.filter((s) => !wanted || wanted.includes(s.name) || s.name === "charts");
const n = chosen.length;
const shown = (args) =>
  ["node", ...args.map((a) => (path.isAbsolute(a) ? path.relative(root, a) : a))].join(" ");

process.stdout.write(
  `bench-all: ${n} steps${quick ? " (--quick sizes)" : ""}, results in ${path.relative(root, results)}\n`,
);
if (values["dry-run"]) {
  for (const [i, s] of chosen.entries()) {
    const how = s.skip ? `skipped: ${s.skip}` : shown(s.args);
    process.stdout.write(
      `[${i + 1}/${n}] ${s.name}: ${how}${s.env ? " (DATABASE_URL from dataset.json)" : ""}\n`,
    );
  }
  process.exit(0);
}

/** Runs one step: stdout to the console and to <results>/<step>.txt, stderr to the console. */
function run(step, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, step.args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const file = createWriteStream(out(`${step.name}.txt`));
    child.stdout.on("data", (chunk) => {
      process.stdout.write(chunk);
      file.write(chunk);
    });
    child.once("error", (err) => resolve({ code: 1, reason: err.message }));
    child.once("close", (code, signal) => {
      file.end();
      resolve({ code: code ?? 1, reason: signal ? `killed by ${signal}` : `exit ${code}` });
    });
  });
}

mkdirSync(results, { recursive: true });
const machine = {
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? "",
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  platform: `${os.type()} ${os.release()}`,
  node: process.version,
  loadAverageAtStart: os.loadavg(),
};
const report = [];
for (const [i, step] of chosen.entries()) {
  const tag = `[${i + 1}/${n}] ${step.name}`;
  if (step.skip) {
    process.stdout.write(`${tag}: skipped: ${step.skip}\n`);
    report.push({ name: step.name, status: "skipped", reason: step.skip });
    continue;
  }
  process.stdout.write(`${tag}: ${shown(step.args)}\n`);
  const started = performance.now();
  let outcome;
  try {
    outcome = await run(step, step.env?.());
  } catch (err) {
    outcome = { code: 1, reason: err.message };
  }
  const seconds = Number(((performance.now() - started) / 1000).toFixed(1));
  const status = outcome.code === 0 ? "ok" : "failed";
  process.stdout.write(`${tag}: ${status === "ok" ? "ok" : `FAILED (${outcome.reason})`} in ${seconds} s\n`);
  report.push({
    name: step.name,
    status,
    seconds,
    command: shown(step.args),
    ...(status === "ok" ? {} : { reason: outcome.reason }),
  });
}

// The dataset's database is large (hundreds of MB at full size): drop it unless asked to keep it.
const url = datasetUrl();
if (url && !values["keep-dataset"] && chosen.some((s) => s.name === "dataset")) {
  const pg = createRequire(path.join(pkg, "package.json"))("pg");
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  try {
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${name.replaceAll('"', '""')}" WITH (FORCE)`);
    process.stdout.write(`dropped the dataset's database ${name}\n`);
  } catch (err) {
    process.stderr.write(`bench-all: could not drop ${name}: ${err.message}\n`);
  } finally {
    await client.end().catch(() => {});
  }
}

const failed = report.filter((r) => r.status === "failed");
writeFileSync(
  out("run.json"),
  `${JSON.stringify({ quick, machine: { ...machine, loadAverageAtEnd: os.loadavg() }, steps: report }, null, 2)}\n`,
);
process.stdout.write(
  `\nbench-all: ${report.filter((r) => r.status === "ok").length} ok, ${failed.length} failed, ` +
    `${report.filter((r) => r.status === "skipped").length} skipped; results in ${path.relative(root, results)}` +
    `${existsSync(charts) ? `, charts in ${path.relative(root, charts)}` : ""}\n`,
);
for (const f of failed) process.stdout.write(`  failed: ${f.name} (${f.reason})\n`);
process.exit(failed.length > 0 ? 1 : 0);
