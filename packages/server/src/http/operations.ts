/**
 * Binds handlers to the contract's operations. Handlers are looked up by operationId and matched in
 * spec order on paths taken from the spec itself, so a route can never drift from its path. A
 * documented operation without a handler answers 501 (not a misleading 404) until it is built.
 *
 * All operations sit behind one dispatcher compiled at startup (path patterns, parameter and body
 * validators; see operation-validators.ts) instead of one Express route and a generic OpenAPI
 * middleware each: on a single-row read such as GET /indexer/tx/v1/txs/{hash}, per-request framework
 * work was most of the cost (BENCHMARKS.md, "tx by hash"). It speaks node:http only; the listener
 * (api-listener.ts) hands it each request it matched.
 */

import type { ServerResponse } from "node:http";
import { ApiError } from "../api/errors.js";
import {
  type HandlerContext,
  type OperationHandler,
  type OperationHandlers,
  type OperationId,
  type OperationInput,
  RawJson,
} from "../api/operation.js";
import type { ChainHead } from "../db/chain-head.js";
import { type BodyMemo, bodyMemoKey, createBodyMemo } from "./body-memo.js";
import {
  compileOperationValidators,
  type OperationValidators,
  type SpecDocument,
} from "./operation-validators.js";
import { compilePath } from "./path-template.js";
import type { CachedResponse, ResponseCache } from "./response-cache.js";

const METHODS = ["get", "post", "put", "delete", "patch"] as const;

/** `/blocks/{height}` -> `/blocks/:height`: the route label of metrics (as Express would write it). */
export const toRouteLabel = (template: string): string => template.replace(/\{([^}]+)\}/g, ":$1");

export interface CachePolicy {
  cache: ResponseCache;
  /** TTL for an operation's successful responses; 0 or undefined = never cached. */
  ttlMs(operationId: OperationId): number | undefined;
  /**
   * The chain head, when this process follows commits: the answers of `headDependent` operations are
   * cached only while it follows, each under the head's generation when its handler started, and a
   * commit makes them stale at once (never older than what `/status` reports). Without a head, TTLs
   * alone decide.
   */
  head?: Pick<ChainHead, "generation" | "following">;
  headDependent?(operationId: OperationId): boolean;
}

/** A generation no entry is made under: what a lookup passes while commits are not followed. */
const NOT_FOLLOWING = -1;

/** One request to an operation, as the listener read it off the wire. */
export interface OperationCall {
  method: string;
  /** The raw request target (path and query): the response cache's key. */
  url: string;
  query: Record<string, string | string[]>;
  /** The parsed JSON body, if the operation takes one and the request had it. */
  body: unknown;
  /** The body's bytes as sent, when it was read as JSON (body-memo.ts keys on them). */
  rawBody?: Buffer | undefined;
  contentType: string | undefined;
  context: HandlerContext;
}

const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

function sendJson(res: ServerResponse, body: Buffer, cache?: "hit" | "miss"): void {
  if (cache) res.setHeader("X-Cache", cache);
  res.setHeader("Content-Type", JSON_CONTENT_TYPE);
  res.setHeader("Content-Length", body.length);
  res.end(body);
}

/**
 * Writes a cached response again: the bytes of its first answer, with the request's id and CORS
 * headers. The headers go to node as one list (no `setHeader` per header: each is validated and
 * stored on its own), in the order a miss writes them.
 */
export function writeCached(
  res: ServerResponse,
  hit: CachedResponse,
  requestId: string,
  cors: string[],
): void {
  res.writeHead(200, [
    "x-request-id",
    requestId,
    ...cors,
    "X-Cache",
    "hit",
    "Content-Type",
    JSON_CONTENT_TYPE,
    "Content-Length",
    String(hit.body.length),
  ]);
  res.end(hit.body);
}

/**
 * Answers being made for a cacheable URL, by URL and head generation: a request for a URL whose answer
 * is being made waits for it instead of running the same query again. Without this, an expired list
 * under 50 connections was queried by every connection at once (the cache answered 13% of them).
 */
type Flights = Map<string, Promise<Buffer>>;

type Runner = (call: OperationCall, path: Record<string, string>, res: ServerResponse) => Promise<void>;

interface CompiledOperation {
  template: string;
  pattern: RegExp;
  paramNames: string[];
  run: Runner;
}

function decodeParam(raw: string, name: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new ApiError(400, `invalid ${name}: not a valid percent-encoded path segment`, {
      details: [{ field: `path.${name}`, description: "is not valid percent-encoding" }],
    });
  }
}

/** What one operation's runner is made of: its handler and the machinery it shares or owns. */
interface RunnerParts {
  operationId: OperationId;
  /** The route label (`/blocks/:height`), the cache's key space. */
  route: string;
  /** None: the operation is documented but not built (answered 501 after validation). */
  handler: OperationHandler<OperationId> | undefined;
  validators: OperationValidators | undefined;
  policy: CachePolicy | undefined;
  validateResponses: boolean;
  /** In-flight answers shared by every operation: one per URL and head generation. */
  flights: Flights;
  /** Answers remembered by body, for operations whose answer is a function of the request. */
  memo: BodyMemo | undefined;
}

