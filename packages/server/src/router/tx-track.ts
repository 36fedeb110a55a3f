/** `POST /v2/tx/track` (spec tag Router Tx): start tracking a broadcast tx; idempotent. */
import { ApiError } from "../http/errors.js";
import type { OperationHandlers } from "../http/operations.js";
import { type RouterDeps, requireRegistry } from "./router-deps.js";
import { insertTransfer } from "./tracking/transfer-store.js";

/** Hashes are stored and compared as upper-case hex without 0x, as CometBFT prints them. */
export const normaliseTxHash = (hash: string) => hash.replace(/^0x/i, "").toUpperCase();

export function createTxTrackHandlers(deps: RouterDeps): OperationHandlers {
  return {
    trackTx: async (req) => {
      const registry = requireRegistry(deps);
      const { tx_hash, chain_id } = req.body as { tx_hash: string; chain_id: string };
      const chain = registry.chain(chain_id);
      if (!chain)
        throw new ApiError(404, `chain ID not supported: ${chain_id} (GET /v2/info/chains lists them)`);
      if (!chain.apis.rpc)
        throw new ApiError(
          404,
          `chain ID not supported: the registry has no RPC endpoint to track txs on ${chain_id}`,
        );
      const hash = normaliseTxHash(tx_hash);
      await insertTransfer(deps.pool, chain_id, hash);
      return { tx_hash: hash, explorer_link: (chain.explorer_tx_url ?? "").replace("{tx_hash}", hash) };
    },
  };
}
