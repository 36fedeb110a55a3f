/**
 * The service's node:http request listener. Every request is observed (request id, access log,
 * metrics); every API operation, GET or POST, is served here on node:http: matched by the operation
 * router, CORS headers set, a JSON body read with Express's own parser (body-parser, used as a
 * library), then validated and handed to its handler with the rest (operations.ts).
 *
 * Express serves only what is not an operation: the docs page and its static assets, the spec
 * document, /metrics, CORS preflights, and the 404/405 answers of everything unmatched. Its
 * per-request machinery (prototype swaps, a router walking its layers, promise-wrapped handlers)
 * cost more than a whole single-row read (bare Express 5 answered GET /indexer/tx/v1/txs/{hash} at
 * 59% of bare node:http's requests/s, BENCHMARKS.md), so operations do not go through it.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import express from "express";
import type { Logger } from "pino";
import { corsHeaders, setHeaderPairs } from "./cors-headers.js";
import { sendError, toApiError } from "./error-middleware.js";
import { type Exchange, type Observer, requestIdOf, startExchange } from "./exchange.js";
import { type OperationRouter, writeCached } from "./operations.js";

export type Listener = (req: IncomingMessage, res: ServerResponse) => void;

export interface ApiListenerDeps {
  operations: OperationRouter;
  /** Request-scoped observers (access log, metrics), run for every request. */
  observers: Observer[];
  /** Allowed CORS origins, as given to the cors middleware; `["*"]` any, empty none. */
  corsOrigins: string[];
  /** Largest JSON body accepted (body-parser's `limit`, e.g. "256kb"). */
  bodyLimit: string;
  logger: Logger;
  /** Serves whatever is not an operation (the Express app). */
  rest: Listener;
}

/** Query string -> `{name: value | value[]}` (a repeated name becomes an array of its values). */
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

const hasBody = (method: string) => method !== "GET" && method !== "HEAD";

export function createApiListener(deps: ApiListenerDeps): Listener {
  // The bytes as sent stay on the request too: answers remembered by body are keyed on them.
  const readJson = express.json({
    limit: deps.bodyLimit,
    verify: (req, _res, bytes) => {
      (req as { rawBody?: Buffer }).rawBody = bytes;
    },
  });
  const cors = corsHeaders(deps.corsOrigins);
  const { observers } = deps;
  const ended = (req: IncomingMessage, exchange: Exchange, status: number, aborted: boolean) => {
    for (const observe of observers) observe(req, exchange, status, aborted);
  };
  return (req, res) => {
    const started = performance.now();
    const method = req.method ?? "GET";
    const url = req.url ?? "/";
    // A hit is written as it was first answered, before routing, parsing or validation (its URL
    // passed them then, and the same URL always gets the same verdict), its headers in one list and
    // its body's bytes in one write. It is answered before this returns: its end is known at once,
    // and no response event is listened for.
    const hit = deps.operations.cached(method, url);
    if (hit !== undefined) {
      const exchange: Exchange = { id: requestIdOf(req), method, url, started, route: hit.route };
      writeCached(res, hit, exchange.id, cors(req.headers.origin));
      return ended(req, exchange, 200, false);
    }
    const exchange = startExchange(req, res, started);
    // `close` comes after `finish` too: told once, as aborted only when the answer never finished.
    res.once("close", () => ended(req, exchange, res.statusCode, !res.writableFinished));
    const q = url.indexOf("?");
    const found = deps.operations.match(method, q < 0 ? url : url.slice(0, q));
    if (!found) return deps.rest(req, res);
    exchange.route = found.template;
    setHeaderPairs(res, cors(req.headers.origin));
    const fail = (err: unknown) => {
      if (res.headersSent) res.destroy(err instanceof Error ? err : undefined);
      else sendError(res, toApiError(err, deps.logger, req, res));
    };
    const run = () => {
      found
        .run(
          {
            method,
            url,
            query: parseQuery(q < 0 ? "" : url.slice(q + 1)),
            // body-parser leaves what it parsed on the request, its documented contract.
            body: (req as { body?: unknown }).body,
            rawBody: (req as { rawBody?: Buffer }).rawBody,
            contentType: req.headers["content-type"],
            context: { requestId: exchange.id, logger: deps.logger },
          },
          res,
        )
        .catch(fail);
    };
    if (!hasBody(method)) return run();
    readJson(req, res, (err?: unknown) => (err ? fail(err) : run()));
  };
}
