/**
 * Aggregates of a metric's samples as k6's sinks compute them (go.k6.io/k6/metrics sink.go, v1.4):
 * a trend's percentiles interpolate linearly between the sorted values and are all 0 with no
 * samples; a rate is trues/total; a counter's rate is per second of the whole test run.
 */
import type { MetricType } from "./state.js";

/** k6's TrendSink.P: `pct` in [0, 1]. */
export function percentile(sorted: number[], pct: number): number {
  if (sorted.length === 0) return 0;
  if (sorted.length === 1) return sorted[0] ?? 0;
  const i = pct * (sorted.length - 1);
  const lo = sorted[Math.floor(i)] ?? 0;
  const hi = sorted[Math.ceil(i)] ?? 0;
  return lo + (hi - lo) * (i - Math.floor(i));
}

export interface TrendValues {
  count: number;
  avg: number;
  min: number;
  med: number;
  max: number;
  /** `p(N)` for any N in [0, 100]. */
  p(n: number): number;
}

export function trendValues(values: number[]): TrendValues {
  const sorted = [...values].sort((a, b) => a - b);
  const sum = values.reduce((s, v) => s + v, 0);
  return {
    count: values.length,
    avg: values.length > 0 ? sum / values.length : 0,
    min: sorted[0] ?? 0,
    med: percentile(sorted, 0.5),
    max: sorted[sorted.length - 1] ?? 0,
    p: (n) => percentile(sorted, n / 100),
  };
}

/**
 * The aggregation `method` (`avg`, `p(95)`, `rate`, `count`, `value`, ...) of a metric of `type`, or
 * undefined where k6 has no value: a rate with no samples. k6 then lets the threshold pass.
 */
export function aggregate(
  type: MetricType,
  values: number[],
  method: string,
  testDurationMs: number,
): number | undefined {
  switch (type) {
    case "trend": {
      const t = trendValues(values);
      const p = /^p\((\d+(?:\.\d+)?)\)$/.exec(method);
      if (p) return t.p(Number(p[1]));
      return method === "avg" || method === "min" || method === "med" || method === "max"
        ? t[method]
        : undefined;
    }
    case "rate":
      if (method !== "rate" || values.length === 0) return undefined;
      return values.filter((v) => v !== 0).length / values.length;
    case "counter": {
      const count = values.reduce((s, v) => s + v, 0);
      if (method === "count") return count;
      return method === "rate" ? count / (testDurationMs / 1000) : undefined;
    }
    case "gauge":
      return method === "value" ? (values[values.length - 1] ?? 0) : undefined;
  }
}

/** The aggregation methods k6 accepts in a threshold on a metric of each type. */
export const AGGREGATIONS: Record<MetricType, RegExp> = {
  counter: /^(count|rate)$/,
  gauge: /^value$/,
  rate: /^rate$/,
  trend: /^(avg|min|max|med|p\(\d+(\.\d+)?\))$/,
};
