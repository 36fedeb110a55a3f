/** Registry nodes and chains in their Skip `Asset` / `Chain` wire shapes (plus Initia's extensions). */

import type { Asset, Chain } from "@weft/spec/schemas";
import { traceString } from "./registry/denoms.js";
import type { AssetNode } from "./registry/registry.js";
import type { RegistryChain } from "./registry/registry-file.js";

export function assetJson(node: AssetNode): Asset {
  const evm = node.chain.chain_type === "evm";
  return {
    denom: node.denom,
    chain_id: node.chain.chain_id,
    origin_denom: node.origin.denom,
    origin_chain_id: node.origin.chainId,
    trace: traceString(node.trace),
    is_cw20: node.denom.startsWith("cw20:"),
    is_evm: evm,
    is_svm: false,
    symbol: node.meta.symbol,
    name: node.meta.name,
    logo_uri: node.meta.logo_uri ?? null,
    decimals: node.meta.decimals,
    token_contract: node.erc20Contract ?? null,
    description: node.meta.description ?? null,
    coingecko_id: node.meta.coingecko_id ?? null,
    recommended_symbol: node.meta.symbol,
    hidden: isHidden(node),
  };
}

/** Intermediate OPinit coins that a wrapper turns into the token users hold are hidden, as Initia does. */
export const isHidden = (node: AssetNode): boolean =>
  node.arrival.kind === "op" && node.children.some((c) => c.arrival.kind === "wrapped");

export function chainJson(chain: RegistryChain): Chain {
  const cosmos = chain.chain_type !== "evm";
  return {
    chain_name: chain.chain_name,
    chain_id: chain.chain_id,
    pfm_enabled: chain.pfm_enabled,
    cosmos_module_support: { authz: cosmos, feegrant: cosmos },
    supports_memo: cosmos,
    logo_uri: chain.logo_uri ?? null,
    bech32_prefix: chain.bech32_prefix,
    fee_assets: chain.fee_assets.map((f) => ({ denom: f.denom, gas_price: f.gas_price ?? null })),
    chain_type: cosmos ? "cosmos" : "evm",
    ibc_capabilities: {
      cosmos_pfm: chain.pfm_enabled,
      cosmos_ibc_hooks: chain.ibc_hooks,
      cosmos_memo: cosmos,
      cosmos_autopilot: false,
    },
    is_testnet: chain.is_testnet,
    pretty_name: chain.pretty_name,
    rpc: chain.apis.rpc ?? "",
    rest: chain.apis.rest ?? "",
    hidden: chain.hidden ?? false,
    ...(chain.evm_fee_asset ? { evm_fee_asset: chain.evm_fee_asset } : {}),
  };
}
