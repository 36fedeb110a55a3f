/**
 * GET (and HEAD) operations served straight on node:http, in front of Express.
 *
 * Express 5's per-request machinery (prototype swaps, the router walking its layers, promise-wrapped
 * handlers) costs more than a whole single-row read: a bare Express 5 app with one route answers
 * `GET /indexer/tx/v1/txs/{hash}` at 59% of the requests/s of bare node:http running the same query
 * on this machine (BENCHMARKS.md). Reads are what explorers and wallets send all day, so they take
 * this lane; it does what the Express stack does for them, with the same pieces: request id, access
 * log, metrics, CORS headers, the operation's compiled validation, cache and handler, and the one
 * error envelope. Everything else (POST bodies, docs, /metrics, preflights, 404/405) goes to Express.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { sendError, toApiError } from "./error-middleware.js";
import { type OperationRouter, ROUTE_LOCAL } from "./operations.js";

export interface DirectLaneDeps {
  operations: OperationRouter;
  /** Request-id + access log, and metrics: the same middlewares Express runs. */
  observers: RequestHandler[];
  /** Allowed CORS origins, as given to the cors middleware; `["*"]` any, empty none. */
  corsOrigins: string[];
  logger: Logger;
}

const noop = () => {};

/** Query string -> `{name: value | value[]}` (a repeated name becomes an array, as Express gives it). */
function parseQuery(search: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  if (search === "") return query;
  for (const [name, value] of new URLSearchParams(search)) {
    const seen = query[name];
    if (seen === undefined) query[name] = value;
    else if (Array.isArray(seen)) seen.push(value);
    else query[name] = [seen, value];
  }
  return query;
}

/** What the cors middleware sets on a simple (non-preflight) request. */
function corsHeaders(origins: string[], req: IncomingMessage, res: ServerResponse): void {
  if (origins.length === 0) return;
  if (origins.includes("*")) res.setHeader("Access-Control-Allow-Origin", "*");
  else {
    const origin = req.headers.origin;
    if (origin && origins.includes(origin)) res.setHeader("Access-Control-Allow-Origin", origin);
    res.setHeader("Vary", "Origin");
  }
  res.setHeader("Access-Control-Expose-Headers", "x-request-id");
}

/** @returns a listener step that serves the request and says true, or says false and leaves it alone. */
export function createDirectLane(
  deps: DirectLaneDeps,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    const path = q < 0 ? url : url.slice(0, q);
    const request = req as Request;
    const response = res as Response;
    const found = deps.operations.match(req.method, path);
    if (!found) return false;
    // The parts of Express's request the handlers, observers and cache read.
    request.originalUrl = url;
    request.params = found.params;
    Object.defineProperty(request, "query", {
      value: parseQuery(q < 0 ? "" : url.slice(q + 1)),
      writable: true,
    });
    response.locals = { [ROUTE_LOCAL]: found.template };
    for (const observe of deps.observers) observe(request, response, noop);
    corsHeaders(deps.corsOrigins, req, res);
    found.run(request, response).catch((err: unknown) => {
      if (res.headersSent) res.destroy(err instanceof Error ? err : undefined);
      else sendError(res, toApiError(err, deps.logger, req, res));
    });
    return true;
  };
}
