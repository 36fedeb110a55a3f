/**
 * For the runners' tests: a tiny indexer on node:http that answers the endpoints request-groups.ts
 * discovers from (one tx of one account, 1000 txs and 500 blocks in total) and `{ ok: true }` to
 * everything else, after `delayMs`; its /status height climbs one block per read. It records every
 * path it was asked, so a test can check what each side received.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export const FAKE_ACCOUNT = "init1qpqwgftwc5ae8h5498cumnelzf9rgxqhnjsvrx";

export interface FakeIndexer {
  server: Server;
  paths: string[];
  /** Listens on 127.0.0.1 on a free port; resolves to the base URL. */
  start(): Promise<string>;
  stop(): Promise<void>;
}

export function fakeIndexer(delayMs: number): FakeIndexer {
  let height = 0;
  const paths: string[] = [];
  const server = createServer((req, res) => {
    const u = new URL(req.url ?? "/", "http://x");
    paths.push(`${u.pathname}${u.search}`);
    const body =
      u.pathname === "/status"
        ? { height: ++height }
        : u.pathname === "/indexer/tx/v1/txs"
          ? {
              txs: [
                {
                  txhash: "AB".repeat(32),
                  tx: { body: { messages: [{ "@type": "/cosmos.bank.v1beta1.MsgSend" }] } },
                  events: [{ attributes: [{ key: "sender", value: FAKE_ACCOUNT }] }],
                },
              ],
              pagination: { total: "1000" },
            }
          : u.pathname === "/indexer/block/v1/blocks"
            ? { blocks: [{ height: "1" }], pagination: { total: "500" } }
            : { ok: true };
    setTimeout(() => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(body));
    }, delayMs);
  });
  return {
    server,
    paths,
    async start() {
      server.listen(0, "127.0.0.1");
      await new Promise((r) => server.once("listening", r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
