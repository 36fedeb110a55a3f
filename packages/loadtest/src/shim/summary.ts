/**
 * The end-of-test summary in the layout of k6's default ("compact") summary (k6 v1.4
 * internal/js/summary.js): THRESHOLDS with each expression's verdict and value, then TOTAL RESULTS
 * with the checks and the metrics the shim measures (http_req_duration avg/min/med/max/p(90)/p(95),
 * http_req_failed, http_reqs, iterations), numbers humanized the way k6 humanizes them.
 */

import { aggregate, trendValues } from "./metric-values.js";
import type { MetricDef, Sample } from "./state.js";
import { matches, type ThresholdResult } from "./thresholds.js";

const TREND_STATS = ["avg", "min", "med", "max", "p(90)", "p(95)"] as const;

const trimmed = (v: number, prec: number) => String(Number.parseFloat(v.toFixed(prec)));
const truncated = (v: number, prec: number) => trimmed(Math.trunc(v * 10 ** prec) / 10 ** prec, prec);

/** k6's humanizeGenericDuration: `ms` in, `1.23ms`, `450µs`, `2.5s`, `1m3s` out. */
export function humanizeDuration(ms: number): string {
  if (ms === 0) return "0s";
  if (ms < 0.001) return `${Math.trunc(ms * 1_000_000)}ns`;
  if (ms < 1) return `${truncated(ms * 1000, 2)}µs`;
  if (ms < 1000) return `${truncated(ms, 2)}ms`;
  const seconds = `${truncated((ms % 60_000) / 1000, ms > 60_000 ? 0 : 2)}s`;
  const minutes = Math.trunc(ms / 60_000);
  if (minutes < 1) return seconds;
  const hours = Math.trunc(minutes / 60);
  return `${hours > 0 ? `${hours}h` : ""}${minutes % 60}m${seconds}`;
}

/** k6's humanizeValue: rates as truncated percentages, times as durations, else up to 6 decimals. */
export function humanize(value: number, def: MetricDef): string {
  if (def.type === "rate") return `${(Math.trunc(value * 100 * 100) / 100).toFixed(2)}%`;
  return def.contains === "time" ? humanizeDuration(value) : trimmed(value, 6);
}

export interface SummaryInput {
  registry: ReadonlyMap<string, MetricDef>;
  samples: Sample[];
  thresholds: ThresholdResult[];
  checks: { name: string; passes: number; fails: number }[];
  testDurationMs: number;
}

function metricColumns(name: string, input: SummaryInput): string[] | undefined {
  const selector = name.includes("{")
    ? {
        metric: name.slice(0, name.indexOf("{")),
        tags: Object.fromEntries(
          name
            .slice(name.indexOf("{") + 1, -1)
            .split(",")
            .map((kv) => kv.split(":").map((s) => s.trim())),
        ) as Record<string, string>,
      }
    : { metric: name, tags: {} };
  const def = input.registry.get(selector.metric);
  if (!def) return undefined;
  const values = input.samples.filter((s) => matches(s, selector)).map((s) => s.value);
  switch (def.type) {
    case "trend": {
      const t = trendValues(values);
      const stat = { avg: t.avg, min: t.min, med: t.med, max: t.max, "p(90)": t.p(90), "p(95)": t.p(95) };
      return TREND_STATS.map((s) => `${s}=${humanize(stat[s], def)}`);
    }
    case "rate": {
      const passes = values.filter((v) => v !== 0).length;
      return [humanize(aggregate("rate", values, "rate", 1) ?? 0, def), `${passes} out of ${values.length}`];
    }
    case "counter": {
      const count = aggregate("counter", values, "count", input.testDurationMs) ?? 0;
      const rate = aggregate("counter", values, "rate", input.testDurationMs) ?? 0;
      return [humanize(count, def), `${humanize(rate, def)}/s`];
    }
    case "gauge":
      return [humanize(values[values.length - 1] ?? 0, def)];
  }
}

