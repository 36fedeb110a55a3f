import { AggregatorRegistry, Counter, Histogram, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { createTestApp, serveForTests } from "../_test/test-app.js";
import { useTestDatabase } from "../_test/test-database.js";
import { createMetrics, createRequestSeries, LATENCY_BUCKETS_S } from "./metrics.js";

describe("/metrics", () => {
  const database = useTestDatabase();
  const url = serveForTests(() => createTestApp({ db: database().db }));

  it("counts requests and times them by route template and status", async () => {
    await fetch(`${url()}/health`);
    await fetch(`${url()}/health`);
    await fetch(`${url()}/nowhere/at/all`);
    const res = await fetch(`${url()}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain('http_requests_total{method="GET",route="/health",status="200"} 2');
    // Unknown paths share one label, so a scanner cannot blow up label cardinality.
    expect(text).toContain('http_requests_total{method="GET",route="unmatched",status="404"} 1');
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/health",status="200"\} \d/,
    );
    expect(text).toContain("process_cpu_user_seconds_total");
  });
});

describe("request series", () => {
  it("expose exactly what prom-client's Counter and Histogram expose for the same requests, summed across workers too", async () => {
    const mine = new Registry();
    const record = createRequestSeries(mine);
    const theirs = new Registry();
    const labelNames = ["method", "route", "status"] as const;
    const counter = new Counter({
      name: "http_requests_total",
      help: "HTTP requests served, by method, route template and status.",
      labelNames,
      registers: [theirs],
    });
    const histogram = new Histogram({
      name: "http_request_duration_seconds",
      help: "HTTP request latency in seconds, by method, route template and status.",
      labelNames,
      buckets: LATENCY_BUCKETS_S,
      registers: [theirs],
    });
    // Every bucket edge, values on and beside them, above the last, several series.
    const seconds = [0, 0.0005, ...LATENCY_BUCKETS_S, ...LATENCY_BUCKETS_S.map((b) => b * 1.01), 7.5];
    const series = [
      { method: "GET", route: "/indexer/tx/v1/txs/:tx_hash", status: "200" },
      { method: "GET", route: "unmatched", status: "404" },
      { method: "POST", route: "/v2/fungible/route", status: "400" },
    ];
    seconds.forEach((s, i) => {
      const labels = series[i % series.length] as (typeof series)[number];
      record({ ...labels }, s);
      counter.inc(labels);
      histogram.observe(labels, s);
    });
    expect(await mine.metrics()).toBe(await theirs.metrics());
    // Two workers' JSON summed by the primary (cluster/primary.ts) is the same too.
    const summed = async (r: Registry) => {
      const json = await r.getMetricsAsJSON();
      return AggregatorRegistry.aggregate([json, json]).metrics();
    };
    expect(await summed(mine)).toBe(await summed(theirs));
  });
});

describe("log health", () => {
  it("reports dropped log lines and a stopped log output at each scrape, summed across workers", async () => {
    let health = { dropped: 0, stopped: false };
    const one = createMetrics({ collectProcessMetrics: false, logHealth: () => health });
    let text = await one.registry.metrics();
    expect(text).toContain("weft_log_lines_dropped_total 0\n");
    expect(text).toContain("weft_log_stopped 0\n");
    health = { dropped: 7, stopped: true };
    text = await one.registry.metrics();
    expect(text).toContain("weft_log_lines_dropped_total 7\n");
    expect(text).toContain("weft_log_stopped 1\n");
    const other = createMetrics({
      collectProcessMetrics: false,
      logHealth: () => ({ dropped: 3, stopped: false }),
    });
    const summed = AggregatorRegistry.aggregate([
      await one.registry.getMetricsAsJSON(),
      await other.registry.getMetricsAsJSON(),
    ]);
    text = await summed.metrics();
    expect(text).toContain("weft_log_lines_dropped_total 10\n");
    expect(text).toContain("weft_log_stopped 1\n");
  });

  it("reads this process's stdout by default, with the process metrics, and not without them", async () => {
    expect(await createMetrics().registry.metrics()).toMatch(/^weft_log_lines_dropped_total \d+$/m);
    expect(await createMetrics({ collectProcessMetrics: false }).registry.metrics()).not.toContain(
      "weft_log",
    );
  });
});
