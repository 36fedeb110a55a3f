/**
 * A node for tests that serves given block payloads over the real protocols ingestion reads:
 * CometBFT RPC `/status`, `/block`, `/block_results` (JSON-RPC envelopes) and Cosmos REST
 * `/cosmos/tx/v1beta1/txs/block/{h}` with key pagination. `failEvery` makes every Nth request a 503.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { BlockPayload } from "../ingest/derive/node-payloads.js";

export interface PayloadNode {
  url: string;
  /** Highest height served (more can be "produced" by raising it). */
  head: number;
  requests: number;
  close(): Promise<void>;
}

const REST_PAGE = 2;

export async function startPayloadNode(options: {
  payload: (h: number) => BlockPayload;
  head: number;
  failEvery?: number;
  chainId?: string;
}): Promise<PayloadNode> {
  const state = { head: options.head, requests: 0 };
  const server: Server = createServer((req, res) => {
    state.requests++;
    const u = new URL(req.url ?? "/", "http://node");
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (options.failEvery && state.requests % options.failEvery === 0)
      return send(503, { error: "overloaded" });
    const height = Number(u.searchParams.get("height") ?? 0);
    if (u.pathname === "/status")
      return send(200, {
        jsonrpc: "2.0",
        id: -1,
        result: {
          node_info: { network: options.chainId ?? "weft-test-1" },
          sync_info: { latest_block_height: String(state.head) },
        },
      });
    if (u.pathname === "/block" || u.pathname === "/block_results") {
      if (height < 1 || height > state.head) {
        return send(200, {
          jsonrpc: "2.0",
          id: -1,
          error: {
            code: -32603,
            message: "Internal error",
            data: `height ${height} must be less than or equal to the current blockchain height ${state.head}`,
          },
        });
      }
      const p = options.payload(height);
      return send(200, { jsonrpc: "2.0", id: -1, result: u.pathname === "/block" ? p.block : p.results });
    }
    const m = /^\/cosmos\/tx\/v1beta1\/txs\/block\/(\d+)$/.exec(u.pathname);
    if (m) {
      const all = options.payload(Number(m[1])).txs;
      const start = Number(
        u.searchParams.get("pagination.key")
          ? Buffer.from(u.searchParams.get("pagination.key") ?? "", "base64").toString()
          : (u.searchParams.get("pagination.offset") ?? 0),
      );
      const page = all.slice(start, start + REST_PAGE);
      const next =
        start + REST_PAGE < all.length ? Buffer.from(String(start + REST_PAGE)).toString("base64") : null;
      return send(200, { txs: page, pagination: { next_key: next, total: String(all.length) } });
    }
    return send(404, { code: 5, message: "not found" });
  });
  server.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    get head() {
      return state.head;
    },
    set head(h: number) {
      state.head = h;
    },
    get requests() {
      return state.requests;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
