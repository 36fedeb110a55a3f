/** The one error `transfer()` throws, saying which step failed and carrying the server's answer. */
import type { ApiErrorBody } from "./router-types.js";

/** The step of the flow that failed (the event it would have yielded). */
export type TransferStep = "route" | "op_hook" | "msgs" | "broadcast" | "track" | "status";

export class TransferError extends Error {
  override readonly name = "TransferError";
  readonly step: TransferStep;
  /** HTTP status of the failed request; undefined for a network error or a callback's failure. */
  readonly status: number | undefined;
  /** The server's error envelope, when it sent one (`info` holds the router's hint on a 404 route). */
  readonly body: ApiErrorBody | undefined;

  constructor(options: {
    step: TransferStep;
    message: string;
    status?: number | undefined;
    body?: ApiErrorBody | undefined;
    cause?: unknown;
  }) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.step = options.step;
    this.status = options.status;
    this.body = options.body;
  }
}

/** The server's error envelope if `error` looks like one (a proxy may answer with anything). */
export function asErrorBody(error: unknown): ApiErrorBody | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { code, message } = error as Partial<ApiErrorBody>;
  return typeof code === "number" && typeof message === "string" ? (error as ApiErrorBody) : undefined;
}

/** A TransferError for a non-2xx answer, with the server's message when there is one. */
export function httpFailure(step: TransferStep, response: Response, error: unknown): TransferError {
  const body = asErrorBody(error);
  return new TransferError({
    step,
    status: response.status,
    body,
    message: `${step} failed with HTTP ${response.status}: ${body?.message ?? (response.statusText || "no message")}`,
  });
}
