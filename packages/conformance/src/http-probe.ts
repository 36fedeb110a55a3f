/**
 * The one way checks talk to a deployment: a GET (or any method) with a timeout, timed, its body read
 * as text and parsed as JSON when it is JSON. Network errors and timeouts are values (status 0), so a
 * dead endpoint fails its check instead of crashing the run.
 */
import type { ExchangeRecord } from "./types.js";

export type Query = Record<string, string | string[] | undefined>;

export interface Exchange {
  method: string;
  url: string;
  /** HTTP status; 0 when no response arrived (network error or timeout). */
  status: number;
  /** Media type without parameters, lower case (`application/json`). */
  mediaType: string;
  contentType: string;
  text: string;
  /** The parsed body when it is JSON, else undefined. */
  json: unknown;
  durationMs: number;
  headers: Headers;
  error?: string;
}

export interface Probe {
  /** `body`, when given, is sent as JSON. */
  request(method: string, path: string, query?: Query, body?: unknown): Promise<Exchange>;
  get(path: string, query?: Query): Promise<Exchange>;
  /** POST a JSON body. */
  post(path: string, body: unknown): Promise<Exchange>;
  /** The same probe, also reporting every exchange to `onExchange`. */
  withListener(onExchange: (exchange: Exchange) => void): Probe;
}

export interface ProbeOptions {
  baseUrl: string;
  timeoutMs: number;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
}

/** Characters of a body kept in reports. */
export const EXCERPT_CHARS = 600;

/** Query values are percent-encoded (a base64 `+` must not turn into a space). */
export function buildUrl(baseUrl: string, path: string, query: Query = {}): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) {
      parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(v)}`);
    }
  }
  return `${baseUrl.replace(/\/+$/, "")}${path}${parts.length > 0 ? `?${parts.join("&")}` : ""}`;
}

export function toRecord(exchange: Exchange, operationId?: string): ExchangeRecord {
  return {
    method: exchange.method,
    url: exchange.url,
    status: exchange.status,
    contentType: exchange.contentType,
    durationMs: Math.round(exchange.durationMs),
    bodyExcerpt: (exchange.error ?? exchange.text).slice(0, EXCERPT_CHARS),
    ...(operationId ? { operationId } : {}),
  };
}

export function createProbe(options: ProbeOptions, listeners: ((e: Exchange) => void)[] = []): Probe {
  const doFetch = options.fetch ?? globalThis.fetch;
  const probe: Probe = {
    async request(method, path, query, body) {
      const url = buildUrl(options.baseUrl, path, query);
      const started = performance.now();
      let exchange: Exchange;
      try {
        const res = await doFetch(url, {
          method,
          signal: AbortSignal.timeout(options.timeoutMs),
          ...(body === undefined
            ? {}
            : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
        });
        const text = await res.text();
        const contentType = res.headers.get("content-type") ?? "";
        const mediaType = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
        let json: unknown;
        if (mediaType === "application/json" || mediaType.endsWith("+json")) {
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
        }
        const durationMs = performance.now() - started;
        exchange = {
          method,
          url,
          status: res.status,
          mediaType,
          contentType,
          text,
          json,
          durationMs,
          headers: res.headers,
        };
      } catch (err) {
        const error = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
        exchange = {
          method,
          url,
          status: 0,
          mediaType: "",
          contentType: "",
          text: "",
          json: undefined,
          durationMs: performance.now() - started,
          headers: new Headers(),
          error,
        };
      }
      for (const listener of listeners) listener(exchange);
      return exchange;
    },
    get: (path, query) => probe.request("GET", path, query),
    post: (path, body) => probe.request("POST", path, undefined, body),
    withListener: (onExchange) => createProbe(options, [...listeners, onExchange]),
  };
  return probe;
}
