/**
 * What the server tracks of one request beyond node's own objects: its id (echoed as
 * `x-request-id`, logged, given to handlers), what it asked for (read on arrival: Express rewrites
 * `req.url` inside mounted routes), when it arrived and, once an operation matched it, the route
 * template metrics label it with. Kept beside the response in a WeakMap rather than as properties
 * bolted onto node's objects, so any code holding the response (the error path, Express's routes)
 * finds it.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

export interface Exchange {
  id: string;
  method: string;
  url: string;
  /** `performance.now()` when the request arrived. */
  started: number;
  /** The matched operation's path template (`/indexer/block/v1/blocks/:height`), if any. */
  route?: string;
}

/**
 * Told once per request, when it ended: `status` as answered, or with `aborted` when the connection
 * closed before the answer was written.
 */
export type Observer = (req: IncomingMessage, exchange: Exchange, status: number, aborted: boolean) => void;

/** A client-supplied request id is echoed only when it is this short and plain. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

const exchanges = new WeakMap<ServerResponse, Exchange>();

/** The client's own request id when it is plain, else a fresh UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers["x-request-id"];
  return typeof incoming === "string" && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
}

/** The exchange of a request that is not answered at once: its id set on the response, findable by it. */
export function startExchange(req: IncomingMessage, res: ServerResponse, started: number): Exchange {
  const exchange: Exchange = {
    id: requestIdOf(req),
    method: req.method ?? "GET",
    url: req.url ?? "/",
    started,
  };
  res.setHeader("x-request-id", exchange.id);
  exchanges.set(res, exchange);
  return exchange;
}

export const exchangeOf = (res: ServerResponse): Exchange | undefined => exchanges.get(res);
