/**
 * JSON over HTTP for the node clients: a timeout per attempt, retries with exponential backoff and
 * jitter on retryable failures only (`shouldRetry`), and a concurrency limit across callers.
 *
 * Requests go through node:http(s) with keep-alive agents, not `fetch`: undici's fetch machinery
 * (Request/Response objects, web streams, abort plumbing) was ~12% of weft ingest's CPU on a
 * backfill, several times what the same request costs on node:http.
 */
import { Agent as HttpAgent, request as httpRequest, STATUS_CODES } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";

export const RPC_TIMEOUT_MS = 10_000;
const DEFAULT_RETRIES = 5;
const BACKOFF_BASE_MS = 200;
const BACKOFF_MAX_MS = 5_000;

/** At most this many characters of a body that was not what we asked for go into an error message. */
const BODY_EXCERPT_CHARS = 120;

/** The start of a body, on one line and quoted, or "an empty body". */
function excerpt(body: string): string {
  const flat = body.replace(/\s+/g, " ").trim();
  if (flat === "") return "an empty body";
  return JSON.stringify(flat.length > BODY_EXCERPT_CHARS ? `${flat.slice(0, BODY_EXCERPT_CHARS)}...` : flat);
}

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
 * The node answered 2xx, but not with JSON (a web page, a proxy's banner, the wrong port). A
 * SyntaxError, so `shouldRetry` never asks again.
 */
export class NotJsonError extends SyntaxError {
  constructor(
    readonly url: string,
    readonly contentType: string,
    readonly body: string,
  ) {
    super(`the answer from ${url} is not JSON (${contentType || "no content-type"}): ${excerpt(body)}`);
    this.name = "NotJsonError";
  }
}

/** What a connection failure's system code means, for the people reading it. */
const CONNECT_FAILURES: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host name lookup failed",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ETIMEDOUT: "connection timed out",
  CERT_HAS_EXPIRED: "its TLS certificate has expired",
};

/** No HTTP answer at all: no connection, or the connection broke before an answer. */
export class UnreachableError extends Error {
  constructor(
    readonly url: string,
    /** e.g. "connection refused (ECONNREFUSED)" */
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`cannot reach ${url}: ${reason}`, options);
    this.name = "UnreachableError";
  }
}

/** A request that got no answer, named by its system error code (refused, unknown host, ...). */
function unreachable(url: string, err: unknown): UnreachableError {
  const e = err as { code?: unknown; message?: unknown };
  const code = typeof e?.code === "string" ? e.code : undefined;
  const detail = typeof e?.message === "string" ? e.message : String(err);
  const reason = code ? `${CONNECT_FAILURES[code] ?? detail} (${code})` : detail;
  return new UnreachableError(url, reason, { cause: err });
}

/**
 * What went wrong with one request, in a few words, for a one-line message: "connection refused
 * (ECONNREFUSED)", "HTTP 404 Not Found with \"...\"", "a body that is not JSON (text/html): ...",
 * "no answer within 10000 ms".
 */
export function describeFailure(err: unknown): string {
  if (err instanceof UnreachableError) return err.reason;
  if (err instanceof HttpStatusError) {
    const text = STATUS_CODES[err.status];
    return `HTTP ${err.status}${text ? ` ${text}` : ""} with ${excerpt(err.body)}`;
  }
  if (err instanceof NotJsonError)
    return `a body that is not JSON (${err.contentType || "no content-type"}): ${excerpt(err.body)}`;
  if (err instanceof Error && err.name === "TimeoutError") return err.message;
  return err instanceof Error ? err.message : String(err);
}

/**
 * The node answered that it has no such thing. Real Initia nodes say so with HTTP 500 as often as
 * with a 4xx: CometBFT's GET routes wrap `tx (...) not found` in a 500, and the SDK's gateway answers
 * a missing Move resource with 500, code 2, `collections: not found` (fixtures/real-node/). A 4xx or
 * a 500 whose JSON error (gateway `{code, message}` or a JSON-RPC envelope) says "not found" counts.
 */