function thresholdValue(t: ThresholdResult, registry: ReadonlyMap<string, MetricDef>): string {
  const method = t.source.split(/[=><!]/)[0]?.trim() ?? "";
  const def = registry.get(t.metric.split("{")[0] ?? "");
  if (t.value === null || !def) return `${method}=[no data]`;
  // A counter's rate is per second: k6 prints it without the metric's unit.
  const shown = def.type === "counter" ? trimmed(t.value, 6) : humanize(t.value, def);
  return `${method}=${shown}`;
}

/** The summary text, as k6 prints it at the end of `k6 run` (without colours). */
export function renderSummary(input: SummaryInput): string {
  const lines: string[] = [];
  if (input.thresholds.length > 0) {
    lines.push("  █ THRESHOLDS", "");
    const byMetric = new Map<string, ThresholdResult[]>();
    for (const t of input.thresholds) byMetric.set(t.metric, [...(byMetric.get(t.metric) ?? []), t]);
    for (const name of [...byMetric.keys()].sort()) {
      lines.push(`    ${name}`);
      for (const t of byMetric.get(name) ?? []) {
        const note = t.samples === 0 ? "  (no samples)" : "";
        lines.push(
          `    ${t.ok ? "✓" : "✗"} '${t.source.trim()}' ${thresholdValue(t, input.registry)}${note}`,
        );
      }
      lines.push("");
    }
    lines.push("");
  }
  lines.push("  █ TOTAL RESULTS", "");
  const passes = input.checks.reduce((n, c) => n + c.passes, 0);
  const total = passes + input.checks.reduce((n, c) => n + c.fails, 0);
  const pct = (n: number) => `${(Math.trunc((total ? n / total : 0) * 10_000) / 100).toFixed(2)}%`;
  const checkRows: [string, string[]][] = [
    ["checks_total", [String(total), `${trimmed(total / (input.testDurationMs / 1000), 6)}/s`]],
    ["checks_succeeded", [pct(passes), `${passes} out of ${total}`]],
    ["checks_failed", [pct(total - passes), `${total - passes} out of ${total}`]],
  ];
  const sections: [string, string[]][] = [
    ["HTTP", ["http_req_duration", "http_req_failed", "http_reqs"]],
    ["EXECUTION", ["iteration_duration", "iterations"]],
  ];
  // Sub-metrics of thresholds (and k6's default expected_response one) print under their parent.
  const subs = [
    "http_req_duration{expected_response:true}",
    ...new Set(input.thresholds.map((t) => t.metric).filter((m) => m.includes("{"))),
  ];
  const custom = [...input.registry.keys()].filter((m) => !sections.some(([, ms]) => ms.includes(m)));
  const customPresent = custom.filter((m) => m !== "checks" && m !== "group_duration");
  const allSections: [string, string[]][] = [
    ...(customPresent.length > 0 ? [["CUSTOM", customPresent] as [string, string[]]] : []),
    ...sections,
  ];
  const rendered = allSections.map(([title, metrics]): [string, [string, string[]][]] => {
    const names = metrics.flatMap((m) => [m, ...subs.filter((s) => s.startsWith(`${m}{`)).sort()]);
    const present = names
      .map((n): [string, string[] | undefined] => [n, metricColumns(n, input)])
      .filter((r): r is [string, string[]] => r[1] !== undefined);
    return [title, present];
  });
  const display = (n: string) => (n.includes("{") ? `  { ${n.slice(n.indexOf("{") + 1, -1)} }` : n);
  const width = Math.max(
    ...[...checkRows, ...rendered.flatMap(([, r]) => r)].map(([n]) => display(n).length),
  );
  const row = ([n, cols]: [string, string[]]) =>
    `    ${display(n)}${".".repeat(width - display(n).length + 3)}: ${cols.join(" ")}`;
  if (total > 0) {
    lines.push(...checkRows.map(row), "");
    for (const c of input.checks) {
      if (c.fails === 0) lines.push(`    ✓ ${c.name}`);
      else {
        const ok = Math.floor((100 * c.passes) / (c.passes + c.fails));
        lines.push(`    ✗ ${c.name}`, `      ↳  ${ok}% — ✓ ${c.passes} / ✗ ${c.fails}`);
      }
    }
    lines.push("");
  }
  for (const [title, present] of rendered) lines.push(`    ${title}`, ...present.map(row), "");
  return `${lines.join("\n")}\n`;
}
