/**
 * One bounded autocannon measurement of one request mix: requests/s, latency percentiles, errors.
 */
import autocannon from "autocannon";
import { assertLoopback } from "./loopback.js";
import { median } from "./median.js";

export interface Target {
  method?: "GET" | "POST";
  /** Absolute URL (loopback only). */
  url: string;
  body?: string;
}

export interface Measurement {
  name: string;
  requestsPerSec: number;
  p50Ms: number;
  /** autocannon has no p95; p97.5 bounds it from above, so a p95 threshold checked on it is conservative. */
  p97_5Ms: number;
  p99Ms: number;
  requests: number;
  /** Non-2xx responses plus transport errors and timeouts. */
  errors: number;
  /**
   * CPU this process (autocannon runs in it) used over the measurement, in cores. Near 1 the load
   * generator, not the server, set the req/s: on one core autocannon tops out near 66 000 req/s
   * where wrk drove the same raw socket server to 97 000-110 000.
   */
  generatorCpu: number;
}

export interface MeasureOptions {
  name: string;
  /** Requests rotate over these targets (one connection takes the next target each request). */
  targets: Target[];
  durationSec: number;
  connections: number;
  /** Cap on request rate across connections; omit for maximum throughput. */
  overallRate?: number;
  timeoutSec?: number;
}

export async function measure(options: MeasureOptions): Promise<Measurement> {
  const first = options.targets[0];
  if (!first) throw new Error(`${options.name}: no targets`);
  for (const t of options.targets) assertLoopback(t.url);
  const base = new URL(first.url);
  const requests = options.targets.map((t) => {
    const u = new URL(t.url);
    return {
      method: t.method ?? "GET",
      path: `${u.pathname}${u.search}`,
      ...(t.body ? { body: t.body, headers: { "content-type": "application/json" } } : {}),
    };
  });
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const result = await autocannon({
    url: `${base.protocol}//${base.host}`,
    requests,
    duration: options.durationSec,
    connections: options.connections,
    timeout: options.timeoutSec ?? 10,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
  });
  const cpu = process.cpuUsage(cpuBefore);
  const wallUs = (performance.now() - wallBefore) * 1000;
  return {
    name: options.name,
    generatorCpu: wallUs > 0 ? (cpu.user + cpu.system) / wallUs : 0,
    requestsPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p97_5Ms: result.latency.p97_5,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/**
 * Rounds of one measurement as one: the median of each rate and percentile, requests and errors
 * summed, the generator's busiest round. One 5 s run's p99 moves by whole milliseconds with the
 * host (autocannon's resolution), which on a 4 ms p99 is 25%: a verdict on a ratio of p99s is taken
 * on medians of alternated rounds, not on one run.
 */
export function medianOfRounds(rounds: Measurement[]): Measurement {
  const first = rounds[0];
  if (!first) throw new Error("medianOfRounds: no rounds");
  const of = (pick: (m: Measurement) => number) => median(rounds.map(pick));
  return {
    name: first.name,
    requestsPerSec: of((m) => m.requestsPerSec),
    p50Ms: of((m) => m.p50Ms),
    p97_5Ms: of((m) => m.p97_5Ms),
    p99Ms: of((m) => m.p99Ms),
    requests: rounds.reduce((sum, m) => sum + m.requests, 0),
    errors: rounds.reduce((sum, m) => sum + m.errors, 0),
    generatorCpu: Math.max(...rounds.map((m) => m.generatorCpu)),
  };
}
