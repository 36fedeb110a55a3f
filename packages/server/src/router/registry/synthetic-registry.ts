/**
 * A large registry shaped like Initia's interwoven network, for the route benchmark and tests: one L1
 * hub (PFM), `rollups` rollups (minievm / miniwasm / minimove in turn, each with an OPinit bridge and an
 * IBC channel to the L1, minievm ones with the decimal wrapper) and `cosmos` Cosmos chains with
 * channels to the L1 and to their neighbour, plus EVM chains peering a LayerZero OFT with the minievm
 * rollups.
 */
import { l2Denom } from "./denoms.js";
import type { RegistryChain, RegistryFile } from "./registry-file.js";

const hex40 = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;

export function syntheticRegistry(options: { rollups: number; cosmos: number; evm: number }): RegistryFile {
  const l1: RegistryChain = {
    chain_id: "hub-1",
    chain_name: "hub",
    pretty_name: "Hub",
    chain_type: "initia",
    bech32_prefix: "init",
    is_testnet: true,
    apis: {},
    pfm_enabled: true,
    ibc_hooks: true,
    fee_assets: [{ denom: "uinit" }],
    ibc_channels: [],
    assets: [{ denom: "uinit", symbol: "INIT", name: "Initia", decimals: 6 }],
  };
  const chains: RegistryChain[] = [l1];
  const link = (a: RegistryChain, b: RegistryChain) => {
    a.ibc_channels.push({
      chain_id: b.chain_id,
      port_id: "transfer",
      channel_id: `channel-${a.ibc_channels.length}`,
    });
    b.ibc_channels.push({
      chain_id: a.chain_id,
      port_id: "transfer",
      channel_id: `channel-${b.ibc_channels.length}`,
    });
  };
  const kinds = ["minievm", "miniwasm", "minimove"] as const;
  for (let i = 1; i <= options.rollups; i++) {
    const kind = kinds[i % kinds.length] ?? "minievm";
    const bridgeId = String(i);
    const remote = l2Denom(bridgeId, "uinit");
    const rollup: RegistryChain = {
      chain_id: `rollup-${i}`,
      chain_name: `rollup${i}`,
      pretty_name: `Rollup ${i}`,
      chain_type: kind,
      bech32_prefix: "init",
      is_testnet: true,
      apis: {},
      pfm_enabled: false,
      ibc_hooks: true,
      fee_assets: [{ denom: `u${i}` }],
      ibc_channels: [],
      op_bridge: { bridge_id: bridgeId, l1_chain_id: "hub-1", op_denoms: ["uinit"] },
      assets: [{ denom: `utoken${i}`, symbol: `T${i}`, name: `Token ${i}`, decimals: 6 }],
    };
    if (kind === "minievm") {
      rollup.erc20_wrapper = { contract: hex40(1_000 + i), erc20_contracts: { [remote]: hex40(2_000 + i) } };
      rollup.layer_zero = { endpoint_id: 40_000 + i };
      rollup.assets.push(
        {
          denom: `evm/${hex40(3_000 + i).slice(2)}`,
          symbol: "INIT",
          name: "Initia",
          decimals: 18,
          erc20_contract: hex40(3_000 + i),
          wraps: { remote_denom: remote, remote_decimals: 6 },
        },
        {
          denom: `evm/${hex40(4_000 + i).slice(2)}`,
          symbol: "WETH",
          name: "Wrapped Ether",
          decimals: 18,
          oft: {
            group: "WETH",
            contract: hex40(4_000 + i),
            shared_decimals: 6,
            messaging_fee: { denom: `u${i}`, amount: "1000" },
          },
        },
      );
    }
    chains.push(rollup);
    link(l1, rollup);
  }
  for (let i = 1; i <= options.cosmos; i++) {
    const chain: RegistryChain = {
      chain_id: `cosmos-${i}`,
      chain_name: `cosmos${i}`,
      pretty_name: `Cosmos ${i}`,
      chain_type: "cosmos",
      bech32_prefix: `c${i}x`,
      is_testnet: true,
      apis: {},
      pfm_enabled: true,
      ibc_hooks: false,
      fee_assets: [{ denom: `uc${i}` }],
      ibc_channels: [],
      assets: [{ denom: `uc${i}`, symbol: `C${i}`, name: `Coin ${i}`, decimals: 6 }],
    };
    link(l1, chain);
    const previous = chains.at(-1);
    if (i > 1 && previous) link(previous, chain);
    chains.push(chain);
  }
  for (let i = 1; i <= options.evm; i++) {
    chains.push({
      chain_id: String(100 + i),
      chain_name: `evm${i}`,
      pretty_name: `EVM ${i}`,
      chain_type: "evm",
      bech32_prefix: "",
      is_testnet: true,
      apis: {},
      pfm_enabled: false,
      ibc_hooks: false,
      fee_assets: [],
      ibc_channels: [],
      layer_zero: { endpoint_id: 30_000 + i },
      assets: [
        { denom: `evm${i}-native`, symbol: "ETH", name: "Ether", decimals: 18 },
        {
          denom: hex40(5_000 + i),
          symbol: "WETH",
          name: "Wrapped Ether",
          decimals: 18,
          oft: {
            group: "WETH",
            contract: hex40(6_000 + i),
            token: hex40(5_000 + i),
            shared_decimals: 6,
            messaging_fee: { denom: `evm${i}-native`, amount: "100000" },
          },
        },
      ],
    });
  }
  return { name: `synthetic-${chains.length}`, chains };
}
