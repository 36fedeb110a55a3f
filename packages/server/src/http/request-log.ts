/**
 * The access log and request ids. Every request gets an `x-request-id` (the client's own when it is
 * short and plain, else a fresh UUID) and, once answered, one structured line:
 * `{"level":30,...,"req":{"id","method","url"},"res":{"status"},"responseTime":ms,"msg":"request completed"}`
 * (5xx at error level). Written here rather than with pino-http, whose per-request child logger
 * was a visible share of a small read's CPU; the line keeps pino-http's field names.
 */
import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import type { Logger } from "pino";

/** A client-supplied request id is echoed only when it is this short and plain. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

export function createRequestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers["x-request-id"];
    const id = typeof incoming === "string" && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    res.setHeader("x-request-id", id);
    res.locals.requestId = id;
    const started = performance.now();
    const done = (aborted: boolean) => {
      const status = res.statusCode;
      const level = status >= 500 ? "error" : "info";
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          req: { id, method: req.method, url: req.originalUrl },
          res: { status },
          responseTime: Math.round(performance.now() - started),
        },
        aborted ? "request aborted" : "request completed",
      );
    };
    // `close` also fires after `finish`; log once, as aborted only when the answer never finished.
    res.once("close", () => done(!res.writableFinished));
    next();
  };
}
