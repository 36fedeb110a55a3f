import { describe, expect, it } from "vitest";
import { percentile } from "./metric-values.js";
import type { MetricDef, Sample } from "./state.js";
import { evaluateThresholds, parseExpression, parseSelector, parseThresholds } from "./thresholds.js";

const registry = new Map<string, MetricDef>([
  ["http_req_duration", { type: "trend", contains: "time" }],
  ["http_req_failed", { type: "rate", contains: "default" }],
  ["http_reqs", { type: "counter", contains: "default" }],
]);

const sample = (metric: string, value: number, tags: Record<string, string> = {}): Sample => ({
  metric,
  value,
  tags,
});

function judge(config: Record<string, string[]>, samples: Sample[]) {
  return evaluateThresholds(parseThresholds(config, registry), { registry, samples, testDurationMs: 2000 });
}

describe("thresholds, with k6's semantics", () => {
  it("parses k6's expression grammar, longest operator first", () => {
    expect(parseExpression("p(95) <= 200")).toEqual({ method: "p(95)", operator: "<=", value: 200 });
    expect(parseExpression("count===3")).toEqual({ method: "count", operator: "===", value: 3 });
    expect(parseExpression("rate!=0.5")).toEqual({ method: "rate", operator: "!=", value: 0.5 });
    expect(() => parseExpression("p(95) 200")).toThrow(/malformed threshold expression/);
  });

  it("selects sub-metrics by tags, quotes and spaces trimmed", () => {
    expect(parseSelector("http_req_duration{kind:list, 'group':'::explorer'}")).toEqual({
      metric: "http_req_duration",
      tags: { kind: "list", group: "::explorer" },
    });
  });

  it("refuses unknown metrics and aggregations the metric type lacks (k6 exits 104)", () => {
    expect(() => parseThresholds({ nope: ["rate<1"] }, registry)).toThrow(
      expect.objectContaining({ code: 104 }),
    );
    expect(() => parseThresholds({ http_req_failed: ["p(95)<1"] }, registry)).toThrow(
      expect.objectContaining({ code: 104 }),
    );
  });

  it("interpolates percentiles between sorted values as k6's TrendSink does", () => {
    expect(percentile([10, 20, 30, 40], 0.95)).toBeCloseTo(38.5);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBe(0);
  });

  it("judges only the samples whose tags match", () => {
    const samples = [
      sample("http_req_duration", 50, { kind: "list" }),
      sample("http_req_duration", 900, { kind: "item" }),
    ];
    expect(judge({ "http_req_duration{kind:list}": ["p(95)<100"] }, samples)).toEqual([
      expect.objectContaining({ ok: true, samples: 1, value: 50 }),
    ]);
    expect(judge({ http_req_duration: ["p(95)<100"] }, samples)).toEqual([
      expect.objectContaining({ ok: false, samples: 2 }),
    ]);
  });

  it("lets thresholds on empty metrics pass as k6 does, except a count guard", () => {
    const results = judge(
      {
        "http_req_duration{name:msgs}": ["p(95)<100"],
        "http_req_failed{name:msgs}": ["rate<0.01"],
        "http_reqs{name:msgs}": ["count>0"],
      },
      [],
    );
    expect(results.map(({ metric, ok, samples, value }) => ({ metric, ok, samples, value }))).toEqual([
      { metric: "http_req_duration{name:msgs}", ok: true, samples: 0, value: 0 },
      { metric: "http_req_failed{name:msgs}", ok: true, samples: 0, value: null },
      { metric: "http_reqs{name:msgs}", ok: false, samples: 0, value: 0 },
    ]);
  });

  it("computes a rate as failed over all and a counter's rate per second of the run", () => {
    const samples = [sample("http_req_failed", 1), sample("http_req_failed", 0), sample("http_reqs", 1)];
    expect(judge({ http_req_failed: ["rate<0.5"], http_reqs: ["rate>=0.5"] }, samples)).toEqual([
      expect.objectContaining({ ok: false, value: 0.5 }),
      expect.objectContaining({ ok: true, value: 0.5 }),
    ]);
  });
});
