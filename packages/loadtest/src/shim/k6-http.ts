/**
 * The shim's `k6/http` module: the synchronous request API subset Weft's scripts use, emitting the
 * samples k6 emits per request (`http_reqs`, `http_req_duration`, `http_req_failed`) with k6's tags.
 * Whether a response is "expected" follows k6: the request's `responseCallback`, else the one set
 * with `setResponseCallback`, else 200-399; `null` emits no `http_req_failed` sample at all.
 */
import { emit } from "./state.js";
import { createSyncFetcher, type SyncFetcher } from "./sync-fetch.js";

const DEFAULT_TIMEOUT_MS = 60_000;
let fetcher: SyncFetcher | undefined;

/** What `http.expectedStatuses(...)` returns; only usable as a response callback, as in k6. */
export interface ExpectedStatuses {
  readonly expectedStatuses: true;
  match(status: number): boolean;
}

export function expectedStatuses(...args: (number | { min: number; max: number })[]): ExpectedStatuses {
  if (args.length === 0) throw new Error("no arguments");
  args.forEach((a, i) => {
    const ok =
      typeof a === "number"
        ? Number.isInteger(a)
        : typeof a === "object" && Number.isInteger(a?.min) && Number.isInteger(a?.max);
    if (!ok)
      throw new Error(
        `argument number ${i + 1} to expectedStatuses was neither an integer nor an object like {min:100, max:329}`,
      );
  });
  return {
    expectedStatuses: true,
    match: (status) =>
      args.some((a) => (typeof a === "number" ? a === status : a.min <= status && status <= a.max)),
  };
}

let defaultCallback: ExpectedStatuses | null = expectedStatuses({ min: 200, max: 399 });

export function setResponseCallback(callback: ExpectedStatuses | null): void {
  if (callback !== null && callback?.expectedStatuses !== true)
    throw new Error("unsupported argument, expected http.expectedStatuses");
  defaultCallback = callback;
}

export interface Params {
  headers?: Record<string, string>;
  tags?: Record<string, string>;
  timeout?: string | number;
  responseCallback?: ExpectedStatuses | null;
}

export interface ShimResponse {
  status: number;
  body: string;
  headers: Record<string, string>;
  error: string;
  timings: { duration: number };
  url: string;
  json(selector?: string): unknown;
}

function timeoutMs(t: Params["timeout"]): number {
  if (typeof t === "number") return t;
  if (typeof t === "string") {
    const m = /^(\d+)(ms|s|m)?$/.exec(t);
    if (m) return Number(m[1]) * (m[2] === "s" ? 1000 : m[2] === "m" ? 60_000 : 1);
  }
  return DEFAULT_TIMEOUT_MS;
}

export function request(
  method: string,
  url: string,
  body?: string | object | null,
  params: Params = {},
): ShimResponse {
  fetcher ??= createSyncFetcher();
  const headers = { ...(params.headers ?? {}) };
  const text =
    body === null || body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
  const res = fetcher.request({ method, url, body: text, headers, timeoutMs: timeoutMs(params.timeout) });

  // k6: `name` and `url` are the URL unless the script names the request, then both are the name.
  const name = params.tags?.name ?? url;
  const tags: Record<string, string> = {
    ...params.tags,
    name,
    url: name,
    method,
    status: String(res.status),
  };
  const callback = params.responseCallback === undefined ? defaultCallback : params.responseCallback;
  const expected = callback?.match(res.status);
  if (expected !== undefined) tags.expected_response = String(expected);
  emit("http_reqs", 1, tags);
  emit("http_req_duration", res.durationMs, tags);
  if (expected !== undefined) emit("http_req_failed", expected ? 0 : 1, tags);

  // Header names are case-insensitive, but k6 reports them canonicalised (Content-Type); do the same.
  const canonical = Object.fromEntries(
    Object.entries(res.headers).map(([k, v]) => [
      k.replace(/(^|-)([a-z])/g, (_m, d: string, c: string) => d + c.toUpperCase()),
      v,
    ]),
  );
  return {
    status: res.status,
    body: res.body,
    headers: canonical,
    error: res.error,
    timings: { duration: res.durationMs },
    url,
    json(selector?: string) {
      const value: unknown = JSON.parse(res.body);
      if (!selector) return value;
      return selector
        .split(".")
        .reduce<unknown>((acc, k) => (acc as Record<string, unknown> | undefined)?.[k], value);
    },
  };
}

export const get = (url: string, params?: Params) => request("GET", url, null, params);
export const post = (url: string, body?: string | object | null, params?: Params) =>
  request("POST", url, body, params);

export default { request, get, post, expectedStatuses, setResponseCallback };