export function isNotFoundAnswer(err: unknown): boolean {
  if (!(err instanceof HttpStatusError)) return false;
  if (err.status === 404) return true;
  const clientError = err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429;
  if (!clientError && err.status !== 500) return false;
  let body: { code?: unknown; message?: unknown; error?: { message?: unknown; data?: unknown } };
  try {
    body = JSON.parse(err.body);
  } catch {
    return false;
  }
  if (body?.code === 5) return true; // gRPC NotFound
  const said = [body?.message, body?.error?.message, body?.error?.data].filter((t) => typeof t === "string");
  return said.some((t) => /not found/i.test(t as string));
}

/**
 * Retry timeouts, 5xx, 429 and connection failures; never a 4xx, an answer that the thing is not
 * found, or a body that is not JSON (the node answered; asking again gives the same answer).
 */
export function shouldRetry(err: unknown): boolean {
  if (err instanceof HttpStatusError)
    return (err.status >= 500 || err.status === 429 || err.status === 408) && !isNotFoundAnswer(err);
  if (err instanceof SyntaxError) return false;
  if (err instanceof Error && err.name === "AbortError") return false;
  return err instanceof Error; // UnreachableError (refused, reset...), TimeoutError
}

export interface HttpJson {
  /** `headers`: e.g. `x-cosmos-block-height`, which asks a Cosmos REST node for state at a height. */
  get<T>(url: string, signal?: AbortSignal, headers?: Record<string, string>): Promise<T>;
  /** POSTs `body` as JSON (JSON-RPC); retried like `get`, as node reads are idempotent. */
  post<T>(url: string, body: unknown, signal?: AbortSignal): Promise<T>;
}

/** What a node request carries besides its URL (GETs carry nothing). */
interface NodeRequest {
  method?: "POST";
  headers?: Record<string, string>;
  body?: string;
}

export function createHttpJson(
  options: {
    timeoutMs?: number;
    retries?: number;
    concurrency?: number;
    sleep?: (ms: number) => Promise<void>;
    random?: () => number;
  } = {},
): HttpJson {
  // One keep-alive pool per client: the node's connections are reused across requests.
  const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
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

  /** One exchange: the status, content type and body text of the answer. */
  function send(url: string, init: NodeRequest, signal: AbortSignal) {
    return new Promise<{ status: number; contentType: string; text: string }>((resolve, reject) => {
      const target = new URL(url);
      const secure = target.protocol === "https:";
      if (!secure && target.protocol !== "http:") throw new TypeError(`${url}: not an http(s) URL`);
      const req = (secure ? httpsRequest : httpRequest)(
        target,
        {
          method: init.method ?? "GET",
          headers: init.headers,
          agent: secure ? agents.https : agents.http,
          signal,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("error", reject);
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              contentType: String(res.headers["content-type"] ?? ""),
              text: Buffer.concat(chunks).toString("utf8"),
            }),
          );
        },
      );
      req.on("error", reject);
      req.end(init.body);
    });
  }

  /**
   * One attempt, headers and body, bounded by `timeoutMs`. The timer owns the controller, and both
   * are cleaned up when the attempt ends (not `AbortSignal.timeout()`, whose timer Node 20 holds only
   * weakly: a GC mid-request could cancel it and leave a request to a silent node waiting forever).
   */
  async function once<T>(url: string, init: NodeRequest, signal?: AbortSignal): Promise<T> {
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
      let answer: Awaited<ReturnType<typeof send>>;
      try {
        answer = await send(url, init, controller.signal);
      } catch (err) {
        // Aborted: the timeout's or the caller's reason, as it was given.
        if (controller.signal.aborted) throw controller.signal.reason;
        throw err instanceof TypeError ? err : unreachable(url, err);
      }
      if (answer.status < 200 || answer.status > 299)
        throw new HttpStatusError(answer.status, url, answer.text);
      try {
        return JSON.parse(answer.text) as T;
      } catch {
        throw new NotJsonError(url, answer.contentType, answer.text);
      }
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
  }

  async function request<T>(url: string, init: NodeRequest, signal?: AbortSignal): Promise<T> {
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
    get: <T>(url: string, signal?: AbortSignal, headers?: Record<string, string>) =>
      request<T>(url, headers ? { headers } : {}, signal),
    post: <T>(url: string, body: unknown, signal?: AbortSignal) =>
      request<T>(
        url,
        { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
        signal,
      ),
  };
}
