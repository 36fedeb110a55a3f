/** `POST /v2/tx/track` (spec tag Router Tx): start tracking a broadcast tx; idempotent. */
import { ApiError } from "../api/errors.js";
import type { OperationHandlers } from "../api/operation.js";
import { type RouterDeps, requireRegistry } from "./router-deps.js";
import { insertTransfer } from "./tracking/transfer-store.js";

/** Hashes are stored and compared as upper-case hex without 0x, as CometBFT prints them. */
export const normaliseTxHash = (hash: string) => hash.replace(/^0x/i, "").toUpperCase();

export function createTxTrackHandlers(deps: RouterDeps): OperationHandlers {
  return {
    trackTx: async (input) => {
      const registry = requireRegistry(deps);
      const { tx_hash, chain_id } = input.body;
      const chain = registry.chain(chain_id);
      // Skip's 404 text for both; the detail naming body.chain_id tells clients that retrying is
      // futile (a Skip 404 may also mean "tx not seen yet", which is worth retrying).
      const unsupported = (message: string, description: string) =>
        new ApiError(404, message, { details: [{ field: "body.chain_id", description }] });
      if (!chain)
        throw unsupported(
          `chain ID not supported: ${chain_id} (GET /v2/info/chains lists them)`,
          "not a chain of this router's registry",
        );
      if (!chain.apis.rpc)
        throw unsupported(
          `chain ID not supported: the registry has no RPC endpoint to track txs on ${chain_id}`,
          "the registry has no RPC endpoint for this chain",
        );
      const hash = normaliseTxHash(tx_hash);
      await insertTransfer(deps.pool, chain_id, hash);
      return { tx_hash: hash, explorer_link: (chain.explorer_tx_url ?? "").replace("{tx_hash}", hash) };
    },
  };
}
