#!/usr/bin/env node
/**
 * Real load on this machine: replays the k6 scripts' indexer mix with autocannon against a loopback
 * deployment, bounded in time, and prints requests/s, latency percentiles and errors beside the
 * thresholds the k6 script declares. With --soak it holds a fixed rate and watches server memory.
 *
 *   node dist/runner/cli.js --base-url http://127.0.0.1:8080 --duration 30
 *   node dist/runner/cli.js --base-url http://127.0.0.1:8080 --soak --rate 700 --duration 300 --pid 1234
 *
 * `compare` (compare.ts) measures two deployments of one chain against each other instead:
 *
 *   node dist/runner/cli.js compare --a http://127.0.0.1:8080 --b http://127.0.0.1:18080 --help
 */
import { parseArgs } from "node:util";
import { discoverWith, type GetJson } from "../k6/lib/discover-core.js";
import { indexerIteration } from "../k6/lib/indexer-scenarios.js";
import { createSyncFetcher } from "../shim/sync-fetch.js";
import { compareMain } from "./compare.js";
import { assertLoopback } from "./loopback.js";
import { type Measurement, measure } from "./measure.js";
import { residentBytes } from "./rss.js";
import { formatTable } from "./table.js";

/** The k6 script's thresholds (indexer-mix.ts), checked here on the same mix. */
export const THRESHOLDS = { p97_5Ms: 200, p99Ms: 500, errorRate: 0.01 };
/** Distinct iterations whose requests make up the rotating target list. */
const MIX_ITERATIONS = 50;
const USAGE =
  "usage: weft-loadtest --base-url URL [--duration S] [--connections N] [--soak --rate RPS --pid PID]\n" +
  "       weft-loadtest compare --a URL --b URL [options]   (compare --help for its options)";

function fail(message: string): never {
  process.stderr.write(`weft-loadtest: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function verdict(m: Measurement): string {
  const problems: string[] = [];
  if (m.p97_5Ms > THRESHOLDS.p97_5Ms) problems.push(`p97.5 > ${THRESHOLDS.p97_5Ms} ms`);
  if (m.p99Ms > THRESHOLDS.p99Ms) problems.push(`p99 > ${THRESHOLDS.p99Ms} ms`);
  if (m.requests > 0 && m.errors / m.requests > THRESHOLDS.errorRate) problems.push("errors > 1%");
  return problems.length === 0 ? "ok" : problems.join(", ");
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      "base-url": { type: "string" },
      duration: { type: "string", default: "30" },
      connections: { type: "string", default: "20" },
      soak: { type: "boolean", default: false },
      rate: { type: "string" },
      pid: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const baseUrl = values["base-url"]?.replace(/\/+$/, "") ?? fail("--base-url is required");
  try {
    assertLoopback(baseUrl);
  } catch (err) {
    fail((err as Error).message);
  }
  const duration = Number(values.duration);
  if (!Number.isInteger(duration) || duration < 1 || duration > 3600)
    fail("--duration must be 1..3600 seconds");

  const fetcher = createSyncFetcher();
  const getJson: GetJson = <T>(url: string) => {
    const res = fetcher.request({ method: "GET", url, timeoutMs: 30_000 });
    return res.status === 200 ? (JSON.parse(res.body) as T) : undefined;
  };
  process.stderr.write("discovering test data from the deployment...\n");
  const data = discoverWith(getJson, baseUrl, process.env);
  await fetcher.close();
  const targets = Array.from({ length: MIX_ITERATIONS }, (_, i) => indexerIteration(data, i))
    .flat()
    .map((r) => ({ url: `${baseUrl}${r.path}` }));

  const rssBefore = values.pid ? residentBytes(Number(values.pid)) : undefined;
  const rssSamples: number[] = [];
  const sampler = values.pid
    ? setInterval(() => {
        const rss = residentBytes(Number(values.pid));
        if (rss !== undefined) rssSamples.push(rss);
      }, 5_000)
    : undefined;
  process.stderr.write(
    `running the indexer mix for ${duration} s (${targets.length} rotating requests)...\n`,
  );
  const m = await measure({
    name: values.soak ? `indexer mix soak @ ${values.rate ?? "max"} rps` : "indexer mix",
    targets,
    durationSec: duration,
    connections: Number(values.connections),
    ...(values.soak && values.rate ? { overallRate: Number(values.rate) } : {}),
  });
  if (sampler) clearInterval(sampler);

  process.stdout.write(
    `${formatTable(
      ["scenario", "req/s", "p50 ms", "p97.5 ms (>= p95)", "p99 ms", "requests", "errors", "thresholds"],
      [[m.name, m.requestsPerSec.toFixed(1), m.p50Ms, m.p97_5Ms, m.p99Ms, m.requests, m.errors, verdict(m)]],
    )}\n`,
  );
  process.stdout.write(
    `thresholds: p95 < ${THRESHOLDS.p97_5Ms} ms (checked on p97.5), p99 < ${THRESHOLDS.p99Ms} ms, errors < 1%\n`,
  );
  if (rssSamples.length >= 2) {
    // Growth after warm-up: from the first sample past the first fifth of the run to the last.
    const warm = rssSamples[Math.floor(rssSamples.length / 5)] ?? rssSamples[0] ?? 0;
    const last = rssSamples.at(-1) ?? warm;
    const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
    process.stdout.write(
      `server RSS: start ${mb(rssBefore ?? warm)} MB, after warm-up ${mb(warm)} MB, end ${mb(last)} MB, growth after warm-up ${(((last - warm) / warm) * 100).toFixed(1)}%\n`,
    );
  }
  process.exit(verdict(m) === "ok" ? 0 : 1);
}

if (process.argv[2] === "compare") {
  process.exitCode = await compareMain(process.argv.slice(3));
} else {
  void main();
}
