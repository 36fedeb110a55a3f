/**
 * Chain ids, denoms and requests of the bundled `devnet` router registry, the topology the local
 * interchain runs (the same the server's router tests use).
 */
import { createHash } from "node:crypto";
import { EVM_WRAPPER } from "@weft/devnet";
import type { components } from "@weft/spec/types";

export const L1 = "weft-devnet-1";
export const EVM_ROLLUP = "weft-evm-1";
export const WASM_ROLLUP = "weft-wasm-1";
export const COSMOS = "weft-cosmos-1";
export const INIT_ON_WASM = "ibc/37A3FB4FED4CA04ED6D9E5DA36C6D27248645F0E22F585576A1488B8A89C5A50";
/** uinit as the wasm rollup holds it after an OPinit deposit. */
export const L2_INIT_WASM = "l2/2588fd87a8e081f6a557f43ff14f05dddf5e34cb27afcefd6eaf81f1daea30d0";
/** uinit on the Cosmos chain over L1 channel-2 (the same hash as on wasm: same port and channel id). */
export const INIT_ON_COSMOS = "ibc/37A3FB4FED4CA04ED6D9E5DA36C6D27248645F0E22F585576A1488B8A89C5A50";
/** The minievm rollup's 18-decimal ERC-20 wrapping deposited uinit. */
export const WRAPPED_INIT = EVM_WRAPPER.localDenom;

/** uinit from the L1 to the wasm rollup over one IBC hop: no hook, one tx. */
export const IBC_REQUEST = {
  source_asset_chain_id: L1,
  source_asset_denom: "uinit",
  dest_asset_chain_id: WASM_ROLLUP,
  dest_asset_denom: INIT_ON_WASM,
  amount_in: "1000000",
} satisfies components["schemas"]["route-request"];

/** uinit deposited into the evm rollup's 18-decimal ERC-20: needs the op-hook. */
export const HOOK_REQUEST = {
  ...IBC_REQUEST,
  dest_asset_chain_id: EVM_ROLLUP,
  dest_asset_denom: WRAPPED_INIT,
  amount_in: "2000000",
} satisfies components["schemas"]["route-request"];

/** Two txs: an OPinit withdrawal from the wasm rollup, then IBC from the L1 to the Cosmos chain. */
export const TWO_TX_REQUEST = {
  source_asset_chain_id: WASM_ROLLUP,
  source_asset_denom: L2_INIT_WASM,
  dest_asset_chain_id: COSMOS,
  dest_asset_denom: INIT_ON_COSMOS,
  amount_in: "3000000",
  allow_multi_tx: true,
  is_op_withdraw: true,
} satisfies components["schemas"]["route-request"];

/** A hash for a tx that was never broadcast: what a wallet that lost the tx would report. */
export function neverBroadcast(tx: components["schemas"]["signable-tx"]): {
  txHash: string;
  chainId: string;
} {
  const chainId = tx.cosmos_tx?.chain_id ?? tx.evm_tx?.chain_id ?? "";
  const txHash = createHash("sha256").update(JSON.stringify(tx)).digest("hex").toUpperCase();
  return { txHash, chainId };
}
