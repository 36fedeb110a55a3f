import type { IncomingMessage, ServerResponse } from "node:http";
import type { ErrorRequestHandler } from "express";
import type { Logger } from "pino";
import { ApiError } from "./errors.js";

/** Body-parser errors carry `type` and `status` (e.g. entity.too.large -> 413, entity.parse.failed -> 400). */
function isBodyParserError(err: unknown): err is { type: string; status: number; message: string } {
  return typeof err === "object" && err !== null && typeof (err as { type?: unknown }).type === "string";
}

/** Any thrown value as the ApiError the client gets; unknown errors are logged with their cause. */
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
  const id = (res as { locals?: { requestId?: string } }).locals?.requestId;
  const url = (req as { originalUrl?: string }).originalUrl ?? req.url;
  logger.error({ err, req: { id, method: req.method, url } }, "unhandled error");
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
 * The one error middleware: ApiError (validation failures included), body-parser errors and
 * unknown errors all become `{code, message, details}`. Unknown errors are logged with their cause
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
