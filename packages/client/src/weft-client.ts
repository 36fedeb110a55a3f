/**
 * Typed clients for the Weft APIs, generated from the contract (spec/) with openapi-fetch.
 * Field names are the wire's (snake_case); nothing is re-cased.
 */

import type { paths } from "@weft/spec/types";
import createClient, { type Client, type ClientOptions } from "openapi-fetch";
import { createRetryMiddleware, type RetryOptions } from "./retry.js";

export type WeftClient = Client<paths>;

export interface WeftClientOptions {
  /** Base URL of the deployment, e.g. `https://indexer.example.org`. */
  baseUrl: string;
  /** A fetch implementation (tests, proxies, runtimes without a global fetch). @default globalThis.fetch */
  fetch?: ClientOptions["fetch"];
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** Retry idempotent requests on 408, 429, 5xx and network errors; `true` for the defaults. @default false */
  retry?: boolean | RetryOptions;
}

function create(options: WeftClientOptions): WeftClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
  if (options.retry) {
    const retry = options.retry === true ? {} : options.retry;
    // Retries go through the same fetch as first tries.
    client.use(createRetryMiddleware({ ...(options.fetch ? { fetch: options.fetch } : {}), ...retry }));
  }
  return client;
}

/** A client for the Indexer API (rollytics-compatible paths). Returns `{ data, error, response }`. */
export function createIndexerClient(options: WeftClientOptions): WeftClient {
  return create(options);
}

/** A client for the Router API (Skip Go API v2-compatible paths). Returns `{ data, error, response }`. */
export function createRouterClient(options: WeftClientOptions): WeftClient {
  return create(options);
}
