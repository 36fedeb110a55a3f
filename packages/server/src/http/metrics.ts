import { Counter, collectDefaultMetrics, Gauge, Registry } from "prom-client";
import { stdoutLogHealth } from "../logger.js";
import type { Observer } from "./exchange.js";

/** Request latency buckets (seconds): dense under 50 ms, where indexer reads should live. */
export const LATENCY_BUCKETS_S = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export interface Metrics {
  registry: Registry;
  /** Counts and times every request by method, route template and status. */
  observe: Observer;
  /**
   * The same registry, its request series labelled `chain_id` too: the metrics of one chain's app
   * in a deployment that serves several (http/chain-mount.ts).
   */
  forChain?(chainId: string): Metrics;
  /**
   * What /metrics answers, when it is more than this registry (an HTTP worker of `serve --workers N`:
   * every process's series, from the primary). @default the registry's own text
   */
  exposition?: () => Promise<string>;
}

/** One method/route/status combination's requests: a count, a sum and its histogram's buckets. */
interface Series {
  labels: { method: string; route: string; status: string; chain_id?: string };
  count: number;
  sum: number;
  /** Requests per bucket, not cumulative (index i: at most LATENCY_BUCKETS_S[i]; last: above all). */
  buckets: number[];
}

type MetricValue = { labels: Record<string, string | number>; value: number; metricName?: string };

/**
 * `http_requests_total` and `http_request_duration_seconds`, kept by this module and handed to the
 * registry as two metrics of prom-client's own shape (what `get()` returns is what prom-client's
 * Counter and Histogram return, so /metrics text and the cluster's summing are unchanged). Kept here
 * rather than in prom-client's Counter and Histogram because those hash the label object on every
 * observation: two hashes and two label checks a request, a visible share of a cache hit. Here a
 * request finds its series by one string key.
 */
export function createRequestSeries(registry: Registry): (labels: Series["labels"], seconds: number) => void {
  const series = new Map<string, Series>();
  const register = (metric: {
    name: string;
    help: string;
    type: "counter" | "histogram";
    values: () => MetricValue[];
  }) => {
    const { name, help, type } = metric;
    const get = async () => ({ name, help, type, aggregator: "sum" as const, values: metric.values() });
    registry.registerMetric({ name, help, type, aggregator: "sum", get } as unknown as Parameters<
      Registry["registerMetric"]
    >[0]);
  };
  register({
    name: "http_requests_total",
    help: "HTTP requests served, by method, route template and status.",
    type: "counter",
    values: () => [...series.values()].map((s) => ({ labels: { ...s.labels }, value: s.count })),
  });
  const bucketName = "http_request_duration_seconds_bucket";
  register({
    name: "http_request_duration_seconds",
    help: "HTTP request latency in seconds, by method, route template and status.",
    type: "histogram",
    values: () =>
      [...series.values()].flatMap((s) => {
        let below = 0;
        const buckets = LATENCY_BUCKETS_S.map((le, i) => {
          below += s.buckets[i] as number;
          return { labels: { le, ...s.labels }, value: below, metricName: bucketName };
        });
        return [
          ...buckets,
          { labels: { le: "+Inf", ...s.labels }, value: s.count, metricName: bucketName },
          { labels: { ...s.labels }, value: s.sum, metricName: "http_request_duration_seconds_sum" },
          { labels: { ...s.labels }, value: s.count, metricName: "http_request_duration_seconds_count" },
        ];
      }),
  });
  return (labels, seconds) => {
    const key = `${labels.method} ${labels.status} ${labels.route} ${labels.chain_id ?? ""}`;
    let found = series.get(key);
    if (!found) {
      found = { labels, count: 0, sum: 0, buckets: new Array(LATENCY_BUCKETS_S.length + 1).fill(0) };
      series.set(key, found);
    }
    found.count++;
    found.sum += seconds;
    let i = 0;
    while (i < LATENCY_BUCKETS_S.length && seconds > (LATENCY_BUCKETS_S[i] as number)) i++;
    found.buckets[i] = (found.buckets[i] ?? 0) + 1;
  };
}

/**
 * Lines the process could not log, and whether its log output stopped: a log shipper that went
 * away silences the logs without stopping the service (log-sink.ts), so only /metrics can tell.
 * Summed over the workers of `serve --workers N` by the primary, like every counter and gauge.
 */
function registerLogHealth(registry: Registry, health: () => { dropped: number; stopped: boolean }): void {
  new Counter({
    name: "weft_log_lines_dropped_total",
    help: "Log lines not written: the reader of stdout was gone or too slow",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(health().dropped);
    },
  });
  new Gauge({
    name: "weft_log_stopped",
    help: "Processes whose log output stopped for good (a write error other than a full pipe)",
    registers: [registry],
    collect() {
      this.set(health().stopped ? 1 : 0);
    },
  });
}

/**
 * Metrics of one app instance. Each app owns its registry (no prom-client global), so tests and
 * several apps in one process never share counters.
 */
export function createMetrics(
  options: {
    collectProcessMetrics?: boolean;
    /** The process's log output, read at each scrape. @default stdout's (with the process metrics) */
    logHealth?: () => { dropped: number; stopped: boolean };
  } = {},
): Metrics {
  const registry = new Registry();
  const processMetrics = options.collectProcessMetrics ?? true;
  if (processMetrics) collectDefaultMetrics({ register: registry });
  const logHealth = options.logHealth ?? (processMetrics ? stdoutLogHealth : undefined);
  if (logHealth) registerLogHealth(registry, logHealth);
  const record = createRequestSeries(registry);
  const observer =
    (chainId?: string): Observer =>
    (req, exchange, status, aborted) => {
      // Answers only: a connection closed before its answer has no status to count.
      if (aborted) return;
      // The route template, not the raw path, so label cardinality stays bounded: an operation's
      // from the exchange, a route of Express's (docs, /metrics) from the route it matched.
      const expressRoute = (req as { route?: { path?: unknown } }).route?.path;
      const route = exchange.route ?? (expressRoute === undefined ? "unmatched" : String(expressRoute));
      record(
        {
          method: exchange.method,
          route,
          status: String(status),
          ...(chainId === undefined ? {} : { chain_id: chainId }),
        },
        (performance.now() - exchange.started) / 1000,
      );
    };
  const metrics: Metrics = {
    registry,
    observe: observer(),
    forChain: (chainId) => ({ ...metrics, observe: observer(chainId) }),
  };
  return metrics;
}
