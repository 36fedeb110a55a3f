#!/usr/bin/env node
/**
 * Many chains, one deployment vs separate deployments (issue 44, step 6), side by side in one run.
 * For each N of --chains, N devnet chains (many-chains-nodes.ts) of --blocks blocks are deployed
 * twice, one shape after the other on the same machine and Postgres (many-chains-deployments.ts):
 * ONE deployment (`weft ingest --chains` + `weft serve --chains`, one database, a schema per chain)
 * and SEPARATE ones (per chain `weft ingest` + `weft serve`, a database each), every serve with
 * WORKERS=1. Measured per shape:
 *   - the backfill of all N chains at once: seconds until every chain is at its head, and each
 *     chain's blocks/s from the processes' start (startup included: the first commit comes after up
 *     to 64 blocks, so a rate from it says little; the JSON has it too);
 *   - the weft processes' resident memory (VmRSS, summed) and the Postgres connections they hold
 *     (pg_stat_activity of their databases), sampled every 500 ms, peaks over the whole phase;
 *   - isolation, in --rounds rounds: one caught-up chain's reads (`/blocks?pagination.limit=10` and
 *     `/status`, alternating, closed loop, --connections for --duration s) while idle, then (N >= 2)
 *     while the last chain backfills new blocks (--backfill-blocks, later rounds sized to outlast the
 *     window twice at the rate seen, each backfill finished before the next idle window); medians
 *     over rounds (an open loop's p50 and p99: over all rounds' requests together), and the change
 *     of p99 in %.
 * The response cache is off by default so every read reaches Postgres, which the backfill shares.
 * --backfill-rate 0,100 measures every shape once per INGEST_BACKFILL_RATE (0: unbounded), side by
 * side; --read-rate R reads at R req/s in all (a latency at a given load) instead of as fast as the
 * connections go (closed loop: on a machine the reads saturate, any other work shows in p99).
 * --deployment-cpus / --nodes-cpus (taskset lists) keep the weft processes and the devnet nodes on
 * CPUs of their own, as a deployment whose nodes are other machines: run the bench itself (the
 * load generator) under `taskset` beside the nodes, and pin Postgres by hand (`taskset -a -p -c 0
 * <postmaster pid>` before it forks the backends), see BENCHMARKS.md.
 *
 *   node packages/bench/dist/many-chains-bench.js [--chains 1,5,20] [--blocks 400] [--json FILE]
 */
import { type Measurement, measure } from "@weft/loadtest/runner/measure";
import { DEFAULT_ADMIN_URL } from "@weft/testkit/bench-database";
import pg from "pg";
import { parseBenchArgs } from "./bench-args.js";
import { JSON_OPTION, writeBenchJson } from "./bench-json.js";
import {
  type ChainNodes,
  connectionsHeld,
  type Deployment,
  PROBE_APPLICATION_NAME,
  startChainNodes,
  startOneDeployment,
  startSeparateDeployments,
} from "./many-chains-deployments.js";
import {
  formatManyChainsTable,
  overRounds,
  p99Change,
  type Reads,
  type ShapeResult,
  type WindowReads,
} from "./many-chains-table.js";
import { measureOpenLoop } from "./open-loop.js";
import { treeRssBytes } from "./process-rss.js";

const USAGE =
  "usage: many-chains-bench [--chains 1,5,20] [--blocks 400] [--backfill-blocks 1000] [--duration 5]\n" +
  "         [--rounds 3] [--connections 10] [--read-rate 0] [--backfill-rate 0[,100...]]\n" +
  "         [--response-cache off] [--deployment-cpus LIST] [--nodes-cpus LIST] [--admin-url URL]\n" +
  "         [--json FILE]\n" +
  "N devnet chains in one deployment vs as N separate deployments: memory, connections, ingest rate\n" +
  "per chain, and one chain's read p99 while another backfills.";
