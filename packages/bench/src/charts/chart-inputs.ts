/**
 * From a results folder (what `bench:all` writes: one JSON file per benchmark, names below) to the
 * charts BENCHMARKS.md shows. Each reader checks the fields it uses and names the file and field when
 * one is missing, so a benchmark whose output changed fails here loudly instead of drawing nothing.
 *
 * The shapes are those written by the benches (`packages/bench/src/bench-json.ts`:
 * `{ bench, finishedAt, settings, result }`) and by `weft-loadtest compare --json` (CompareReport).
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { CompareReport } from "@weft/loadtest/runner/compare-report";
import { type BarChart, barChartSvg } from "./bar-chart.js";
import { type LineChart, lineChartSvg } from "./line-chart.js";

/** The result files this module knows, as `bench:all` names them. */
export const RESULT_FILES = {
  ingest: "ingest.json",
  deepPages: "deep-vs-baseline.json",
  reference: "reference.json",
  route: "route.json",
  balances: "balances.json",
  tracking: "tracking.json",
  outage: "outage.json",
} as const;

export interface ChartFile {
  /** File name of the SVG, e.g. "weft-vs-baseline.svg". */
  name: string;
  /** The result file it was drawn from. */
  from: string;
  svg: string;
}

type Json = unknown;

/** Reads `obj.path` (dotted) and checks it is of `kind`; throws naming the file and path otherwise. */
function get(file: string, obj: Json, dotted: string, kind: "array" | "number" | "string" | "object"): Json {
  let at: Json = obj;
  for (const key of dotted.split(".")) at = (at as Record<string, Json> | null)?.[key];
  const ok =
    kind === "array"
      ? Array.isArray(at)
      : kind === "object"
        ? typeof at === "object" && at !== null
        : typeof at === kind;
  if (!ok) throw new Error(`${file}: expected ${dotted} to be ${kind === "array" ? "an" : "a"} ${kind}`);
  return at;
}
const arr = (file: string, obj: Json, p: string) => get(file, obj, p, "array") as Json[];
const num = (file: string, obj: Json, p: string) => get(file, obj, p, "number") as number;
const str = (file: string, obj: Json, p: string) => get(file, obj, p, "string") as string;

function readJson(file: string): Json {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new Error(`${file}: not readable JSON (${(err as Error).message})`);
  }
}

/** Ingest rate over the backfill: blocks/s per sampling interval, one line per weft run. */
export function ingestCharts(file: string, json: Json): ChartFile[] {
  const runs = arr(file, json, "result.runs").filter((r) => Array.isArray((r as { rate?: unknown }).rate));
  if (runs.length === 0) throw new Error(`${file}: no run has a rate series (result.runs[].rate)`);
  const blocks = num(file, json, "result.blocks");
  const chart: LineChart = {
    title: `Ingest rate over a backfill of ${blocks} devnet blocks`,
    xLabel: "seconds since the backfill started",
    yLabel: "blocks/s (per sampling interval)",
    series: runs.map((r, i) => ({
      name: str(file, r, "path"),
      points: arr(file, r, "rate").map((s, j) => {
        const where = `result.runs[${i}].rate[${j}]`;
        return [num(`${file} ${where}`, s, "atSec"), num(`${file} ${where}`, s, "blocksPerSec")];
      }),
    })),
  };
  return [{ name: "ingest-rate.svg", from: file, svg: lineChartSvg(chart) }];
}

/** Weft vs the raw baseline per endpoint and page: req/s, then p50/p99. */
export function deepPagesCharts(file: string, json: Json): ChartFile[] {
  const rows = arr(file, json, "result.rows");
  if (rows.length === 0) throw new Error(`${file}: result.rows is empty`);
  const categories = rows.map((r) => `${str(file, r, "endpoint")} (${str(file, r, "page")})`);
  const metric = (side: string, m: string) => rows.map((r) => num(file, r, `${side}.${m}`));
  const rps: BarChart = {
    title: "Indexer API: Weft vs a raw node:http + pg baseline (same SQL, same bytes)",
    valueLabel: "requests/s (higher is better)",
    categories,
    series: [
      { name: "weft", values: metric("weft", "requestsPerSec") },
      { name: "raw baseline", values: metric("baseline", "requestsPerSec") },
    ],
  };
  const latency: BarChart = {
    title: "Indexer API latency: Weft vs the raw baseline",
    valueLabel: "milliseconds (lower is better)",
    categories,
    series: [
      { name: "weft p50", values: metric("weft", "p50Ms") },
      { name: "weft p99", values: metric("weft", "p99Ms") },
      { name: "baseline p50", values: metric("baseline", "p50Ms") },
      { name: "baseline p99", values: metric("baseline", "p99Ms") },
    ],
  };
  return [
    { name: "weft-vs-baseline.svg", from: file, svg: barChartSvg(rps) },
    { name: "deep-pages-latency.svg", from: file, svg: barChartSvg(latency) },
  ];
}

