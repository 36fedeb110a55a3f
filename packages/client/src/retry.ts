/**
 * Retries of idempotent requests, as an openapi-fetch middleware: on 429, 5xx and network errors,
 * with exponential backoff, jitter, `Retry-After`, and an attempt limit. Non-idempotent requests are
 * never retried (a retried POST could act twice).
 */
import type { Middleware } from "openapi-fetch";
import { abortableSleep, backoffDelay } from "./sleep.js";

/** POSTs that only compute or are idempotent by contract, safe to send twice. */
export const IDEMPOTENT_POST_PATHS = [
  "/v2/info/balances",
  "/v2/fungible/assets_between_chains",
  "/v2/fungible/ibc_origin_assets",
  "/v2/fungible/assets_from_source",
  "/v2/fungible/route",
  "/v2/fungible/msgs",
  "/v2/fungible/msgs_direct",
  "/v2/fungible/recommend_assets",
  "/op-hook",
  "/nft",
  "/v2/tx/track",
];

export interface RetryOptions {
  /** Retries after the first try. @default 3 */
  retries?: number;
  /** First backoff; doubles each retry. @default 200 */
  baseDelayMs?: number;
  /** @default 5000 */
  maxDelayMs?: number;
  /** Which requests may be retried. @default GET/HEAD/OPTIONS, and POSTs to IDEMPOTENT_POST_PATHS */
  isIdempotent?: (request: Request) => boolean;
  /** Injected for tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
  /** The fetch retries go through (the client's own). @default globalThis.fetch */
  fetch?: (input: Request) => Promise<Response>;
}

const RETRY_STATUSES = new Set([408, 429, 500, 502, 503, 504]);

const defaultIdempotent = (request: Request) =>
  ["GET", "HEAD", "OPTIONS"].includes(request.method) ||
  (request.method === "POST" && IDEMPOTENT_POST_PATHS.some((p) => new URL(request.url).pathname.endsWith(p)));

/** Creates the middleware: `client.use(createRetryMiddleware())`. */
export function createRetryMiddleware(options: RetryOptions = {}): Middleware {
  const retries = options.retries ?? 3;
  const base = options.baseDelayMs ?? 200;
  const cap = options.maxDelayMs ?? 5_000;
  const isIdempotent = options.isIdempotent ?? defaultIdempotent;
  const sleep = options.sleep ?? abortableSleep;
  const random = options.random ?? Math.random;
  const doFetch = options.fetch ?? ((input: Request) => fetch(input));
  // Bodies are streams: keep a pristine copy of each request to send again. Keep the live request
  // too: undici links its signal to the caller's only through a WeakRef to a controller the live
  // request owns, so once nothing else held it a collection during the wait dropped the abort.
  const originals = new Map<string, { pristine: Request; live: Request }>();

  const delay = (attempt: number, response?: Response) => {
    const retryAfter = Number(response?.headers.get("retry-after"));
    if (Number.isFinite(retryAfter) && retryAfter > 0) return Math.min(retryAfter * 1000, cap);
    return backoffDelay(attempt, { baseDelayMs: base, maxDelayMs: cap, random });
  };

  async function again(id: string, attemptFrom: number, last?: Response): Promise<Response> {
    const recorded = originals.get(id);
    if (!recorded) throw new Error("retry: request was not recorded");
    const { pristine, live } = recorded;
    let response = last;
    let lastError: unknown;
    for (let attempt = attemptFrom; attempt < retries; attempt++) {
      await sleep(delay(attempt, response), live.signal);
      try {
        response = await doFetch(pristine.clone());
        lastError = undefined;
        if (!RETRY_STATUSES.has(response.status)) return response;
      } catch (err) {
        if (live.signal.aborted) throw err;
        lastError = err;
        response = undefined;
      }
    }
    if (response) return response;
    throw lastError;
  }

  return {
    onRequest({ request, id }) {
      if (isIdempotent(request) && retries > 0)
        originals.set(id, { pristine: request.clone(), live: request });
      return undefined;
    },
    async onResponse({ response, id }) {
      try {
        if (!originals.has(id) || !RETRY_STATUSES.has(response.status)) return response;
        return await again(id, 0, response);
      } finally {
        originals.delete(id);
      }
    },
    async onError({ error, id }) {
      try {
        if (!originals.has(id) || originals.get(id)?.live.signal.aborted)
          return error instanceof Error ? error : new Error(String(error));
        return await again(id, 0);
      } finally {
        originals.delete(id);
      }
    },
  };
}
