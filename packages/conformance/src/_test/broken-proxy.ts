/**
 * A small node:http server in front of a real Weft that breaks one rule: each request goes to
 * `handle`, which may forward it upstream unchanged, rewrite the answer, or answer by itself.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Reply {
  status: number;
  contentType: string;
  body: string;
  headers?: Record<string, string>;
}

export interface ProxyRequest {
  method: string;
  url: URL;
  /** Sends the request upstream (optionally to another URL) and returns its answer. */
  forward(url?: URL): Promise<Reply>;
}

export type Handler = (req: ProxyRequest) => Promise<Reply>;

export interface BrokenServer {
  url: string;
  close(): Promise<void>;
}

/** A JSON reply with the body re-serialised. */
export const json = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({
  status,
  contentType: "application/json; charset=utf-8",
  body: JSON.stringify(body),
  ...(headers ? { headers } : {}),
});

export async function startBrokenServer(upstream: string, handle: Handler): Promise<BrokenServer> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://proxy.invalid");
    const forward = async (target: URL = url): Promise<Reply> => {
      const r = await fetch(`${upstream}${target.pathname}${target.search}`, { method: req.method ?? "GET" });
      const allow = r.headers.get("allow");
      return {
        status: r.status,
        contentType: r.headers.get("content-type") ?? "",
        body: await r.text(),
        ...(allow ? { headers: { allow } } : {}),
      };
    };
    handle({ method: req.method ?? "GET", url, forward })
      .then((reply) => {
        res.writeHead(reply.status, { "content-type": reply.contentType, ...reply.headers });
        res.end(reply.body);
      })
      .catch((err: unknown) => {
        res.writeHead(599, { "content-type": "text/plain" });
        res.end(`broken-proxy crashed: ${String(err)}`);
      });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
