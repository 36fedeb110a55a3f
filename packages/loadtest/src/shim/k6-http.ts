/** The shim's `k6/http` module: the synchronous request API subset Weft's scripts use. */
import { createSyncFetcher, type SyncFetcher } from "./sync-fetch.js";

const DEFAULT_TIMEOUT_MS = 60_000;
let fetcher: SyncFetcher | undefined;

export interface Params {
  headers?: Record<string, string>;
  tags?: Record<string, string>;
  timeout?: string | number;
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
  // Header names are case-insensitive, but k6 reports them canonicalised (Content-Type); do the same.
  const text =
    body === null || body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
  const res = fetcher.request({ method, url, body: text, headers, timeoutMs: timeoutMs(params.timeout) });
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

export default { request, get, post };
