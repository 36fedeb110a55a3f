import type { IncomingMessage, ServerResponse } from "node:http";
import type { ErrorRequestHandler } from "express";
import type { Logger } from "pino";
import { ApiError } from "../api/errors.js";
import { databaseUnavailability } from "../db/unavailable.js";
import { exchangeOf } from "./exchange.js";

/** What a 503 for an unavailable database asks clients to wait before retrying (Retry-After). */
export const DATABASE_RETRY_AFTER_S = 1;
/**
 * Answers of an outage are logged at most once per this window per logger, with how many were not:
 * an outage is thousands of identical requests, and the breaker logs its start and end anyway.
 */
const UNAVAILABLE_LOG_WINDOW_MS = 10_000;
const unavailableLogs = new WeakMap<Logger, { at: number; quiet: number }>();

function logUnavailable(logger: Logger, err: unknown, cause: string): void {
  const now = Date.now();
  const last = unavailableLogs.get(logger);
  if (last && now - last.at < UNAVAILABLE_LOG_WINDOW_MS) {
    last.quiet++;
    return;
  }
  logger.warn(
    { err, cause, quieted_since_last: last?.quiet ?? 0 },
    `database unavailable: answering 503 (logged at most every ${UNAVAILABLE_LOG_WINDOW_MS / 1000} s)`,
  );
  unavailableLogs.set(logger, { at: now, quiet: 0 });
}

/**
 * Body-parser errors carry `type` and `status` (e.g. entity.too.large -> 413, entity.parse.failed ->
 * 400); a stream error it wraps (a body that is not the gzip its Content-Encoding says) carries only
 * http-errors' `status` and `expose` (true for a client's fault).
 */
function isBodyParserError(err: unknown): err is { type?: string; status: number; message: string } {
  if (typeof err !== "object" || err === null) return false;
  const e = err as { type?: unknown; status?: unknown; expose?: unknown };
  return typeof e.type === "string" || (e.expose === true && typeof e.status === "number");
}

/**
 * Any thrown value as the ApiError the client gets: an unavailable database (db/unavailable.ts) is a
 * 503 with Retry-After, never a 500; unknown errors are logged with their cause.
 */
export function toApiError(
  err: unknown,
  logger: Logger,
  req: IncomingMessage,
  res: ServerResponse,
): ApiError {
  if (err instanceof ApiError) return err;
  if (isBodyParserError(err) && err.status >= 400 && err.status < 500) {
    return err.type === "entity.too.large"
      ? new ApiError(413, "request body is too large", {
          details: [{ field: "body", description: err.message }],
        })
      : new ApiError(err.status, `invalid request body: ${err.message}`, {
          details: [{ field: "body", description: err.message }],
        });
  }
  const unavailable = databaseUnavailability(err);
  if (unavailable) {
    logUnavailable(logger, err, unavailable.cause);
    return new ApiError(
      503,
      `database unavailable: ${unavailable.cause}; retry in ${DATABASE_RETRY_AFTER_S} s`,
      {
        details: [{ reason: "DATABASE_UNAVAILABLE", description: unavailable.cause }],
        headers: { "Retry-After": String(DATABASE_RETRY_AFTER_S) },
      },
    );
  }
  logger.error(
    { err, req: { id: exchangeOf(res)?.id, method: req.method, url: req.url } },
    "unhandled error",
  );
  return new ApiError(500, "internal server error");
}

/** Writes the envelope with plain node:http calls (used with and without Express). */
export function sendError(res: ServerResponse, error: ApiError): void {
  const text = JSON.stringify(error.toBody());
  res.statusCode = error.status;
  for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(text));
  res.end(text);
}

/**
 * The one error middleware: ApiError (validation failures included), body-parser errors, database
 * outages (503) and unknown errors all become `{code, message, details}`. Unknown errors are logged with their cause
 * and answered as a 500 that reveals nothing of the internals.
 */
export function createErrorMiddleware(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    sendError(res, toApiError(err, logger, req, res));
  };
}
