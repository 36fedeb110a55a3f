/**
 * The many-chains bench's results (many-chains-bench.ts) and the table it prints: one row per
 * number of chains and shape, then what one more chain costs each shape, then what to distrust.
 */
import type { Deployment } from "./many-chains-deployments.js";
import { quantileMs } from "./open-loop.js";

const MB = 2 ** 20;

export interface Reads {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
}
/** The rounds' figures together (requests and errors: totals), and every round's. */
export type RoundReads = Reads & { rounds: Reads[] };
/** One window of reads; an open loop's carries each answer's latency (open-loop.ts). */
export type WindowReads = Reads & { latenciesMs?: number[] };
export interface ShapeResult {
  chains: number;
  shape: Deployment["shape"];
  /** INGEST_BACKFILL_RATE of the shape's ingest processes (0: unbounded). */
  backfillRate: number;
  /** Peak of the summed VmRSS of the shape's weft processes over the phase, bytes. */
  rssPeakBytes: number;
  /** Summed VmRSS once every chain had caught up, before any load, bytes. */
  rssCaughtUpBytes: number;
  connectionsPeak: number;
  connectionsCaughtUp: number;
  /** Each chain's blocks/s from its first commit to its head, in the nodes' order (null: one commit). */
  ingestBlocksPerSec: (number | null)[];
  /** Each chain's blocks/s from the processes' start to its head. */
  ingestBlocksPerSecFromStart: number[];
  /** Seconds from the processes' start until every chain reached its head. */
  backfillSeconds: number;
  idle: RoundReads;
  duringBackfill?: RoundReads & {
    /** Blocks/s of the backfilling chain over each window, in round order. */
    backfillBlocksPerSec: number[];
    /** Whether the chain was behind its head through every window (else raise --backfill-blocks). */
    covered: boolean;
  };
}

/** The median of `xs` (the mean of the two middle ones when even); 0 when empty. */
export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : ((s[(s.length - 1) >> 1] ?? 0) + (s[s.length >> 1] ?? 0)) / 2;
};

/**
 * The rounds' windows as one figure. When every window kept its latencies (an open loop), p50 and
 * p99 are taken over all their requests together: a 15-s window's p99 at 500 req/s is its 75th
 * slowest answer, which one 60-ms GC pause in `weft serve` moved 2x between identical idle windows,
 * while over 3 rounds it takes a pause in most of them. Otherwise (a closed loop keeps percentiles
 * only) each figure is the median of the rounds', so one round's burst moves one round only.
 */
export function overRounds(windows: readonly WindowReads[]): RoundReads {
  const rounds: Reads[] = windows.map(({ latenciesMs: _, ...r }) => r);
  const pooled = windows.every((w) => w.latenciesMs)
    ? windows.flatMap((w) => w.latenciesMs ?? []).sort((a, b) => a - b)
    : undefined;
  return {
    requestsPerSec: median(rounds.map((r) => r.requestsPerSec)),
    p50Ms: pooled ? quantileMs(pooled, 0.5) : median(rounds.map((r) => r.p50Ms)),
    p99Ms: pooled ? quantileMs(pooled, 0.99) : median(rounds.map((r) => r.p99Ms)),
    requests: rounds.reduce((n, r) => n + r.requests, 0),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    rounds,
  };
}

/** How much the reads' p99 moved while another chain backfilled, % of the idle p99. */
export const p99Change = (r: ShapeResult) =>
  r.duringBackfill && r.idle.p99Ms > 0
    ? ((r.duringBackfill.p99Ms - r.idle.p99Ms) / r.idle.p99Ms) * 100
    : undefined;

/** The shape, and the backfill rate its ingest processes were bounded to (INGEST_BACKFILL_RATE). */
const shapeLabel = (r: ShapeResult) => (r.backfillRate > 0 ? `${r.shape} ${r.backfillRate}/s` : r.shape);

/** What the run was asked, for the table's heading. */
export interface TableSettings {
  /** The numbers of chains measured. */
  chains: number[];
  blocks: number;
  backfillBlocks: number;
  durationSec: number;
  rounds: number;
  connections: number;
  /** Reads per second in all (0: as fast as the connections go). */
  readRate: number;
  /** Unmeasured seconds at the start of each open-loop window. */
  openLoopWarmUpSec: number;
  responseCache: string;
  /** The CPUs the weft processes and the devnet nodes were kept on (taskset lists), when they were. */
  deploymentCpus?: string;
  nodesCpus?: string;
}

