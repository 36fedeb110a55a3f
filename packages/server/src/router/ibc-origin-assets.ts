/**
 * `POST /v2/fungible/ibc_origin_assets` (spec tag Router Info): each asset's origin asset, as the
 * registry derived it (IBC traces, OPinit bridges, wrappers); unknown assets are `asset_found: false`.
 */
import type { operations } from "@weft/spec/types";
import type { OperationHandlers } from "../api/operation.js";
import { assetJson } from "./asset-json.js";
import { type RouterDeps, requireRegistry } from "./router-deps.js";

type Response = operations["getIbcOriginAssets"]["responses"][200]["content"]["application/json"];

export function createIbcOriginAssetsHandlers(deps: RouterDeps): OperationHandlers {
  return {
    getIbcOriginAssets: (input) => {
      const registry = requireRegistry(deps);
      const { assets } = input.body;
      const origin_assets = assets.map(({ denom, chain_id }) => {
        const node = registry.asset(chain_id, denom);
        const origin = node && registry.asset(node.origin.chainId, node.origin.denom);
        return origin ? { asset: assetJson(origin), asset_found: true } : { asset_found: false };
      });
      return { origin_assets } satisfies Response;
    },
  };
}
