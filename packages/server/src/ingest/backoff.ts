/**
 * Exponential backoff with jitter for the ingest loop's retries: a database restart or a node
 * upgrade heals in seconds to minutes, so the first retries come fast and later ones settle at a cap
 * instead of hammering a server that is starting up. Reset after progress.
 */

/** First retry delay. */
export const BACKOFF_BASE_MS = 500;
/** Longest wait between two attempts. */
export const BACKOFF_MAX_MS = 30_000;
/**
 * Longest wait after a database failure. Retrying costs the database nothing while it is away (the
 * pool's circuit breaker, db/availability.ts, refuses at once and probes on its own every 500 ms),
 * while a long wait delays recovery: with the 30 s cap, two 10 s outages 8 s apart left ingestion idle
 * up to 37 s after the database was back (bench:outage), against 0.1 s for the API.
 */
export const DATABASE_BACKOFF_MAX_MS = 2_000;

export interface Backoff {
  /** The delay before the next attempt (grows with each call until `reset`), at most `capMs` when given. */
  next(capMs?: number): number;
  /** Progress was made: the next failure waits `baseMs` again. */
  reset(): void;
  /** Failures since the last reset. */
  readonly failures: number;
}

/**
 * Delays double from `baseMs` to `maxMs`; each is drawn from the upper half of its step ("equal
 * jitter"), so several processes restarted by one outage do not retry in lockstep.
 */
export function createBackoff(
  options: {
    /** @default BACKOFF_BASE_MS */
    baseMs?: number;
    /** @default BACKOFF_MAX_MS */
    maxMs?: number;
    random?: () => number;
  } = {},
): Backoff {
  const base = options.baseMs ?? BACKOFF_BASE_MS;
  const max = Math.max(base, options.maxMs ?? BACKOFF_MAX_MS);
  const random = options.random ?? Math.random;
  let failures = 0;
  return {
    next(capMs) {
      // 2 ** failures overflows to Infinity long after it passed the cap: min() keeps it finite.
      const step = Math.min(max, capMs ?? max, base * 2 ** failures);
      failures++;
      return Math.round(step / 2 + (step / 2) * random());
    },
    reset() {
      failures = 0;
    },
    get failures() {
      return failures;
    },
  };
}
