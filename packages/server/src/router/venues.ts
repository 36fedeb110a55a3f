/**
 * `GET /v2/fungible/venues` (spec tag Router Info): the swap venues routes use. Weft's only
 * "swap" is a minievm rollup's ERC20Wrapper converting a deposited coin into its 18-decimal token and
 * back (an `evm_swap` operation); a chain is listed when the route finder's own wrapHop converts some
 * pair of its assets, so the list cannot name a venue no route takes.
 */
import type { operations } from "@weft/spec/types";
import type { OperationHandlers } from "../api/operation.js";
import { flag } from "./info.js";
import type { Registry } from "./registry/registry.js";
import type { RegistryChain } from "./registry/registry-file.js";
import { wrapHop } from "./route/hops.js";
import { wrapperVenue } from "./route/route-json.js";
import { type RouterDeps, requireRegistry } from "./router-deps.js";

type Response = operations["getVenues"]["responses"][200]["content"]["application/json"];

/** Chains where a route converts with the ERC20Wrapper, in registry order. */
export function wrapperChains(registry: Registry): RegistryChain[] {
  const converting = new Set(
    registry
      .assets()
      .filter((node) => node.parent && wrapHop(node.parent, node))
      .map((node) => node.chain),
  );
  return registry.chains.filter((chain) => converting.has(chain));
}

export function createVenuesHandlers(deps: RouterDeps): OperationHandlers {
  return {
    getVenues: (input) => {
      const onlyTestnets = flag(input.query.only_testnets);
      const venues = wrapperChains(requireRegistry(deps))
        .filter((chain) => onlyTestnets === undefined || chain.is_testnet === onlyTestnets)
        .map((chain) => wrapperVenue(chain.chain_id));
      return { venues } satisfies Response;
    },
  };
}
