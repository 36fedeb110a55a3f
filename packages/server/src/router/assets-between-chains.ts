/**
 * `POST /v2/fungible/assets_between_chains` (spec tag Router Info): the pairs of source-chain and
 * destination-chain assets the route finder connects, with the best route's tx count and bridges.
 */
import type { operations } from "@weft/spec/types";
import { ApiError } from "../api/errors.js";
import type { OperationHandlers } from "../api/operation.js";
import { assetJson } from "./asset-json.js";
import type { AssetNode, Registry } from "./registry/registry.js";
import { BRIDGE_OF, findRoute } from "./route/find-route.js";
import { type RouterDeps, requireRegistry } from "./router-deps.js";

type Response = operations["getAssetsBetweenChains"]["responses"][200]["content"]["application/json"];

/** The chain's assets, or Skip's 404 naming the side. */
function assetsOf(registry: Registry, side: "source" | "dest", chainId: string): AssetNode[] {
  const chain = registry.chain(chainId);
  if (!chain) {
    throw new ApiError(
      404,
      `${side} chain not found: ${chainId} is not in the registry (GET /v2/info/chains lists them)`,
      {
        details: [{ field: `body.${side}_chain_id`, description: `unknown chain id ${chainId}` }],
      },
    );
  }
  return registry.assets().filter((a) => a.chain === chain);
}

export function createAssetsBetweenChainsHandlers(deps: RouterDeps): OperationHandlers {
  return {
    getAssetsBetweenChains: (input) => {
      const registry = requireRegistry(deps);
      const body = input.body;
      const sources = assetsOf(registry, "source", body.source_chain_id);
      const dests = assetsOf(registry, "dest", body.dest_chain_id);
      const allowMultiTx = body.allow_multi_tx ?? false;
      // Skip's defaults: EVM-chain and CW20 assets only when asked for.
      const wanted = (a: AssetNode) =>
        (body.include_evm_assets || a.chain.chain_type !== "evm") &&
        (body.include_cw20_assets || !a.denom.startsWith("cw20:"));
      const pairs: Response["assets_between_chains"] = [];
      for (const source of sources.filter(wanted)) {
        for (const destination of dests.filter(wanted)) {
          if (source === destination) continue;
          const found = findRoute(registry, { source, destination, allowMultiTx });
          if (!found) continue;
          pairs.push({
            asset_on_source: assetJson(source),
            asset_on_dest: assetJson(destination),
            txs_required: found.txsRequired,
            bridges: [...new Set(found.hops.flatMap((h) => BRIDGE_OF[h.kind] ?? []))],
          });
        }
      }
      return { assets_between_chains: pairs } satisfies Response;
    },
  };
}
