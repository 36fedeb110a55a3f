/**
 * Fetches heights in bounded parallel and hands them over in strict height order: the writer can
 * then commit block N only after N-1, while up to `concurrency` later blocks are already in flight.
 */
import { setMaxListeners } from "node:events";

export interface OrderedFetchOptions<T> {
  from: bigint;
  /** Inclusive last height. */
  to: bigint;
  /** Blocks in flight at once. */
  concurrency: number;
  fetch(height: bigint, signal: AbortSignal): Promise<T>;
  signal?: AbortSignal;
}

/**
 * Yields `{height, value}` for every height from `from` to `to`, in order. A fetch that fails makes
 * the iteration throw (after in-flight fetches are aborted); retries belong inside `fetch`.
 */
export async function* fetchInOrder<T>(
  options: OrderedFetchOptions<T>,
): AsyncGenerator<{ height: bigint; value: T }> {
  const { from, to, concurrency } = options;
  if (concurrency < 1) throw new RangeError("concurrency must be >= 1");
  const controller = new AbortController();
  // Every request in flight (several per block, `concurrency` blocks) listens for this one stop:
  // more than Node's default of 10 listeners is the design, not a leak (each is removed when its
  // request ends), so the warning would only mislead operators.
  setMaxListeners(0, controller.signal);
  const abortFromOutside = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener("abort", abortFromOutside, { once: true });
  const inFlight = new Map<bigint, Promise<T>>();
  let next = from;
  const fill = () => {
    while (next <= to && inFlight.size < concurrency) {
      const height = next;
      const promise = options.fetch(height, controller.signal);
      // Avoid an unhandled rejection while the promise waits its turn; the await below rethrows it.
      promise.catch(() => undefined);
      inFlight.set(height, promise);
      next += 1n;
    }
  };
  try {
    for (let height = from; height <= to; height += 1n) {
      fill();
      const promise = inFlight.get(height);
      if (!promise) throw new Error(`internal: height ${height} was not scheduled`);
      const value = await promise;
      inFlight.delete(height);
      yield { height, value };
    }
  } finally {
    controller.abort(new Error("fetchInOrder stopped"));
    options.signal?.removeEventListener("abort", abortFromOutside);
  }
}
