/**
 * The Initia pairs of a registry as the wallet asks for them: each (chain, asset) -> (chain, asset)
 * among the Initia chains whose assets share an origin (Weft does not swap), with and without
 * is_op_withdraw. Shared by the route table (wallet-pairs.test.ts) and the end-to-end flow
 * (wallet-flow.test.ts), so the table's "executed end to end" column names what the flow runs.
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
 * Whether the flow test executes a single-tx pair: its source asset can be funded at genesis. An
 * IBC voucher cannot (the devnet's IBC module learns a voucher's trace only from a received packet),
 * so pairs whose source is an `ibc/` denom stay asserted at the route and msgs level.
 */
export const fundedAtGenesis = (source: AssetNode) => !source.denom.startsWith("ibc/");
