/**
 * `POST /v2/fungible/assets_from_source` (spec tag Router Info): every asset the route finder reaches
 * from a source asset, grouped by chain; single-tx routes only unless `allow_multi_tx`.
 */
import type { operations } from "@weft/spec/types";
import type { OperationHandlers } from "../api/operation.js";
import { assetJson } from "./asset-json.js";
import { findRoute } from "./route/find-route.js";
import { resolveAsset } from "./route.js";
import { type RouterDeps, requireRegistry } from "./router-deps.js";

type Response = operations["getAssetsFromSource"]["responses"][200]["content"]["application/json"];

export function createAssetsFromSourceHandlers(deps: RouterDeps): OperationHandlers {
  return {
    getAssetsFromSource: (input) => {
      const registry = requireRegistry(deps);
      const body = input.body;
      const source = resolveAsset(registry, "source", body.source_asset_chain_id, body.source_asset_denom);
      const allowMultiTx = body.allow_multi_tx ?? false;
      const dest_assets: Response["dest_assets"] = {};
      for (const destination of registry.assets()) {
        if (destination === source) continue;
        if (body.native_only && destination.arrival.kind !== "native") continue;
        if (!body.include_cw20_assets && destination.denom.startsWith("cw20:")) continue;
        if (!findRoute(registry, { source, destination, allowMultiTx })) continue;
        const chainId = destination.chain.chain_id;
        dest_assets[chainId] ??= { assets: [] };
        dest_assets[chainId].assets.push(assetJson(destination));
      }
      return { dest_assets } satisfies Response;
    },
  };
}
