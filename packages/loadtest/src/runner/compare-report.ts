/**
 * A comparison's results: per connection count, group and side, every round's measurement and
 * the median over rounds, and B/A ratios; as JSON (for scripts) and as plain-text tables.
 */

import type { SideKey, Step } from "./compare-plan.js";
import type { Measurement } from "./measure.js";
import { median } from "./median.js";
import type { Side } from "./request-groups.js";
import { formatTable } from "./table.js";

export interface Sample {
  step: Step;
  measurement: Measurement;
}

export interface Metrics {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
}

/**
 * B's value over A's. Null for req/s when A's is 0, and for a latency when either side's is under
 * 1 ms: autocannon records whole milliseconds, so 0 against 1 says nothing about which is faster.
 */
export type Ratios = { [K in keyof Metrics]: number | null };

export interface RoundResult extends Metrics {
  round: number;
  position: 1 | 2;
  requests: number;
  errors: number;
  /** The load generator's CPU over the measurement, in cores (Measurement.generatorCpu). */
  generatorCpu: number;
}

export interface SideResult {
  rounds: RoundResult[];
  median: Metrics;
  requests: number;
  errors: number;
}

export interface GroupResult {
  connections: number;
  group: string;
  urls: number;
  a: SideResult;
  b: SideResult;
  /** Median of B over median of A. */
  ratio: Ratios;
  /** B over A within each round (both measured back to back): how much the ratio moves. */
  roundRatios: ({ round: number } & Ratios)[];
}

export interface CompareReport {
  tool: "weft-loadtest compare";
  /** Every ratio in this report is B's value divided by A's. */
  ratio: "b/a";
  startedAt: string;
  finishedAt: string;
  sides: { a: Side; b: Side };
  settings: {
    durationSec: number;
    connections: number[];
    rounds: number;
    warmupSec: number;
    only: string | null;
  };
  results: GroupResult[];
}

export function ratio(b: number, a: number): number | null {
  return a === 0 ? null : b / a;
}

/** Latencies below this are autocannon's whole-millisecond rounding, too coarse for a ratio. */
export const LATENCY_RESOLUTION_MS = 1;

export function latencyRatio(b: number, a: number): number | null {
  return a < LATENCY_RESOLUTION_MS || b < LATENCY_RESOLUTION_MS ? null : b / a;
}

const ratios = (b: Metrics, a: Metrics): Ratios => ({
  requestsPerSec: ratio(b.requestsPerSec, a.requestsPerSec),
  p50Ms: latencyRatio(b.p50Ms, a.p50Ms),
  p99Ms: latencyRatio(b.p99Ms, a.p99Ms),
});

function sideResult(samples: Sample[]): SideResult {
  const rounds = samples
    .map(({ step, measurement: m }) => ({
      round: step.round,
      position: step.position,
      requestsPerSec: m.requestsPerSec,
      p50Ms: m.p50Ms,
      p99Ms: m.p99Ms,
      requests: m.requests,
      errors: m.errors,
      generatorCpu: m.generatorCpu,
    }))
    .sort((x, y) => x.round - y.round);
  return {
    rounds,
    median: {
      requestsPerSec: median(rounds.map((r) => r.requestsPerSec)),
      p50Ms: median(rounds.map((r) => r.p50Ms)),
      p99Ms: median(rounds.map((r) => r.p99Ms)),
    },
    requests: rounds.reduce((sum, r) => sum + r.requests, 0),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
  };
}

