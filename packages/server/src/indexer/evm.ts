/**
 * EVM tx and internal-tx routes (spec tags EVM Tx, EVM Internal Tx). On Move and Wasm chains they
 * answer 404 "evm routes are not available on this chain", as the reference does. On EVM chains
 * they answer 501 until receipts and call traces are ingested: saying so beats serving empty pages
 * that look like an idle chain.
 */
import { ApiError } from "../http/errors.js";
import type { OperationHandlers, OperationId } from "../http/operations.js";
import type { IndexerDeps } from "./indexer-deps.js";

const EVM_OPERATIONS: OperationId[] = [
  "listEvmTxs",
  "listEvmTxsByAccount",
  "listEvmTxsByHeight",
  "getEvmTx",
  "listEvmInternalTxs",
  "listEvmInternalTxsByAccount",
  "listEvmInternalTxsByHeight",
  "listEvmInternalTxsByHash",
];

export function createEvmHandlers(deps: Pick<IndexerDeps, "vmType">): OperationHandlers {
  const handler = () => {
    if (deps.vmType !== "evm") throw new ApiError(404, "evm routes are not available on this chain");
    throw new ApiError(501, "EVM tx indexing (receipts and call traces) is not built into this server yet");
  };
  return Object.fromEntries(EVM_OPERATIONS.map((id) => [id, handler])) as OperationHandlers;
}
