/**
 * The HTTP listener alone on 127.0.0.1 for a test file (no app, no database): operations come from
 * the caller's handlers, everything else answers 404. Started before the file's tests, closed after.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pino } from "pino";
import { afterAll, beforeAll } from "vitest";
import { type ApiListenerDeps, createApiListener } from "../http/api-listener.js";

/** @returns the listener's base URL (valid once the file's tests run). */
export function serveListener(
  deps: () => Partial<ApiListenerDeps> & Pick<ApiListenerDeps, "operations">,
): () => string {
  let server: Server | undefined;
  let base = "";
  beforeAll(async () => {
    const listener = createApiListener({
      observers: [],
      corsOrigins: ["*"],
      bodyLimit: "1kb",
      logger: pino({ level: "silent" }),
      rest: (_req, res) => {
        res.statusCode = 404;
        res.end();
      },
      ...deps(),
    });
    const started = createServer(listener).listen(0, "127.0.0.1");
    server = started;
    await new Promise((r) => started.once("listening", r));
    base = `http://127.0.0.1:${(started.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));
  return () => base;
}
