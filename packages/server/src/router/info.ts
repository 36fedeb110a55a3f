/** `/v2/info/chains` and `/v2/fungible/assets` (spec tag Router Info). */

import type { Asset } from "@weft/spec/schemas";
import { badRequest } from "../api/errors.js";
import type { OperationHandlers } from "../api/operation.js";
import { assetJson, chainJson } from "./asset-json.js";
import type { Registry } from "./registry/registry.js";
import type { RegistryChain } from "./registry/registry-file.js";
import { type RouterDeps, requireRegistry } from "./router-deps.js";

/** `chain_ids` repeated, comma-separated or single; every id must be in the registry. */
function selectedChains(registry: Registry, raw: string | string[] | undefined): RegistryChain[] {
  const ids = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw])
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter((v) => v !== "");
  if (ids.length === 0) return registry.chains;
  const unknown = ids.filter((id) => !registry.chain(id));
  if (unknown.length > 0) {
    throw badRequest(
      `Invalid chain_id: ${unknown.join(", ")} ${unknown.length === 1 ? "is" : "are"} not in the registry (GET /v2/info/chains lists them)`,
      unknown.map((id) => ({ field: "query.chain_ids", description: `unknown chain id ${id}` })),
    );
  }
  return registry.chains.filter((c) => ids.includes(c.chain_id));
}

/** A boolean query flag (validation let only `true` and `false` through); undefined when absent. */
export const flag = (value: string | undefined): boolean | undefined =>
  value === undefined ? undefined : value === "true";

export function createRouterInfoHandlers(deps: RouterDeps): OperationHandlers {
  return {
    getChains: (input) => {
      const registry = requireRegistry(deps);
      const includeEvm = flag(input.query.include_evm) ?? true;
      const onlyTestnets = flag(input.query.only_testnets);
      const chains = selectedChains(registry, input.query.chain_ids).filter(
        (c) =>
          (includeEvm || c.chain_type !== "evm") &&
          (onlyTestnets === undefined || c.is_testnet === onlyTestnets),
      );
      return { chains: chains.map(chainJson) };
    },
    getAssets: (input) => {
      const registry = requireRegistry(deps);
      const nativeOnly = flag(input.query.native_only) ?? false;
      const includeEvm = flag(input.query.include_evm_assets) ?? true;
      const includeCw20 = flag(input.query.include_cw20_assets) ?? false;
      const onlyTestnets = flag(input.query.only_testnets);
      const map: Record<string, { assets: Asset[] }> = {};
      for (const chain of selectedChains(registry, input.query.chain_ids)) {
        if (onlyTestnets !== undefined && chain.is_testnet !== onlyTestnets) continue;
        const assets = registry
          .assets()
          .filter((a) => a.chain === chain)
          .filter((a) => !nativeOnly || a.arrival.kind === "native")
          .map(assetJson)
          .filter((a) => (includeEvm || !a.is_evm) && (includeCw20 || !a.is_cw20));
        map[chain.chain_id] = { assets };
      }
      return { chain_to_assets_map: map };
    },
  };
}
