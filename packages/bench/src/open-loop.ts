/**
 * Reads at a fixed rate (an open loop): request i is due at start + i/rate whether or not earlier
 * ones were answered, and its latency counts from when it was due, so a server that falls behind
 * shows in the percentiles instead of slowing the load down (no coordinated omission).
 *
 * Each window starts with `warmUpSec` of the same load, unmeasured, on the same connections: a
 * window's first requests otherwise open its sockets (a 100-370 ms stall at every window's start,
 * bench:many-chains with --trace-gc and each slow answer's time logged, 2026-11-28).
 *
 * Why not autocannon's `overallRate`: it sends each second's requests as a burst at the start of
 * the second and then waits, so at 500 req/s the idle p99 was 17-36 ms against 8 ms in a closed
 * loop at 3 000 req/s on the same server: the burst's own queue, not the server's latency.
 */
import http from "node:http";
import { assertLoopback } from "@weft/loadtest/runner/loopback";

export interface OpenLoopResult {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Non-2xx answers and transport errors. */
  errors: number;
  /** Every answered request's latency, ascending (for percentiles over several windows together). */
  latenciesMs: number[];
}

export interface OpenLoopOptions {
  /** Absolute loopback URLs, taken in turn. */
  urls: string[];
  ratePerSec: number;
  durationSec: number;
  /** Longest a request may take before it counts as an error. @default 10000 */
  timeoutMs?: number;
  /** Seconds of the same load sent first and not counted. @default 0 */
  warmUpSec?: number;
}

/** The q-quantile of sorted `xs` (nearest rank), 0 when empty. */
export const quantile = (sorted: readonly number[], q: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0);

/** `quantile` in ms to 0.1 ms, as the results report it. */
export const quantileMs = (sorted: readonly number[], q: number) => Math.round(quantile(sorted, q) * 10) / 10;

export async function measureOpenLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  const { urls, ratePerSec, durationSec } = options;
  if (urls.length === 0) throw new Error("open loop: no URLs");
  for (const url of urls) assertLoopback(url);
  // Enough sockets that the client never queues a due request behind its own pool.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const warmUp = Math.floor(ratePerSec * (options.warmUpSec ?? 0));
  const total = warmUp + Math.floor(ratePerSec * durationSec);
  const latencies: number[] = [];
  let errors = 0;
  const send = (url: string, dueAt: number, counted: boolean) =>
    new Promise<void>((resolve) => {
      const done = (ok: boolean) => {
        if (counted && ok) latencies.push(performance.now() - dueAt);
        else if (counted) errors += 1;
        resolve();
      };
      const req = http.get(url, { agent, timeout: options.timeoutMs ?? 10_000 }, (res) => {
        res.resume();
        res.on("end", () => done((res.statusCode ?? 0) < 300));
        res.on("error", () => done(false));
      });
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", () => done(false));
    });
  const start = performance.now();
  const dueAt = (i: number) => start + (i * 1000) / ratePerSec;
  const pending: Promise<void>[] = [];
  let next = 0;
  while (next < total) {
    const now = performance.now();
    // Everything due by now goes out, even if the loop woke late.
    while (next < total && dueAt(next) <= now) {
      pending.push(send(urls[next % urls.length] ?? "", dueAt(next), next >= warmUp));
      next += 1;
    }
    const wait = dueAt(next) - performance.now();
    await new Promise((r) => setTimeout(r, Math.max(0, Math.floor(wait))));
  }
  await Promise.all(pending);
  const elapsedSec = (performance.now() - dueAt(warmUp)) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSec: latencies.length / elapsedSec,
    p50Ms: quantileMs(latencies, 0.5),
    p99Ms: quantileMs(latencies, 0.99),
    requests: total - warmUp,
    errors,
    latenciesMs: latencies,
  };
}
