/**
 * One recorded exchange with a node: the request as sent and the answer exactly as it came back
 * (HTTP status and parsed JSON body, never reshaped), so the devnet can be held to it.
 */

/** How long the recorder waits for one answer. */
const RECORD_TIMEOUT_MS = 15_000;

/** What was asked: a GET path (CometBFT RPC or Cosmos REST), or a JSON-RPC body POSTed to a port. */
export type RecordedRequest =
  | { port: "rpc" | "rest"; method: "GET"; path: string; headers?: Record<string, string> }
  | { port: "rpc" | "json-rpc"; method: "POST"; path: string; body: unknown };

export interface RecordedExchange {
  /** The fixture's name: `<node method>.<case>`, e.g. `eth_getBlockReceipts.bank-send`. */
  name: string;
  /** What the case is, for the people reading the fixture. */
  about: string;
  request: RecordedRequest;
  response: { status: number; body: unknown };
}

export interface NodeUrls {
  rpc: string;
  rest: string;
  jsonRpc?: string;
}

/** Sends `request` to the node's port and keeps its answer, whatever the status. */
export async function exchange(
  urls: NodeUrls,
  request: RecordedRequest,
): Promise<RecordedExchange["response"]> {
  const base = request.port === "rpc" ? urls.rpc : request.port === "rest" ? urls.rest : urls.jsonRpc;
  if (!base) throw new Error(`no URL for the node's ${request.port} port`);
  const res = await fetch(`${base.replace(/\/+$/, "")}${request.path}`, {
    method: request.method,
    headers:
      request.method === "POST" ? { "content-type": "application/json" } : { ...(request.headers ?? {}) },
    body: request.method === "POST" ? JSON.stringify(request.body) : undefined,
    signal: AbortSignal.timeout(RECORD_TIMEOUT_MS),
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body };
}

/** A JSON-RPC 2.0 request object. */
export const rpcCall = (method: string, params: unknown, id = 1) => ({ jsonrpc: "2.0", id, method, params });