function runner(parts: RunnerParts): Runner {
  const { operationId, route, handler, validators, policy, validateResponses, flights, memo } = parts;
  if (!handler) {
    // Validated first, as if it were built: a bad request is a 400 either way.
    return async (call, path) => {
      validators?.request({ path, query: call.query, body: call.body, contentType: call.contentType });
      throw new ApiError(501, `${operationId} is documented but not implemented by this server yet`);
    };
  }
  const ttlMs = policy?.ttlMs(operationId) ?? 0;
  const head = policy?.headDependent?.(operationId) ? policy.head : undefined;
  return async (call, path, res) => {
    // A body answered before gets the same answer (body-memo.ts): it passed validation then.
    const memoKey = memo && bodyMemoKey(call.url, call.contentType, call.rawBody);
    const remembered = memoKey === undefined ? undefined : memo?.get(memoKey);
    if (remembered !== undefined) return sendJson(res, remembered, "hit");
    validators?.request({ path, query: call.query, body: call.body, contentType: call.contentType });
    // Hits never get here: the listener answers them before routing (api-listener.ts). Read before
    // the handler: a commit while it runs leaves its answer under the older generation, stale.
    const generation = head?.generation;
    const key = ttlMs > 0 && call.method === "GET" && (!head || head.following) ? call.url : undefined;
    // Validated above against the operation's own schema: this is the shape its handler is typed for.
    const input = { path, query: call.query, body: call.body } as OperationInput<OperationId>;
    const answer = async (): Promise<Buffer> => {
      const body = await handler(input, call.context);
      const text = body instanceof RawJson ? body.text : JSON.stringify(body);
      if (validateResponses) {
        const problem = validators?.response(JSON.parse(text));
        if (problem) throw new ApiError(500, `${operationId} broke its contract: ${problem}`);
      }
      const bytes = Buffer.from(text);
      if (key !== undefined) policy?.cache.set(key, bytes, ttlMs, route, generation);
      if (memoKey !== undefined) memo?.remember(memoKey, bytes);
      return bytes;
    };
    if (key === undefined) return sendJson(res, await answer(), memoKey === undefined ? undefined : "miss");
    // The same URL under the same head: the same answer (an error too), made once.
    const flight = `${generation ?? ""} ${key}`;
    const made = flights.get(flight);
    if (made) return sendJson(res, await made, "hit");
    const making = answer();
    flights.set(flight, making);
    const done = () => flights.delete(flight);
    making.then(done, done);
    sendJson(res, await making, "miss");
  };
}

/** An operation found for a request: its route template, decoded path parameters and runner. */
export interface MatchedOperation {
  /** The route label (`/blocks/:height`). */
  template: string;
  run(call: OperationCall, res: ServerResponse): Promise<void>;
}

export interface OperationRouter {
  /**
   * The operation `method` + `path` (raw, undecoded, no query) names, or undefined. A parameter
   * that is not valid percent-encoding still matches: running it answers the 400. GET operations
   * answer HEAD too.
   */
  match(method: string, path: string): MatchedOperation | undefined;
  /** The cached answer to a GET of `url` (path and query, as sent), if one is held. */
  cached(method: string, url: string): CachedResponse | undefined;
  /** operationIds without a handler (answered 501). */
  missing: string[];
}

/**
 * Every operation of `spec` that is not `servedAbove` (mounted elsewhere: plain-text or static
 * responses), matched in document order.
 */
export function createOperationRouter(
  spec: SpecDocument,
  handlers: OperationHandlers,
  options: {
    servedAbove?: string[];
    cache?: CachePolicy;
    validateResponses?: boolean;
    /** Operations whose answer is a function of the request alone: answers remembered by body. */
    memoizedBodies?: readonly OperationId[];
  } = {},
): OperationRouter {
  const missing: string[] = [];
  const flights: Flights = new Map();
  const servedAbove = new Set(options.servedAbove ?? []);
  const validators = compileOperationValidators(spec);
  const byMethod = new Map<string, CompiledOperation[]>();
  for (const [template, item] of Object.entries(spec.paths)) {
    for (const method of METHODS) {
      const op = item[method] as { operationId?: string } | undefined;
      if (!op?.operationId || servedAbove.has(op.operationId)) continue;
      const id = op.operationId as OperationId;
      const handler = handlers[id] as OperationHandler<OperationId> | undefined;
      if (!handler) missing.push(id);
      const route = toRouteLabel(template);
      const compiled: CompiledOperation = {
        template: route,
        ...compilePath(template),
        run: runner({
          operationId: id,
          route,
          handler,
          validators: validators.get(id),
          policy: options.cache,
          validateResponses: options.validateResponses ?? false,
          flights,
          memo: options.memoizedBodies?.includes(id) ? createBodyMemo() : undefined,
        }),
      };
      const list = byMethod.get(method.toUpperCase()) ?? [];
      list.push(compiled);
      byMethod.set(method.toUpperCase(), list);
    }
  }
  const match = (method: string, path: string): MatchedOperation | undefined => {
    const candidates = byMethod.get(method === "HEAD" ? "GET" : method);
    for (const op of candidates ?? []) {
      const found = op.pattern.exec(path);
      if (!found) continue;
      const params: Record<string, string> = {};
      try {
        op.paramNames.forEach((name, i) => {
          params[name] = decodeParam(found[i + 1] ?? "", name);
        });
      } catch (err) {
        return { template: op.template, run: () => Promise.reject(err) };
      }
      return { template: op.template, run: (call, res) => op.run(call, params, res) };
    }
    return undefined;
  };
  const head = options.cache?.head;
  const cached = (method: string, url: string) =>
    method === "GET"
      ? options.cache?.cache.get(url, head ? (head.following ? head.generation : NOT_FOLLOWING) : undefined)
      : undefined;
  return { match, cached, missing };
}
