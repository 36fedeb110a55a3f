/** `/status`: what has been ingested, from the ingestion checkpoint (spec tag Status). */
import { ApiError } from "../http/errors.js";
import type { OperationHandlers } from "../http/operations.js";
import { latestHeight } from "./blocks.js";
import type { IndexerDeps } from "./indexer-deps.js";

export function createStatusHandlers(deps: IndexerDeps): OperationHandlers {
  return {
    getStatus: async () => {
      const height = await latestHeight(deps);
      if (height === null) throw new ApiError(503, `no block indexed yet for ${deps.chainId}`);
      return {
        version: deps.version,
        commit_hash: deps.commitHash,
        chain_id: deps.chainId,
        height: Number(height),
      };
    },
  };
}
