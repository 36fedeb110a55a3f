/** `/status`: what has been ingested, from the ingestion checkpoint (spec tag Status). */
import { ApiError } from "../api/errors.js";
import type { OperationHandlers } from "../api/operation.js";
import { latestHeight } from "./blocks.js";
import { CHAIN_NOT_YET_KNOWN, type IndexerDeps } from "./indexer-deps.js";

export function createStatusHandlers(deps: IndexerDeps): OperationHandlers {
  return {
    getStatus: async () => {
      // From memory while commits are followed (no query per request), else from the checkpoint.
      const known = deps.head?.known(deps.chainId);
      const height = known !== undefined ? known : await latestHeight(deps);
      if (height === null) throw new ApiError(503, notIndexedYet(deps.chainId));
      return {
        version: deps.version,
        commit_hash: deps.commitHash,
        chain_id: deps.chainId,
        height: Number(height),
        // Ingestion writes a block's EVM internal txs (EVM chains trace every block) and its
        // rich-list deltas in the block's own transaction (the first block's carries the balances
        // read from the node instead, ingest/initial-balances.ts), so both are as high as the block. The
        // reference omits them when 0 (omitempty), and internal_tx_height outside EVM.
        ...(deps.vmType === "evm" ? { internal_tx_height: Number(height) } : {}),
        rich_list_height: Number(height),
      };
    },
  };
}

/** Why there is no status yet; "for unknown" told nothing when no chain was known. */
function notIndexedYet(chainId: string): string {
  return chainId === CHAIN_NOT_YET_KNOWN
    ? "no block indexed yet: nothing has been ingested into this database (start `weft ingest` on it)"
    : `no block indexed yet for ${chainId}`;
}
