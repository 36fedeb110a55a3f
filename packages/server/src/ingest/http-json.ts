/**
 * JSON over HTTP for the node clients: a timeout per attempt, retries with exponential backoff and
 * jitter on retryable failures only (`shouldRetry`), and a concurrency limit across callers.
 */
export const RPC_TIMEOUT_MS = 10_000;
const DEFAULT_RETRIES = 5;
const BACKOFF_BASE_MS = 200;
const BACKOFF_MAX_MS = 5_000;

export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly url: string,
    readonly body: string,
  ) {
    super(`HTTP ${status} from ${url}: ${body.slice(0, 200)}`);
    this.name = "HttpStatusError";
  }
}

/**
 * Retry timeouts, 5xx, 429 and connection failures; never a 4xx or a body that is not JSON (the
 * node answered; asking again gives the same answer).
 */
export function shouldRetry(err: unknown): boolean {
  if (err instanceof HttpStatusError) return err.status >= 500 || err.status === 429 || err.status === 408;
  if (err instanceof SyntaxError) return false;
  if (err instanceof Error && err.name === "AbortError") return false;
  return err instanceof Error; // TypeError("fetch failed"), TimeoutError, ECONNRESET...
}

export interface HttpJson {
  get<T>(url: string, signal?: AbortSignal): Promise<T>;
  /** POSTs `body` as JSON (JSON-RPC); retried like `get`, as node reads are idempotent. */
  post<T>(url: string, body: unknown, signal?: AbortSignal): Promise<T>;
}

export function createHttpJson(
  options: {
    fetch?: typeof fetch;
    timeoutMs?: number;
    retries?: number;
    concurrency?: number;
    sleep?: (ms: number) => Promise<void>;
    random?: () => number;
  } = {},
): HttpJson {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? RPC_TIMEOUT_MS;
  const retries = options.retries ?? DEFAULT_RETRIES;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const random = options.random ?? Math.random;
  const limit = options.concurrency ?? 16;
  let active = 0;
  const waiting: (() => void)[] = [];
  const acquire = async () => {
    if (active >= limit) await new Promise<void>((r) => waiting.push(r));
    active++;
  };
  const release = () => {
    active--;
    waiting.shift()?.();
  };

  /**
   * One attempt, headers and body, bounded by `timeoutMs`. Not `AbortSignal.any([signal,
   * AbortSignal.timeout()])`: on Node 20 the composite holds its sources only weakly and the timeout's
   * timer holds its signal weakly too, so once this function is optimised (it keeps nothing it no
   * longer reads after the await) a GC can collect the timeout signal, its timer is cancelled, and a
   * request to a node that never answers waits forever. Here the timer owns the controller, and both
   * are cleaned up when the attempt ends.
   */
  async function once<T>(url: string, init: RequestInit, signal?: AbortSignal): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(
      () =>
        controller.abort(new DOMException(`no answer from ${url} within ${timeoutMs} ms`, "TimeoutError")),
      timeoutMs,
    );
    const onAbort = () => controller.abort(signal?.reason);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener("abort", onAbort, { once: true });
    try {
      const res = await doFetch(url, { ...init, signal: controller.signal });
      const text = await res.text();
      if (!res.ok) throw new HttpStatusError(res.status, url, text);
      return JSON.parse(text) as T;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
  }

  async function request<T>(url: string, init: RequestInit, signal?: AbortSignal): Promise<T> {
    await acquire();
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          return await once<T>(url, init, signal);
        } catch (err) {
          if (signal?.aborted || attempt >= retries || !shouldRetry(err)) throw err;
          await sleep(Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt) * (0.5 + random() / 2));
        }
      }
    } finally {
      release();
    }
  }

  return {
    get: <T>(url: string, signal?: AbortSignal) => request<T>(url, {}, signal),
    post: <T>(url: string, body: unknown, signal?: AbortSignal) =>
      request<T>(
        url,
        { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
        signal,
      ),
  };
}
