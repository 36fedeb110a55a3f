/** @weft/client: typed clients for the Weft Indexer and Router APIs, and the helpers built on them. */
export type { components, operations, paths } from "@weft/spec/types";
export { type Page, type PaginateOptions, paginate, paginateResponses } from "./paginate.js";
export { createRetryMiddleware, IDEMPOTENT_POST_PATHS, type RetryOptions } from "./retry.js";
export type * from "./router-types.js";
export {
  type TransferCallbackContext,
  type TransferDone,
  type TransferEvent,
  type TransferOptions,
  transfer,
} from "./transfer.js";
export { TransferError, type TransferStep } from "./transfer-error.js";
export { isSuccess, isTerminal, type PollOptions, type TrackOptions } from "./tx-tracking.js";
export {
  createIndexerClient,
  createRouterClient,
  type WeftClient,
  type WeftClientOptions,
} from "./weft-client.js";