/** Weft vs the reference indexer per request group (a `compare --json` report, A = Weft). */
export function referenceCharts(file: string, json: Json): ChartFile[] {
  const report = json as CompareReport;
  const results = arr(file, json, "results");
  if (results.length === 0) throw new Error(`${file}: results is empty`);
  const [a, b] = [str(file, json, "sides.a.name"), str(file, json, "sides.b.name")];
  const several = new Set(report.results.map((r) => r.connections)).size > 1;
  const categories = results.map(
    (r) => `${str(file, r, "group")}${several ? ` (${num(file, r, "connections")} conn.)` : ""}`,
  );
  const median = (side: "a" | "b", m: string) => results.map((r) => num(file, r, `${side}.median.${m}`));
  return [
    {
      name: "weft-vs-reference.svg",
      from: file,
      svg: barChartSvg({
        title: `${a} vs ${b}: requests/s per request group (median of rounds)`,
        valueLabel: "requests/s (higher is better)",
        categories,
        series: [
          { name: a, values: median("a", "requestsPerSec") },
          { name: b, values: median("b", "requestsPerSec") },
        ],
      }),
    },
    {
      name: "reference-latency.svg",
      from: file,
      svg: barChartSvg({
        title: `${a} vs ${b}: latency per request group (median of rounds)`,
        valueLabel: "milliseconds (lower is better)",
        categories,
        series: [
          { name: `${a} p50`, values: median("a", "p50Ms") },
          { name: `${a} p99`, values: median("a", "p99Ms") },
          { name: `${b} p50`, values: median("b", "p50Ms") },
          { name: `${b} p99`, values: median("b", "p99Ms") },
        ],
      }),
    },
  ];
}

/**
 * p50/p99 per measured path of a latency bench (route, balances, tracking): `result.latencyMs`.
 * Rows whose name contains `leaveOut` are not drawn (a timeout of seconds would flatten the rest;
 * the title says so).
 */
function latencyChart(name: string, title: string, leaveOut?: string) {
  return (file: string, json: Json): ChartFile[] => {
    const rows = arr(file, json, "result.latencyMs").filter(
      (r) => !leaveOut || !str(file, r, "name").includes(leaveOut),
    );
    if (rows.length === 0) throw new Error(`${file}: result.latencyMs is empty`);
    return [
      {
        name,
        from: file,
        svg: barChartSvg({
          title,
          valueLabel: "milliseconds (lower is better)",
          categories: rows.map((r) => str(file, r, "name")),
          series: [
            { name: "p50", values: rows.map((r) => num(file, r, "p50")) },
            { name: "p99", values: rows.map((r) => num(file, r, "p99")) },
          ],
        }),
      },
    ];
  };
}

/** Outage phases: p50/p99 of the requests started in each. */
export function outageCharts(file: string, json: Json): ChartFile[] {
  const phases = arr(file, json, "result.phases");
  if (phases.length === 0) throw new Error(`${file}: result.phases is empty`);
  return [
    {
      name: "outage-latency.svg",
      from: file,
      svg: barChartSvg({
        title: "Database outages: latency of the requests started in each phase",
        valueLabel: "milliseconds (lower is better)",
        categories: phases.map((p) => str(file, p, "name")),
        series: [
          { name: "p50", values: phases.map((p) => num(file, p, "p50Ms")) },
          { name: "p99", values: phases.map((p) => num(file, p, "p99Ms")) },
        ],
      }),
    },
  ];
}

const READERS: { file: string; charts: (file: string, json: Json) => ChartFile[] }[] = [
  { file: RESULT_FILES.ingest, charts: ingestCharts },
  { file: RESULT_FILES.deepPages, charts: deepPagesCharts },
  { file: RESULT_FILES.reference, charts: referenceCharts },
  {
    file: RESULT_FILES.route,
    charts: latencyChart("route-latency.svg", "POST /v2/fungible/route on a 60-chain registry: latency"),
  },
  {
    file: RESULT_FILES.balances,
    charts: latencyChart(
      "balances-latency.svg",
      "POST /v2/info/balances, 20 denoms: latency (a node that never answers: its 2 s timeout, not drawn)",
      "never answers",
    ),
  },
  {
    file: RESULT_FILES.tracking,
    charts: latencyChart("tracking-latency.svg", "GET /v2/tx/status while transfers are tracked: latency"),
  },
  { file: RESULT_FILES.outage, charts: outageCharts },
];

/**
 * Every chart the folder's results allow. A result file that is absent is skipped (its benchmark
 * did not run); one that is present but malformed is an error; a folder with none of them is an
 * error too, naming what it looked for.
 */
export function chartsFromFolder(folder: string): ChartFile[] {
  if (!existsSync(folder) || !statSync(folder).isDirectory())
    throw new Error(`results folder not found: ${folder}`);
  const present = READERS.filter((r) => existsSync(path.join(folder, r.file)));
  if (present.length === 0)
    throw new Error(
      `no benchmark results in ${folder}: expected one or more of ${READERS.map((r) => r.file).join(", ")}`,
    );
  return present.flatMap((r) => {
    const file = path.join(folder, r.file);
    return r.charts(file, readJson(file));
  });
}