/** Results in the order the plan first measured each (connections, group). */
export function buildResults(samples: Sample[]): GroupResult[] {
  const cells = new Map<
    string,
    { connections: number; group: string; urls: number; by: Record<SideKey, Sample[]> }
  >();
  for (const sample of samples) {
    const { connections, group, side } = sample.step;
    const key = JSON.stringify([connections, group.name]);
    const cell = cells.get(key) ?? {
      connections,
      group: group.name,
      urls: group.paths.length,
      by: { a: [], b: [] },
    };
    cell.by[side].push(sample);
    cells.set(key, cell);
  }
  return [...cells.values()].map((cell) => {
    if (cell.by.a.length === 0 || cell.by.b.length === 0)
      throw new Error(`${cell.group} at ${cell.connections} connections was not measured on both sides`);
    const a = sideResult(cell.by.a);
    const b = sideResult(cell.by.b);
    return {
      connections: cell.connections,
      group: cell.group,
      urls: cell.urls,
      a,
      b,
      ratio: ratios(b.median, a.median),
      roundRatios: a.rounds.flatMap((ra) => {
        const rb = b.rounds.find((r) => r.round === ra.round);
        return rb ? [{ round: ra.round, ...ratios(rb, ra) }] : [];
      }),
    };
  });
}

/**
 * A load generator using this much of a core was (nearly) the limit: the req/s it measured is a
 * floor of what the server does, and a ratio between two such servers says nothing.
 */
export const GENERATOR_SATURATED_CORES = 0.9;

/** "group (A, B)" of the rows where a round's load generator reached GENERATOR_SATURATED_CORES. */
export function saturatedRows(results: GroupResult[]): string[] {
  return results.flatMap((r) => {
    const sides = (["a", "b"] as const).filter((side) =>
      r[side].rounds.some((round) => round.generatorCpu >= GENERATOR_SATURATED_CORES),
    );
    return sides.length ? [`${r.group} (${sides.map((s) => s.toUpperCase()).join(", ")})`] : [];
  });
}

const num = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
const times = (r: number | null) => (r === null ? "-" : r.toFixed(2));

/** One table per connection count: medians of A and B and their ratio B/A, per group. */
export function formatCompareTables(report: CompareReport): string {
  const { a, b } = report.sides;
  const { durationSec, rounds } = report.settings;
  const header = [
    "group",
    `${a.name} req/s`,
    `${b.name} req/s`,
    "req/s B/A",
    ...(rounds > 1 ? ["B/A per round"] : []),
    `${a.name} p50 ms`,
    `${b.name} p50 ms`,
    "p50 B/A",
    `${a.name} p99 ms`,
    `${b.name} p99 ms`,
    "p99 B/A",
    "errors A / B",
  ];
  return report.settings.connections
    .map((connections) => {
      const rows = report.results
        .filter((r) => r.connections === connections)
        .map((r) => {
          const perRound = r.roundRatios.flatMap((x) =>
            x.requestsPerSec === null ? [] : [x.requestsPerSec],
          );
          return [
            r.group,
            r.a.median.requestsPerSec.toFixed(0),
            r.b.median.requestsPerSec.toFixed(0),
            times(r.ratio.requestsPerSec),
            ...(rounds > 1
              ? [perRound.length ? `${times(Math.min(...perRound))}..${times(Math.max(...perRound))}` : "-"]
              : []),
            num(r.a.median.p50Ms),
            num(r.b.median.p50Ms),
            times(r.ratio.p50Ms),
            num(r.a.median.p99Ms),
            num(r.b.median.p99Ms),
            times(r.ratio.p99Ms),
            `${r.a.errors} / ${r.b.errors}`,
          ];
        });
      const title =
        `${connections} connections, ${durationSec} s per measurement, median of ${rounds} round${rounds === 1 ? "" : "s"}; ` +
        `A = ${a.name}, B = ${b.name}\nB/A above 1: B serves more req/s, or is slower at p50/p99; ` +
        `- where a latency is under autocannon's ${LATENCY_RESOLUTION_MS} ms resolution`;
      const saturated = saturatedRows(report.results.filter((r) => r.connections === connections));
      const warning = saturated.length
        ? `\n\nLoad generator saturated (>= ${GENERATOR_SATURATED_CORES} of a core) on: ${saturated.join("; ")}. ` +
          "Those req/s are autocannon's limit, not the server's, and their ratios say nothing: give the " +
          "generator a core of its own (taskset) or measure those URLs with a faster generator (wrk)."
        : "";
      return `${title}\n\n${formatTable(header, rows)}${warning}`;
    })
    .join("\n\n");
}
