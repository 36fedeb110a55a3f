/**
 * The gate of the EVM routes (spec tags EVM Tx, EVM Internal Tx): on Move and Wasm chains every one
 * answers 404 "evm routes are not available on this chain", as the reference does; on EVM chains
 * they are served by evm-txs.ts and evm-internal-txs.ts.
 */
import { ApiError } from "../api/errors.js";
import type { OperationHandler, OperationHandlers, OperationId } from "../api/operation.js";
import { createEvmInternalTxHandlers } from "./evm-internal-txs.js";
import { createEvmTxHandlers } from "./evm-txs.js";
import type { IndexerDeps } from "./indexer-deps.js";

export function createEvmHandlers(deps: IndexerDeps): OperationHandlers {
  const handlers: OperationHandlers = { ...createEvmTxHandlers(deps), ...createEvmInternalTxHandlers(deps) };
  if (deps.vmType === "evm") return handlers;
  const unavailable = () => {
    throw new ApiError(404, "evm routes are not available on this chain");
  };
  return Object.fromEntries(
    Object.keys(handlers).map((id) => [id as OperationId, unavailable as OperationHandler<OperationId>]),
  ) as OperationHandlers;
}
