/**
 * A router registry of one chain, the node under test, written at runtime (its ports are chosen when
 * the node starts): `weft serve` gets it as ROUTER_REGISTRY so the router can build messages for the
 * real chain. No IBC channels, no bridge: only same-chain requests can be answered, which is all the
 * tier sends. Fees are the node's zero gas prices.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { RealNode } from "../node/start-node.js";

/** Decimals of each node's fee denom: minievm's GAS is an 18-decimal ERC-20 on the EVM side. */
const DECIMALS = { evm: 18, move: 6 } as const;

/** Writes `registry.json` of `node` into `dir` and returns its path. */
export function writeNodeRegistry(node: RealNode, dir: string): string {
  const file = path.join(dir, "registry.json");
  const zero = { low: "0", average: "0", high: "0" };
  const asset = { denom: node.denom, symbol: node.denom, name: node.denom, decimals: DECIMALS[node.vm] };
  const chain = {
    chain_id: node.chainId,
    chain_name: node.chainId,
    pretty_name: `real-node ${node.vm} ${node.chainId}`,
    chain_type: node.vm === "evm" ? "minievm" : "minimove",
    bech32_prefix: "init",
    is_testnet: true,
    apis: {
      rpc: node.rpcUrl,
      rest: node.restUrl,
      ...(node.jsonRpcUrl ? { json_rpc: node.jsonRpcUrl } : {}),
    },
    explorer_tx_url: "",
    pfm_enabled: false,
    ibc_hooks: false,
    fee_assets: [{ denom: node.denom, gas_price: zero }],
    ...(node.vm === "evm" ? { evm_fee_asset: { name: node.denom, symbol: node.denom, decimals: 18 } } : {}),
    ibc_channels: [],
    assets: [asset],
  };
  writeFileSync(file, JSON.stringify({ name: `real-node-${node.vm}`, chains: [chain] }, null, 2));
  return file;
}
