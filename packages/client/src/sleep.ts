/** Waiting that an AbortSignal can cut short, and the backoff schedule every retry loop here shares. */

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

export interface Backoff {
  /** First delay. */
  baseDelayMs: number;
  /** No delay is longer. */
  maxDelayMs: number;
  /** Growth per attempt. @default 2 */
  factor?: number;
  /** [0, 1) source for jitter. @default Math.random */
  random?: () => number;
}

/**
 * Delay before retry `attempt` (0-based): exponential, capped, with jitter in [50 %, 100 %] so many
 * clients that failed together do not come back together.
 */
export function backoffDelay(attempt: number, backoff: Backoff): number {
  const raw = backoff.baseDelayMs * (backoff.factor ?? 2) ** attempt;
  return Math.min(backoff.maxDelayMs, raw) * (0.5 + (backoff.random ?? Math.random)() / 2);
}
