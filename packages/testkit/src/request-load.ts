/**
 * A steady load on a running API: a few loops, each sending one request after another over a fixed
 * list of paths, recording when each started and ended, its status, and what a 503 said. What the
 * outage test asserts on and the outage benchmark prints.
 */

export interface RequestSample {
  path: string;
  /** Milliseconds since the load's epoch (the scenario's clock). */
  startMs: number;
  endMs: number;
  /** HTTP status; 0 when no answer came (the client gave up after `timeoutMs` or the connection failed). */
  status: number;
  /** Body of a non-2xx answer, parsed when JSON (the error envelope). */
  body?: unknown;
  retryAfter?: string | null;
  error?: string;
}

export interface RequestLoad {
  /** Stops every loop after its request in flight and returns every sample, in start order. */
  stop(): Promise<RequestSample[]>;
  /** Samples so far (a copy). */
  samples(): RequestSample[];
}

/**
 * Starts `loops` request loops against `base`. Loop i starts at path i, so the paths are in flight
 * together; each pauses `pauseMs` between requests, which keeps a fast 503 from turning the load
 * into a spin on a two-core machine.
 */
export function startRequestLoad(options: {
  base: string;
  paths: string[];
  loops: number;
  pauseMs: number;
  /** A request still unanswered after this long is recorded as status 0 and abandoned. */
  timeoutMs: number;
  /** The scenario's clock, shared with the phases. */
  now: () => number;
}): RequestLoad {
  const samples: RequestSample[] = [];
  let stopping = false;
  const loop = async (first: number) => {
    for (let i = first; !stopping; i++) {
      const path = options.paths[i % options.paths.length] ?? "/";
      samples.push(await request(options, path));
      if (options.pauseMs > 0) await new Promise((r) => setTimeout(r, options.pauseMs));
    }
  };
  const running = Array.from({ length: options.loops }, (_, i) => loop(i));
  return {
    async stop() {
      stopping = true;
      await Promise.all(running);
      return [...samples].sort((a, b) => a.startMs - b.startMs);
    },
    samples: () => [...samples],
  };
}

async function request(
  options: { base: string; timeoutMs: number; now: () => number },
  path: string,
): Promise<RequestSample> {
  const startMs = options.now();
  try {
    const res = await fetch(`${options.base}${path}`, { signal: AbortSignal.timeout(options.timeoutMs) });
    const text = await res.text();
    const sample: RequestSample = { path, startMs, endMs: options.now(), status: res.status };
    if (res.status >= 300) {
      try {
        sample.body = JSON.parse(text);
      } catch {
        sample.body = text;
      }
      sample.retryAfter = res.headers.get("retry-after");
    }
    return sample;
  } catch (err) {
    return { path, startMs, endMs: options.now(), status: 0, error: (err as Error).message };
  }
}

/** The `q` quantile (0..1) of `values` by nearest rank; 0 for none. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

const SLOW_MS = 1_000;

export interface SampleStats {
  requests: number;
  ok: number;
  unavailable: number;
  /** Anything else: 4xx, 5xx other than 503, no answer. */
  other: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Requests that took a second or more: those that waited for a timeout. */
  slow: number;
}

export function sampleStats(samples: RequestSample[]): SampleStats {
  const latencies = samples.map((s) => s.endMs - s.startMs);
  return {
    requests: samples.length,
    ok: samples.filter((s) => s.status >= 200 && s.status < 300).length,
    unavailable: samples.filter((s) => s.status === 503).length,
    other: samples.filter((s) => s.status < 200 || (s.status >= 300 && s.status !== 503)).length,
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
    maxMs: latencies.length ? Math.max(...latencies) : 0,
    slow: latencies.filter((ms) => ms >= SLOW_MS).length,
  };
}
