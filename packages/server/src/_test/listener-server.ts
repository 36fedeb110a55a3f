/**
 * The HTTP listener alone on 127.0.0.1 for a test file (no app, no database): operations come from
 * the caller's handlers, everything else answers 404. Started before the file's tests, closed after.
 */
import { createServer } from "node:http";
import { useInProcessServer } from "@weft/testkit/in-process-server";
import { pino } from "pino";
import { type ApiListenerDeps, createApiListener } from "../http/api-listener.js";

/** @returns the listener's base URL (valid once the file's tests run). */
export function serveListener(
  deps: () => Partial<ApiListenerDeps> & Pick<ApiListenerDeps, "operations">,
): () => string {
  return useInProcessServer(() => {
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
    return createServer(listener).listen(0, "127.0.0.1");
  });
}
