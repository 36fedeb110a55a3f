import { type Logger, pino, destination as pinoDestination } from "pino";
import type { LogLevel } from "./config.js";

/**
 * Structured JSON logs on stdout: `{level, time, msg, ...fields}` with `service: "weft"`.
 *
 * Written asynchronously (pino's sonic-boom on fd 1): a write to a pipe is synchronous in Node, and
 * the access log's line per request then cost a cache hit about a quarter of its throughput. Lines
 * that come while a write is in flight go out together with the next; pino flushes what is left when
 * the process exits (a SIGKILL loses at most the lines of the write in flight).
 */
export function createLogger(level: LogLevel, destination?: NodeJS.WritableStream): Logger {
  return pino(
    { level, base: { service: "weft" }, timestamp: pino.stdTimeFunctions.isoTime },
    destination ?? pinoDestination({ dest: 1, sync: false }),
  );
}
