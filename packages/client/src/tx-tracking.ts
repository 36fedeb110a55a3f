/**
 * After a broadcast: register the tx with `POST /v2/tx/track` until the server accepts it, then poll
 * `GET /v2/tx/status` until the transfer is terminal (spec/src/paths/router/track.yaml, tx-status.yaml).
 * Both loops are bounded and back off, like the clients in the reference notes (section 5.6): a tx
 * just broadcast may not be known to every node yet, and a status endpoint may hiccup.
 */
import { attempt } from "./router-call.js";
import type { TrackResponse, TxStatus } from "./router-types.js";
import { backoffDelay } from "./sleep.js";
import { TransferError } from "./transfer-error.js";
import type { WeftClient } from "./weft-client.js";

export interface TrackOptions {
  /** Tries of `POST /v2/tx/track` before giving up. @default 10 */
  attempts?: number;
  /** @default 1000 */
  baseDelayMs?: number;
  /** @default 10000 */
  maxDelayMs?: number;
}

export interface PollOptions {
  /** First wait between two status requests; grows by `factor`. @default 1000 */
  intervalMs?: number;
  /** @default 10000 */
  maxIntervalMs?: number;
  /** @default 1.5 */
  factor?: number;
  /** Failed status requests in a row (network, 404, 429, 5xx) before giving up. @default 10 */
  maxConsecutiveErrors?: number;
}

export interface TrackingContext {
  client: WeftClient;
  signal: AbortSignal | undefined;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
}

export interface BroadcastTx {
  tx_hash: string;
  chain_id: string;
}

/**
 * Retried: no answer, 404 (a replica or upstream that has not seen the chain or tx yet), 408, 429
 * and 5xx. A 400 is the caller's bug and retrying cannot fix it; nor can it a 404 whose details
 * name `body.chain_id` (Weft: the chain is not in the router's registry).
 */
const isRetried = (status: number | undefined) =>
  status === undefined || status === 404 || status === 408 || status === 429 || status >= 500;
const isUnsupportedChain = (failure: TransferError) =>
  failure.status === 404 && (failure.body?.details ?? []).some((d) => d.field === "body.chain_id");

const TERMINAL_STATUSES: ReadonlySet<string> = new Set(["STATE_COMPLETED", "STATE_FAILED"]);
/** Also terminal when a server reports them under another `status` (Skip says COMPLETED for failures). */
const TERMINAL_STATES: ReadonlySet<string> = new Set([
  "STATE_COMPLETED_SUCCESS",
  "STATE_COMPLETED_ERROR",
  "STATE_ABANDONED",
]);

/** Whether polling can stop: the transfer succeeded, failed or was abandoned. */
export const isTerminal = (status: TxStatus): boolean =>
  TERMINAL_STATUSES.has(status.status) || TERMINAL_STATES.has(status.state);

/** The only success: the funds arrived (spec: transaction-state.yaml). */
export const isSuccess = (status: TxStatus): boolean => status.state === "STATE_COMPLETED_SUCCESS";

/** `POST /v2/tx/track` until accepted. @throws TransferError (step `track`) after the last attempt. */
export async function trackUntilAccepted(
  context: TrackingContext,
  tx: BroadcastTx,
  options: TrackOptions = {},
): Promise<TrackResponse> {
  const attempts = Math.max(1, options.attempts ?? 10);
  const backoff = {
    baseDelayMs: options.baseDelayMs ?? 1_000,
    maxDelayMs: options.maxDelayMs ?? 10_000,
    random: context.random,
  };
  for (let i = 0; ; i++) {
    const outcome = await attempt("track", context.signal, () =>
      context.client.POST("/v2/tx/track", { body: tx, signal: context.signal }),
    );
    if (outcome.ok) return outcome.data;
    if (!isRetried(outcome.status) || isUnsupportedChain(outcome.failure)) throw outcome.failure;
    if (i + 1 >= attempts) {
      throw new TransferError({
        step: "track",
        status: outcome.status,
        body: outcome.failure.body,
        message: `track gave up after ${attempts} attempts; last: ${outcome.failure.message}`,
        cause: outcome.failure,
      });
    }
    await context.sleep(backoffDelay(i, backoff), context.signal);
  }
}

/**
 * Polls `GET /v2/tx/status`, yielding each status that differs from the previous one, and returns
 * the terminal one. A 404 means the server lost track of the tx, so it is tracked again.
 * @throws TransferError (step `status`) after `maxConsecutiveErrors` failures in a row, or on a 400.
 */
export async function* pollStatus(
  context: TrackingContext,
  tx: BroadcastTx,
  options: PollOptions = {},
): AsyncGenerator<TxStatus, TxStatus, undefined> {
  const backoff = {
    baseDelayMs: options.intervalMs ?? 1_000,
    maxDelayMs: options.maxIntervalMs ?? 10_000,
    factor: options.factor ?? 1.5,
    random: context.random,
  };
  const maxErrors = options.maxConsecutiveErrors ?? 10;
  let errors = 0;
  let previous = "";
  for (let poll = 0; ; poll++) {
    const outcome = await attempt("status", context.signal, () =>
      context.client.GET("/v2/tx/status", { params: { query: tx }, signal: context.signal }),
    );
    if (outcome.ok) {
      errors = 0;
      const current = JSON.stringify(outcome.data);
      if (current !== previous) yield outcome.data;
      previous = current;
      if (isTerminal(outcome.data)) return outcome.data;
    } else {
      errors++;
      if (!isRetried(outcome.status) || errors > maxErrors) throw outcome.failure;
      if (outcome.status === 404) {
        // Re-tracking is idempotent; if it fails too, the next poll counts the error.
        await attempt("track", context.signal, () =>
          context.client.POST("/v2/tx/track", { body: tx, signal: context.signal }),
        );
      }
    }
    await context.sleep(backoffDelay(poll, backoff), context.signal);
  }
}
