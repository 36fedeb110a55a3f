import type { ErrorRequestHandler } from "express";
import type { Logger } from "pino";
import { ApiError, type ErrorDetail } from "./errors.js";

/** Shape of express-openapi-validator's HttpError (it does not export a usable type guard). */
interface ValidatorError {
  status: number;
  message: string;
  errors?: { path?: string; message?: string; errorCode?: string }[];
  headers?: Record<string, string>;
}

function isValidatorError(err: unknown): err is ValidatorError {
  return (
    typeof err === "object" &&
    err !== null &&
    typeof (err as ValidatorError).status === "number" &&
    Array.isArray((err as ValidatorError).errors)
  );
}

/** Body-parser errors carry `type` and `status` (e.g. entity.too.large -> 413, entity.parse.failed -> 400). */
function isBodyParserError(err: unknown): err is { type: string; status: number; message: string } {
  return typeof err === "object" && err !== null && typeof (err as { type?: unknown }).type === "string";
}

/**
 * Turns a validator field path (`/query/pagination.limit`, `.query.pagination.limit`, `/body/amount_in`)
 * into the `query.pagination.limit` form our messages use.
 */
function fieldName(path: string | undefined): string {
  if (!path) return "request";
  // The validator says `params` for path parameters; our contract says `path`.
  return path
    .replace(/^[./]+/, "")
    .replace(/\//g, ".")
    .replace(/^params\./, "path.");
}

function fromValidator(err: ValidatorError): ApiError {
  const details: ErrorDetail[] = (err.errors ?? []).map((e) => ({
    field: fieldName(e.path),
    description: e.message ?? "is invalid",
  }));
  const first = details[0];
  // Name the parameter without its location prefix: "pagination.limit must be <= 1000".
  const message =
    err.status === 400 && first
      ? `invalid ${first.field?.replace(/^(query|path|body|headers)\./, "")}: ${first.description}`
      : err.message;
  return new ApiError(err.status, message, { details, headers: err.headers ?? {} });
}

/**
 * The one error middleware: ApiError, validator errors, body-parser errors and unknown errors all
 * become `{code, message, details}`. Unknown errors are logged with their cause and answered as a 500
 * that reveals nothing of the internals.
 */
export function createErrorMiddleware(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    let apiError: ApiError;
    if (err instanceof ApiError) apiError = err;
    else if (isValidatorError(err)) apiError = fromValidator(err);
    else if (isBodyParserError(err) && err.status >= 400 && err.status < 500) {
      apiError =
        err.type === "entity.too.large"
          ? new ApiError(413, "request body is too large", {
              details: [{ field: "body", description: err.message }],
            })
          : new ApiError(err.status, `invalid request body: ${err.message}`, {
              details: [{ field: "body", description: err.message }],
            });
    } else {
      (req.log ?? logger).error({ err }, "unhandled error");
      apiError = new ApiError(500, "internal server error");
    }
    res.status(apiError.status);
    for (const [name, value] of Object.entries(apiError.headers)) res.setHeader(name, value);
    res.json(apiError.toBody());
  };
}
