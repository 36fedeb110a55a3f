import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";
import type { Observer } from "./exchange.js";

/** Request latency buckets (seconds): dense under 50 ms, where indexer reads should live. */
const LATENCY_BUCKETS_S = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export interface Metrics {
  registry: Registry;
  /** Counts and times every request by method, route template and status. */
  observe: Observer;
  /**
   * What /metrics answers, when it is more than this registry (an HTTP worker of `serve --workers N`:
   * every process's series, from the primary). @default the registry's own text
   */
  exposition?: () => Promise<string>;
}

/**
 * Metrics of one app instance. Each app owns its registry (no prom-client global), so tests and
 * several apps in one process never share counters.
 */
export function createMetrics(options: { collectProcessMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.collectProcessMetrics ?? true) collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests served, by method, route template and status.",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP request latency in seconds, by method, route template and status.",
    labelNames: ["method", "route", "status"] as const,
    buckets: LATENCY_BUCKETS_S,
    registers: [registry],
  });
  const observe: Observer = (req, exchange, status, aborted) => {
    // Answers only: a connection closed before its answer has no status to count.
    if (aborted) return;
    // The route template, not the raw path, so label cardinality stays bounded: an operation's
    // from the exchange, a route of Express's (docs, /metrics) from the route it matched.
    const expressRoute = (req as { route?: { path?: unknown } }).route?.path;
    const route = exchange.route ?? (expressRoute === undefined ? "unmatched" : String(expressRoute));
    const labels = { method: exchange.method, route, status: String(status) };
    requests.inc(labels);
    duration.observe(labels, (performance.now() - exchange.started) / 1000);
  };
  return { registry, observe };
}