/** A taskset CPU list: "1", "0,2", "0-3". */
const CPU_LIST = /^\d+(-\d+)?(,\d+(-\d+)?)*$/;
const values = parseBenchArgs(USAGE, {
  chains: { type: "string", default: "1,5,20" },
  blocks: { type: "string", default: "400" },
  "backfill-blocks": { type: "string", default: "1000" },
  duration: { type: "string", default: "5" },
  rounds: { type: "string", default: "3" },
  connections: { type: "string", default: "10" },
  "read-rate": { type: "string", default: "0" },
  "backfill-rate": { type: "string", default: "0" },
  "response-cache": { type: "string", default: "off" },
  "deployment-cpus": { type: "string" },
  "nodes-cpus": { type: "string" },
  "admin-url": { type: "string", default: DEFAULT_ADMIN_URL },
  ...JSON_OPTION,
});
const counts = (values.chains ?? "").split(",").map(Number);
const blocks = Number(values.blocks);
const backfillBlocks = Number(values["backfill-blocks"]);
const durationSec = Number(values.duration);
const rounds = Number(values.rounds);
const connections = Number(values.connections);
const responseCache = values["response-cache"] === "on" ? "on" : "off";
const readRate = Number(values["read-rate"]);
const backfillRates = (values["backfill-rate"] ?? "").split(",").map(Number);
const wrong = [
  !counts.every((n) => Number.isInteger(n) && n >= 1) && `--chains ${values.chains}`,
  !(Number.isInteger(blocks) && blocks >= 10) && `--blocks ${values.blocks}`,
  !(Number.isInteger(backfillBlocks) && backfillBlocks >= 1) &&
    `--backfill-blocks ${values["backfill-blocks"]}`,
  !(durationSec > 0) && `--duration ${values.duration}`,
  !(Number.isInteger(rounds) && rounds >= 1) && `--rounds ${values.rounds}`,
  !(Number.isInteger(connections) && connections >= 1) && `--connections ${values.connections}`,
  !(Number.isInteger(readRate) && readRate >= 0) && `--read-rate ${values["read-rate"]}`,
  !backfillRates.every((r) => Number.isInteger(r) && r >= 0) && `--backfill-rate ${values["backfill-rate"]}`,
  !["on", "off"].includes(values["response-cache"]) && `--response-cache ${values["response-cache"]}`,
  ...(["deployment-cpus", "nodes-cpus"] as const).map(
    (k) => values[k] !== undefined && !CPU_LIST.test(values[k] ?? "") && `--${k} ${values[k]}`,
  ),
].filter(Boolean);
if (wrong.length > 0) {
  process.stderr.write(`invalid ${wrong.join(", ")}\n\n${USAGE}\n`);
  process.exit(2);
}
/** How long all chains may take to reach their heads before the run gives up. */
const BACKFILL_TIMEOUT_MS = 600_000;
const POLL_MS = 100;
const SAMPLE_MS = 500;
const WARM_UP_SEC = 2;
/** Each open-loop window's unmeasured start: its connections opened before it counts (open-loop.ts). */
const OPEN_LOOP_WARM_UP_SEC = 1;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const readsOf = (m: Measurement): Reads => ({
  requestsPerSec: m.requestsPerSec,
  p50Ms: m.p50Ms,
  p99Ms: m.p99Ms,
  requests: m.requests,
  errors: m.errors,
});

/**
 * One caught-up chain's reads for --duration seconds, the two URLs alternating: as fast as
 * --connections go, or at --read-rate (open-loop.ts).
 */
const reads = async (base: string, name: string, seconds = durationSec): Promise<WindowReads> => {
  const urls = [`${base}/indexer/block/v1/blocks?pagination.limit=10`, `${base}/status`];
  if (readRate > 0)
    return measureOpenLoop({
      urls,
      ratePerSec: readRate,
      durationSec: seconds,
      warmUpSec: OPEN_LOOP_WARM_UP_SEC,
    });
  return readsOf(
    await measure({ name, targets: urls.map((url) => ({ url })), durationSec: seconds, connections }),
  );
};

const admin = new pg.Pool({
  connectionString: values["admin-url"],
  max: 1,
  application_name: PROBE_APPLICATION_NAME,
});

/** Samples the shape's memory and connections until stopped; `mark()` keeps the current sample. */
function sampleCost(deployment: Deployment) {
  const peak = { rss: 0, connections: 0 };
  let last = { rss: 0, connections: 0 };
  const take = async () => {
    const rss = treeRssBytes(deployment.pids).reduce((a, b) => a + b, 0);
    const held = await connectionsHeld(admin, deployment.databases).catch(() => 0);
    last = { rss, connections: held };
    peak.rss = Math.max(peak.rss, rss);
    peak.connections = Math.max(peak.connections, held);
  };
  let pending = take();
  const timer = setInterval(() => {
    pending = pending.then(take);
  }, SAMPLE_MS);
  return {
    mark: async () => {
      pending = pending.then(take);
      await pending;
      return { ...last };
    },
    stop: async () => {
      clearInterval(timer);
      await pending;
      return peak;
    },
  };
}

/** Waits until every chain reached `head`; each chain's blocks/s from its first commit on. */
async function backfill(deployment: Deployment, head: number, started: number) {
  const first: ({ at: number; height: number } | undefined)[] = [];
  const done: (number | undefined)[] = [];
  for (;;) {
    const heights = await deployment.heights();
    const now = performance.now();
    heights.forEach((h, i) => {
      if (h > 0 && first[i] === undefined) first[i] = { at: now, height: h };
      if (h >= head && done[i] === undefined) done[i] = now;
    });
    if (heights.every((h) => h >= head)) break;
    if (now - started > BACKFILL_TIMEOUT_MS)
      throw new Error(
        `${deployment.shape}: the chains did not reach ${head} in time (at ${heights.join(",")})`,
      );
    await sleep(POLL_MS);
  }
  return {
    seconds: (performance.now() - started) / 1000,
    // From its first commit: the processes' start (seconds on a loaded machine) is not ingestion.
    // A chain whose whole backfill was one commit has no such span: undefined.
    perChain: first.map((f, i) =>
      f && f.height < head ? (head - f.height) / (((done[i] ?? 0) - f.at) / 1000) : undefined,
    ),
    // From the processes' start, startup included: the rate an operator waits through.
    perChainFromStart: done.map((t) => head / (((t ?? 0) - started) / 1000)),
  };
}

