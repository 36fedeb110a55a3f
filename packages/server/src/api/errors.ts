/**
 * The one error envelope of both APIs: `{code, message, details}` (spec: components/schemas/error,
 * `ErrorBody` of @weft/spec/schemas). `code` is the gRPC status code matching the HTTP status, as
 * kvindexer and the Skip Go API do.
 */
import type { ErrorBody, ErrorDetail } from "@weft/spec/schemas";

/** HTTP status -> gRPC status code. The only place this mapping lives. */
const GRPC_CODE_BY_STATUS: Readonly<Record<number, number>> = {
  400: 3, // INVALID_ARGUMENT
  404: 5, // NOT_FOUND
  405: 12, // UNIMPLEMENTED
  413: 8, // RESOURCE_EXHAUSTED
  415: 3, // INVALID_ARGUMENT
  429: 8, // RESOURCE_EXHAUSTED
  500: 2, // UNKNOWN (Skip's "internal server error")
  501: 12, // UNIMPLEMENTED
  503: 14, // UNAVAILABLE
};

/** gRPC status code for an HTTP status; unknown 4xx map to INVALID_ARGUMENT, 5xx to UNKNOWN. */
export function grpcCodeFor(status: number): number {
  return GRPC_CODE_BY_STATUS[status] ?? (status < 500 ? 3 : 2);
}

/** An expected failure at the HTTP boundary. Thrown by handlers, rendered by the error middleware. */
export class ApiError extends Error {
  readonly status: number;
  readonly details: ErrorDetail[];
  readonly headers: Readonly<Record<string, string>>;
  /** Router route errors: help text clients (InterwovenKit) show under the message. */
  readonly info: string | undefined;

  constructor(
    status: number,
    message: string,
    options: { details?: ErrorDetail[]; headers?: Record<string, string>; info?: string } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.details = options.details ?? [];
    this.headers = options.headers ?? {};
    this.info = options.info;
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { code: grpcCodeFor(this.status), message: this.message, details: this.details };
    return this.info === undefined ? body : { ...body, info: this.info };
  }
}

export const badRequest = (message: string, details: ErrorDetail[] = []) =>
  new ApiError(400, message, { details });
export const notFound = (message: string) => new ApiError(404, message);
