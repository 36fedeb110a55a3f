/**
 * A few answers of a Weft deployment from a bare HTTP server, for programs whose job is to prove
 * the package loads and is typed, not to test the server: `/health` and a tx that is not found.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface StubWeft {
  url: string;
  close(): Promise<void>;
}

export async function startStubWeft(): Promise<StubWeft> {
  const server: Server = createServer((req, res) => {
    const [status, body] =
      req.method === "GET" && req.url === "/health"
        ? [200, { status: "ok" }]
        : [404, { code: 5, message: `not found: ${req.url}`, details: [] }];
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
