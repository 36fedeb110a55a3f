/**
 * One Router API call as a `transfer()` step: the data on a 2xx, a TransferError naming the step
 * otherwise, and the abort reason (not a wrapped error) when the caller cancelled.
 */
import { httpFailure, TransferError, type TransferStep } from "./transfer-error.js";

export interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** What one attempt gave: the data, or an HTTP answer or network error to judge for a retry. */
export type Attempt<T> =
  | { ok: true; data: T }
  | { ok: false; status: number | undefined; failure: TransferError };

export async function attempt<T>(
  step: TransferStep,
  signal: AbortSignal | undefined,
  run: () => Promise<FetchResult<T>>,
): Promise<Attempt<T>> {
  let result: FetchResult<T>;
  try {
    result = await run();
  } catch (err) {
    // fetch rejects with an AbortError of its own; the caller should see the reason it gave.
    signal?.throwIfAborted();
    const message = `${step} failed: ${err instanceof Error ? err.message : String(err)}`;
    return { ok: false, status: undefined, failure: new TransferError({ step, message, cause: err }) };
  }
  if (result.data !== undefined) return { ok: true, data: result.data };
  return {
    ok: false,
    status: result.response.status,
    failure: httpFailure(step, result.response, result.error),
  };
}

/** A single call that is not retried here (the client's retry middleware may still retry it). */
export async function callOnce<T>(
  step: TransferStep,
  signal: AbortSignal | undefined,
  run: () => Promise<FetchResult<T>>,
): Promise<T> {
  const outcome = await attempt(step, signal, run);
  if (!outcome.ok) throw outcome.failure;
  return outcome.data;
}
