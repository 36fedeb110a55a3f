/**
 * A bound on how fast a process backfills (INGEST_BACKFILL_RATE): blocks per second, shared by every
 * chain the process follows (`weft ingest --chains` hands one budget to all its loops).
 *
 * Why: a backfill takes whatever the machine has. It fetches INGEST_CONCURRENCY blocks at once and
 * pipelines its writes, so on the cores it shares with `weft serve` and Postgres it takes the CPU
 * other chains' reads need: measured with bench:many-chains on 2 cores, one chain backfilling moved
 * another chain's read p99 by +200% and more (BENCHMARKS.md, "Many chains"). Each block costs the
 * node, this process and Postgres about the same work, so a bound on blocks per second bounds the
 * backfill's share of all three, wherever they run.
 *
 * Permits are handed out evenly (one every 1000/rate ms, no burst): a burst would bring back the
 * contention for its length, which is what a read's p99 sees. Callers wait in the order they asked,
 * so chains backfilling at once share the rate about equally (each asks for its next blocks as its
 * earlier ones are answered).
 */

export interface BackfillBudget {
  /** Blocks per second, all callers together. */
  readonly blocksPerSec: number;
  /** Resolves when the caller may fetch one block; rejects with the signal's reason on abort. */
  take(signal: AbortSignal): Promise<void>;
}

export function createBackfillBudget(
  blocksPerSec: number,
  now: () => number = () => performance.now(),
): BackfillBudget {
  if (!(blocksPerSec > 0)) throw new RangeError("blocksPerSec must be > 0");
  const intervalMs = 1000 / blocksPerSec;
  /** When the next permit is due: permits already promised push it further out. */
  let nextAt = Number.NEGATIVE_INFINITY;
  return {
    blocksPerSec,
    take(signal) {
      if (signal.aborted) return Promise.reject(signal.reason);
      const t = now();
      // An idle budget does not save up permits (no burst after a pause).
      const at = Math.max(t, nextAt);
      nextAt = at + intervalMs;
      const wait = at - t;
      if (wait <= 0) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          clearTimeout(timer);
          reject(signal.reason);
        };
        const timer = setTimeout(() => {
          signal.removeEventListener("abort", onAbort);
          resolve();
        }, wait);
        signal.addEventListener("abort", onAbort, { once: true });
      });
    },
  };
}