async function runShape(
  chains: number,
  shape: Deployment["shape"],
  backfillRate: number,
): Promise<ShapeResult> {
  const nodes: ChainNodes = await startChainNodes(chains, blocks, values["nodes-cpus"]);
  let deployment: Deployment | undefined;
  const label = `${chains} ${shape}${backfillRate > 0 ? ` ${backfillRate}/s` : ""}`;
  try {
    const options = {
      nodes: nodes.nodes,
      adminUrl: values["admin-url"],
      responseCache,
      backfillRate,
      cpus: values["deployment-cpus"],
    } as const;
    deployment =
      shape === "one" ? await startOneDeployment(options) : await startSeparateDeployments(options);
    const cost = sampleCost(deployment);
    const ingest = await backfill(deployment, blocks, deployment.startedAt);
    const caughtUp = await cost.mark();
    const reader = deployment.chainBases[0] ?? "";
    process.stderr.write(`  ${label}: caught up in ${ingest.seconds.toFixed(1)} s; reads while idle...\n`);
    // Rounds of an idle window, then (N >= 2) a window while the last chain backfills new blocks;
    // over rounds (many-chains-table.ts overRounds), so one burst of the machine's other work does
    // not make the figure.
    // Untimed: the first reads open the pool's connections and compile the handlers' paths (a first
    // idle round measured without it read p99 5-40x the later ones).
    await reads(reader, "warm-up", WARM_UP_SEC);
    const idle: WindowReads[] = [];
    const during: WindowReads[] = [];
    const backfillRates: number[] = [];
    let covered = true;
    const at = async () => (await deployment?.heights())?.[chains - 1] ?? 0;
    let blocksToAdd = backfillBlocks;
    for (let round = 1; round <= rounds; round++) {
      idle.push(await reads(reader, "idle"));
      if (chains < 2) continue;
      const before = await at();
      const target = await nodes.produce(chains - 1, blocksToAdd);
      for (const until = Date.now() + 60_000; (await at()) <= before && Date.now() < until; ) await sleep(20);
      const from = { height: await at(), t: performance.now() };
      process.stderr.write(`  ${label}: round ${round}, reads while chain ${chains} backfills...\n`);
      during.push(await reads(reader, "during backfill"));
      const to = { height: await at(), t: performance.now() };
      const rate = (to.height - from.height) / ((to.t - from.t) / 1000);
      backfillRates.push(rate);
      covered &&= from.height > before && to.height < target;
      // The backfill ends before the next idle window; the next one is sized to outlast its window
      // twice over (the rate seen holds: a bounded backfill's exactly; waiting out more is idle time).
      for (const until = Date.now() + 300_000; (await at()) < target && Date.now() < until; ) await sleep(50);
      blocksToAdd = Math.max(300, Math.ceil(rate * durationSec * 2));
    }
    const duringBackfill: ShapeResult["duringBackfill"] =
      during.length > 0 ? { ...overRounds(during), backfillBlocksPerSec: backfillRates, covered } : undefined;
    const peak = await cost.stop();
    return {
      chains,
      shape,
      backfillRate,
      rssPeakBytes: peak.rss,
      rssCaughtUpBytes: caughtUp.rss,
      connectionsPeak: peak.connections,
      connectionsCaughtUp: caughtUp.connections,
      ingestBlocksPerSec: ingest.perChain.map((r) => r ?? null),
      ingestBlocksPerSecFromStart: ingest.perChainFromStart,
      backfillSeconds: ingest.seconds,
      idle: overRounds(idle),
      ...(duringBackfill ? { duringBackfill } : {}),
    };
  } finally {
    await deployment?.stop();
    await nodes.close();
  }
}

const results: ShapeResult[] = [];
try {
  for (const chains of counts)
    for (const rate of backfillRates)
      for (const shape of ["one", "separate"] as const) {
        process.stderr.write(
          `${chains} chain(s), ${shape === "one" ? "one deployment" : "separate deployments"}${rate > 0 ? `, backfills at ${rate} blocks/s` : ""}...\n`,
        );
        results.push(await runShape(chains, shape, rate));
      }
} finally {
  await admin.end();
}

const settings = {
  chains: counts,
  blocks,
  backfillBlocks,
  durationSec,
  rounds,
  connections,
  readRate,
  openLoopWarmUpSec: OPEN_LOOP_WARM_UP_SEC,
  responseCache,
  ...(values["deployment-cpus"] ? { deploymentCpus: values["deployment-cpus"] } : {}),
  ...(values["nodes-cpus"] ? { nodesCpus: values["nodes-cpus"] } : {}),
};
process.stdout.write(formatManyChainsTable(results, settings));
writeBenchJson(values.json, "many-chains", settings, {
  runs: results.map((r) => ({ ...r, p99ChangePercent: p99Change(r) })),
});
