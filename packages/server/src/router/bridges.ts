/**
 * `GET /v2/info/bridges` (spec tag Router Info): the bridges some hop of the registry's graph uses,
 * asked of the route finder's own hop generator, so the list cannot claim a bridge no route takes.
 */
import type { operations } from "@weft/spec/types";
import type { OperationHandlers } from "../api/operation.js";
import type { Registry } from "./registry/registry.js";
import { BRIDGE_OF, type BridgeType } from "./route/find-route.js";
import { hopsFrom } from "./route/hops.js";
import { type RouterDeps, requireRegistry } from "./router-deps.js";

type BridgesResponse = operations["getBridges"]["responses"][200]["content"]["application/json"];

/** Display names, in the order the bridges are listed. */
const BRIDGE_NAMES: [BridgeType, string][] = [
  ["IBC", "IBC"],
  ["OPINIT", "OPinit Bridge"],
  ["LAYER_ZERO", "LayerZero"],
];

/** Every bridge a hop out of some asset uses (forwarding allowed towards any asset). */
export function bridgesInUse(registry: Registry): Set<BridgeType> {
  const everywhere = new Set(registry.assets());
  const used = new Set<BridgeType>();
  for (const node of everywhere)
    for (const hop of hopsFrom(registry, node, everywhere)) {
      const bridge = BRIDGE_OF[hop.kind];
      if (bridge) used.add(bridge);
    }
  return used;
}

export function createBridgesHandlers(deps: RouterDeps): OperationHandlers {
  return {
    getBridges: () => {
      const used = bridgesInUse(requireRegistry(deps));
      return {
        bridges: BRIDGE_NAMES.filter(([id]) => used.has(id)).map(([id, name]) => ({
          id,
          name,
          logo_uri: null,
        })),
      } satisfies BridgesResponse;
    },
  };
}
