/**
 * What the server tracks of one request beyond node's own objects: its id (echoed as
 * `x-request-id`, logged, given to handlers) and, once an operation matched it, the route template
 * metrics label it with. Kept beside the response in a WeakMap rather than as properties bolted
 * onto node's objects, so any code holding the response (the error path, Express's routes) finds it.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

export interface Exchange {
  id: string;
  /** The matched operation's path template (`/indexer/block/v1/blocks/:height`), if any. */
  route?: string;
}

/** Sees a request start; what it wants to know of the end it hooks on the response. */
export type Observer = (req: IncomingMessage, res: ServerResponse, exchange: Exchange) => void;

/** A client-supplied request id is echoed only when it is this short and plain. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

const exchanges = new WeakMap<ServerResponse, Exchange>();

/** Opens the exchange of a request: its id (the client's own when plain, else a fresh UUID). */
export function startExchange(req: IncomingMessage, res: ServerResponse): Exchange {
  const incoming = req.headers["x-request-id"];
  const id = typeof incoming === "string" && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
  res.setHeader("x-request-id", id);
  const exchange: Exchange = { id };
  exchanges.set(res, exchange);
  return exchange;
}

export const exchangeOf = (res: ServerResponse): Exchange | undefined => exchanges.get(res);
