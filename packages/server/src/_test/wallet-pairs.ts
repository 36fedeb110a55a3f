/**
 * The Initia pairs of a registry as the wallet asks for them: each (chain, asset) -> (chain, asset)
 * among the Initia chains whose assets share an origin (Weft does not swap), with and without
 * is_op_withdraw. Shared by the route table (wallet-pairs.e2e.test.ts) and the end-to-end flow
 * (wallet-flow.e2e.test.ts), so the table's "executed end to end" column names what the flow runs.
 */
import type { AssetNode, Registry } from "../router/registry/registry.js";

const INITIA_CHAIN_TYPES = new Set(["initia", "minievm", "miniwasm", "minimove"]);

export interface WalletPair {
  source: AssetNode;
  dest: AssetNode;
  opWithdraw: boolean;
}

export function walletPairs(registry: Registry): WalletPair[] {
  const initia = registry.assets().filter((a) => INITIA_CHAIN_TYPES.has(a.chain.chain_type));
  return initia.flatMap((source) =>
    initia
      .filter(
        (dest) =>
          dest !== source &&
          dest.origin.chainId === source.origin.chainId &&
          dest.origin.denom === source.origin.denom,
      )
      .flatMap((dest) => [false, true].map((opWithdraw) => ({ source, dest, opWithdraw }))),
  );
}

/**
 * The most txs a route may need for the flow test (wallet-flow.e2e.test.ts) to execute it: 4, the longest
 * route of the devnet registry, so every pair that routes at all is executed.
 */
export const MAX_EXECUTED_TXS = 4;

/**
 * Whether the flow test executes a pair: it routes (with allow_multi_tx where it needs more than one
 * tx) in at most MAX_EXECUTED_TXS txs. `txsRequired` is undefined for a pair with no route.
 */
export const executedEndToEnd = (txsRequired: number | undefined) =>
  txsRequired !== undefined && txsRequired <= MAX_EXECUTED_TXS;

/**
 * The asset funded at genesis for a pair's source: the source itself, or for an `ibc/` voucher (which
 * genesis cannot fund: the devnet's IBC module learns a voucher's trace only from a received packet)
 * the first asset up its IBC trace that is not a voucher; the flow test's first wave sends that over
 * IBC to the source, signed and relayed.
 */
export function fundingAsset(source: AssetNode): AssetNode {
  let asset = source;
  while (asset.denom.startsWith("ibc/")) {
    if (!asset.parent) throw new Error(`${asset.key}: an ibc/ denom without the asset it came from`);
    asset = asset.parent;
  }
  return asset;
}
