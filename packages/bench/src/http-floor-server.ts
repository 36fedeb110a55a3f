#!/usr/bin/env node
/**
 * The floor under a cache hit: how many requests/s this machine answers with a fixed JSON body and
 * no work at all, by HTTP stack. Measured beside Weft's own hit (BENCHMARKS.md, "Where a hit's time
 * goes") with the load generator on its own core:
 *
 *   taskset -c 0 node dist/http-floor-server.js --stack http --port 18500 [--workers 1] [--bytes 3131]
 *   taskset -c 1 node ../loadtest/node_modules/autocannon/autocannon.js -c 10 -d 5 http://127.0.0.1:18500/
 *
 * `http` is node:http (what Weft serves with); `net` writes a prebuilt HTTP/1.1 response straight to
 * the socket for every request head it reads: the most any Node server could do here, never a
 * server to deploy (no parser, no errors, keep-alive only).
 */
import cluster from "node:cluster";
import { createServer } from "node:http";
import { createServer as createNetServer } from "node:net";
import { parseBenchArgs } from "./bench-args.js";

const values = parseBenchArgs(
  "usage: http-floor-server [--stack http|net] [--port 18500] [--workers 1] [--bytes 366]\n" +
    "A server answering every request with a fixed JSON body of --bytes bytes: node:http, or a raw\n" +
    "socket writing a prebuilt HTTP/1.1 response per request head (the floor a cache hit is measured against).",
  {
    stack: { type: "string", default: "http" },
    port: { type: "string", default: "18500" },
    workers: { type: "string", default: "1" },
    bytes: { type: "string", default: "366" },
  },
);
const port = Number(values.port);
const workers = Number(values.workers);
if (values.stack !== "http" && values.stack !== "net") throw new Error("--stack is http or net");

// A JSON body of the asked size, as a cached tx or block would be.
const body = Buffer.from(`{"pad":"${"x".repeat(Math.max(0, Number(values.bytes) - 10))}"}`);

if (cluster.isPrimary && workers > 1) {
  for (let i = 0; i < workers; i++) cluster.fork();
} else if (values.stack === "http") {
  createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": body.length });
    res.end(body);
  }).listen(port, "127.0.0.1");
} else {
  const response = Buffer.concat([
    Buffer.from(
      `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: keep-alive\r\n\r\n`,
    ),
    body,
  ]);
  createNetServer((socket) => {
    socket.setNoDelay(true);
    socket.on("error", () => socket.destroy());
    let tail = "";
    socket.on("data", (chunk: Buffer) => {
      // GET requests only: every blank line ends one request head.
      const text = tail + chunk.toString("latin1");
      let at = 0;
      for (let end = text.indexOf("\r\n\r\n"); end !== -1; end = text.indexOf("\r\n\r\n", at)) {
        at = end + 4;
        socket.write(response);
      }
      tail = text.slice(at);
    });
  }).listen(port, "127.0.0.1");
}
if (!cluster.isWorker) process.stderr.write(`${values.stack} floor listening on http://127.0.0.1:${port}\n`);
