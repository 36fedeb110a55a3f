/**
 * The access log: every request, once answered, is one structured line (its id is the exchange's,
 * see exchange.ts):
 * `{"level":30,...,"req":{"id","method","url"},"res":{"status"},"responseTime":ms,"msg":"request completed"}`
 * (5xx at error level). Written here rather than with pino-http, whose per-request child logger
 * was a visible share of a small read's CPU; the line keeps pino-http's field names.
 *
 * The line is put together here, in the order pino writes its fields (its level, its time, the
 * logger's bindings, the fields, the message) and handed to the logger's own stream: it is the one
 * line of every request, and pino's generic serialization of the nested fields was a tenth of a
 * cache hit's cost. request-log.test.ts holds it byte-equal to pino's own line.
 */
import { type Logger, symbols } from "pino";
import type { Observer } from "./exchange.js";

/** What of a pino logger its lines are made of (pino's documented `pino.symbols`). */
interface PinoParts {
  stream: { write(line: string): unknown };
  time: () => string;
  bindings: string;
}

function partsOf(logger: Logger): PinoParts {
  const own = logger as unknown as Record<symbol, unknown>;
  const stream = own[symbols.streamSym] as PinoParts["stream"];
  const time = own[symbols.timeSym] as () => string;
  return { stream, time: () => time.call(logger), bindings: own[symbols.chindingsSym] as string };
}

export function createRequestLog(logger: Logger): Observer {
  const { stream, time, bindings } = partsOf(logger);
  return (_req, { id, method, url, started }, status, aborted) => {
    const level = status >= 500 ? "error" : "info";
    if (!logger.isLevelEnabled(level)) return;
    const ms = Math.round(performance.now() - started);
    stream.write(
      `{"level":${logger.levels.values[level]}${time()}${bindings},` +
        `"req":{"id":${JSON.stringify(id)},"method":${JSON.stringify(method)},"url":${JSON.stringify(url)}},` +
        `"res":{"status":${status}},"responseTime":${ms},` +
        `"msg":"${aborted ? "request aborted" : "request completed"}"}\n`,
    );
  };
}