/** The printed table, heading, rows and notes, ending with a newline. */
export function formatManyChainsTable(results: readonly ShapeResult[], settings: TableSettings): string {
  const { blocks, backfillBlocks, durationSec, rounds, connections, readRate } = settings;
  const counts = settings.chains;
  const cell = (s: string, w: number) => s.padStart(w);
  const readsCell = (r?: Reads) =>
    r ? `${r.requestsPerSec.toFixed(0)}, ${r.p99Ms.toFixed(r.p99Ms < 100 ? 1 : 0)} ms` : "-";
  const COLUMNS: [string, number][] = [
    ["chains", 6],
    ["shape", 14],
    ["weft RSS MB (/chain)", 20],
    ["PG conns (/chain)", 17],
    ["all backfill: s, blocks/s/chain", 31],
    ["1 backfilling, blocks/s", 23],
    ["reads idle (req/s, p99)", 23],
    ["reads, 1 backfilling", 20],
    ["p99 change", 10],
  ];
  const lines = results.map((r) => {
    const change = p99Change(r);
    const rss = r.rssPeakBytes / MB;
    const backfilling = r.duringBackfill?.backfillBlocksPerSec ?? [];
    return [
      String(r.chains),
      shapeLabel(r),
      `${rss.toFixed(0)} (${(rss / r.chains).toFixed(0)})`,
      `${r.connectionsPeak} (${(r.connectionsPeak / r.chains).toFixed(1)})`,
      `${r.backfillSeconds.toFixed(1)}, ${median(r.ingestBlocksPerSecFromStart).toFixed(0)}`,
      backfilling.length === 0 ? "-" : median(backfilling).toFixed(0),
      readsCell(r.idle),
      readsCell(r.duringBackfill),
      change === undefined ? "-" : `${change >= 0 ? "+" : ""}${change.toFixed(0)}%`,
    ].map((c, i) => (i === 1 ? c.padEnd(COLUMNS[1]?.[1] ?? 0) : cell(c, COLUMNS[i]?.[1] ?? 0)));
  });
  /** What one more chain adds to one deployment, against what a separate deployment of one chain costs. */
  const extra = counts
    .filter((n) => n >= 2)
    .map((n) => {
      const unbounded = results.filter((r) => r.backfillRate === 0);
      const one = (c: number) => unbounded.find((r) => r.chains === c && r.shape === "one");
      const sep = unbounded.find((r) => r.chains === n && r.shape === "separate");
      const base = one(Math.min(...counts)) ?? one(n);
      const top = one(n);
      if (!top || !sep || !base || base.chains === n) return undefined;
      const perExtra = (top.rssPeakBytes - base.rssPeakBytes) / (n - base.chains);
      return `N=${n}: one more chain in one deployment ${(perExtra / MB).toFixed(0)} MB of RSS vs ${(sep.rssPeakBytes / n / MB).toFixed(0)} MB per separate deployment (${((perExtra / (sep.rssPeakBytes / n)) * 100).toFixed(0)}%)`;
    })
    .filter(Boolean);
  return [
    `${blocks} devnet blocks per chain, all backfilling at once from the processes' start (s until every chain is at its head; blocks/s per chain, median); ` +
      `then ${rounds} round(s) of one chain's reads (${connections} connections for ${durationSec} s, ${readRate > 0 ? `${readRate} req/s in all` : "as fast as they go"}, response cache ${settings.responseCache}) idle, then while the last chain backfills ` +
      `(${backfillBlocks} new blocks, then sized to the rate seen); ${readRate > 0 ? `p99 over all rounds' requests together, each window after ${settings.openLoopWarmUpSec} s of unmeasured load` : "medians over rounds"}; RSS and connections: peaks over each phase` +
      (settings.deploymentCpus || settings.nodesCpus
        ? `; weft processes on CPU ${settings.deploymentCpus ?? "any"}, devnet nodes on CPU ${settings.nodesCpus ?? "any"}`
        : ""),
    `| ${COLUMNS.map(([name, w], i) => (i === 1 ? name.padEnd(w) : name.padStart(w))).join(" | ")} |`,
    `| ${COLUMNS.map(([, w]) => "-".repeat(w)).join(" | ")} |`,
    ...lines.map((l) => `| ${l.join(" | ")} |`),
    ...extra,
    ...results
      .filter((r) => r.idle.errors + (r.duringBackfill?.errors ?? 0) > 0)
      .map(
        (r) =>
          `note: N=${r.chains} ${shapeLabel(r)}: ${r.idle.errors} of ${r.idle.requests} reads failed idle, ${r.duringBackfill?.errors ?? 0} of ${r.duringBackfill?.requests ?? 0} during the backfill`,
      ),
    ...results
      .filter((r) => r.duringBackfill && !r.duringBackfill.covered)
      .map(
        (r) =>
          `note: N=${r.chains} ${shapeLabel(r)}: the backfill did not cover the whole read window (raise --backfill-blocks)`,
      ),
    "",
  ].join("\n");
}
