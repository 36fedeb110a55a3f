/**
 * A benchmark's baseline in its own process (bench-server-process.ts): a bare node:http server that
 * answers every request with the JSON body the parent last sent it, and nothing else. What a
 * Weft endpoint is measured against: the cost of HTTP on this machine with no work behind it.
 */
import { serveForBench } from "./bench-server-process.js";

let body = "";
serveForBench(
  (req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end(body));
  },
  (sent) => {
    body = sent;
  },
);
