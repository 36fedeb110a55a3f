/**
 * The route benchmark's registry and request pairs, built the same way in the client and in the
 * server process it forks: a synthetic network of `chains` chains shaped like Initia's (70% rollups,
 * three EVM chains, the rest Cosmos chains) and up to 400 asset pairs that have a route.
 */

import type { Registry } from "@weft/server";
import type { AssetNode, RegistryFile } from "@weft/server/internal";
import { findRoute, syntheticRegistry } from "@weft/server/internal";

export function benchRegistryFile(chains: number): RegistryFile {
  const rollups = Math.round(chains * 0.7);
  const evm = 3;
  return syntheticRegistry({ rollups, cosmos: chains - 1 - rollups - evm, evm });
}

/** Asset pairs with a route, spread over the registry by two coprime strides. */
export function routablePairs(registry: Registry, count = 400): [AssetNode, AssetNode][] {
  const assets = registry.assets();
  const pairs: [AssetNode, AssetNode][] = [];
  for (let i = 0; pairs.length < count && i < 20_000; i++) {
    const a = assets[(i * 7919) % assets.length] as AssetNode;
    const b = assets[(i * 104_729 + 13) % assets.length] as AssetNode;
    if (a !== b && findRoute(registry, { source: a, destination: b, allowMultiTx: true })) pairs.push([a, b]);
  }
  return pairs;
}

/** The POST /v2/fungible/route body for a pair. */
export const routeRequestBody = ([a, b]: [AssetNode, AssetNode]): string =>
  JSON.stringify({
    source_asset_chain_id: a.chain.chain_id,
    source_asset_denom: a.denom,
    dest_asset_chain_id: b.chain.chain_id,
    dest_asset_denom: b.denom,
    amount_in: "1000000000000000000",
    allow_multi_tx: true,
  });
