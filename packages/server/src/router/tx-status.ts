/** `GET /v2/tx/status` (spec tag Router Tx): a tracked transfer's status, computed from its progress. */
import { ApiError } from "../api/errors.js";
import type { OperationHandlers } from "../api/operation.js";
import { type RouterDeps, requireRegistry } from "./router-deps.js";
import { statusJson } from "./tracking/status-json.js";
import { findTransfer } from "./tracking/transfer-store.js";
import { normaliseTxHash } from "./tx-track.js";

export function createTxStatusHandlers(deps: RouterDeps): OperationHandlers {
  return {
    getTxStatus: async (input) => {
      const registry = requireRegistry(deps);
      const { tx_hash, chain_id } = input.query;
      const row = await findTransfer(deps.pool, chain_id, normaliseTxHash(tx_hash));
      // Skip's exact answer; clients re-track on it.
      if (!row) throw new ApiError(404, "tx not found");
      return statusJson(
        registry,
        row.progress,
        row.progress.abandoned ? { reason: row.progress.abandoned } : undefined,
      );
    },
  };
}
