/**
 * The router's view of a registry: every routable asset as a node of a graph whose edges are the
 * bridges. Native assets come from the file; IBC, OPinit and wrapper denoms are derived from the
 * connections once, at load, so routing never hashes a denom twice.
 */
import { ibcDenom, l2Denom, type TraceHop, traceString } from "./denoms.js";
import type { RegistryAsset, RegistryChain, RegistryFile } from "./registry-file.js";

export const DEFAULT_IBC_TRANSFER_SECONDS = 30;
export const DEFAULT_OP_DEPOSIT_SECONDS = 60;
export const DEFAULT_OP_FINALIZATION_SECONDS = 604_800;
export const DEFAULT_LAYER_ZERO_SECONDS = 180;
/** ICS-20 hops recorded in a derived denom's trace: a direct hop, or two through a PFM chain. */
const MAX_DERIVED_IBC_HOPS = 2;

/** How an asset came to be on its chain, relative to `parent`. */
export type Arrival =
  | { kind: "native" }
  /** Received over IBC: `channel` is the sender's (parent chain's) end, `counterpartyChannel` this chain's. */
  | { kind: "ibc"; channel: string; counterpartyChannel: string }
  /** Deposited over the OPinit bridge of this rollup. */
  | { kind: "op"; bridgeId: string }
  /** The minievm ERC20Wrapper's 18-decimal local token of `parent` (an `l2/...` denom). */
  | { kind: "wrapped" };

export interface AssetNode {
  /** `${chain_id} ${denom}`: unique in a registry. */
  key: string;
  chain: RegistryChain;
  denom: string;
  arrival: Arrival;
  parent: AssetNode | undefined;
  children: AssetNode[];
  origin: { chainId: string; denom: string };
  /** The ICS-20 trace of this denom on its chain (receiving ends, newest first) and its base. */
  trace: TraceHop[];
  base: string;
  meta: Pick<RegistryAsset, "symbol" | "name" | "decimals" | "logo_uri" | "coingecko_id" | "description">;
  /** ERC-20 contract of the denom, where it has one. */
  erc20Contract: string | undefined;
  oft: RegistryAsset["oft"];
}

export interface Registry {
  name: string;
  chains: RegistryChain[];
  chain(chainId: string): RegistryChain | undefined;
  asset(chainId: string, denom: string): AssetNode | undefined;
  /** Every asset, chain by chain in registry order. */
  assets(): AssetNode[];
  /** OFT peers of an asset (same group, other chains). */
  oftPeers(node: AssetNode): AssetNode[];
  /** This chain's end of its transfer channel to `counterparty`, and the counterparty's end. */
  channelBetween(
    chainId: string,
    counterpartyId: string,
  ): { channel: string; counterpartyChannel: string } | undefined;
}

/** Builds the asset graph of a parsed registry file. */
export function createRegistry(file: RegistryFile): Registry {
  const chains = new Map(file.chains.map((c) => [c.chain_id, c]));
  const byChain = new Map<string, Map<string, AssetNode>>(file.chains.map((c) => [c.chain_id, new Map()]));
  const ordered: AssetNode[] = [];

  const add = (node: AssetNode): AssetNode => {
    const existing = byChain.get(node.chain.chain_id)?.get(node.denom);
    if (existing) return existing;
    byChain.get(node.chain.chain_id)?.set(node.denom, node);
    node.parent?.children.push(node);
    ordered.push(node);
    return node;
  };

  const channelBetween = (chainId: string, counterpartyId: string) => {
    const here = chains
      .get(chainId)
      ?.ibc_channels.find((c) => c.chain_id === counterpartyId && c.port_id === "transfer");
    const there = chains
      .get(counterpartyId)
      ?.ibc_channels.find((c) => c.chain_id === chainId && c.port_id === "transfer");
    return here && there ? { channel: here.channel_id, counterpartyChannel: there.channel_id } : undefined;
  };

  // 1. Native assets (wrapped ones need their remote denom first, so they come in step 3).
  for (const chain of file.chains) {
    for (const a of chain.assets.filter((x) => !x.wraps)) {
      add({
        key: `${chain.chain_id} ${a.denom}`,
        chain,
        denom: a.denom,
        arrival: { kind: "native" },
        parent: undefined,
        children: [],
        origin: { chainId: chain.chain_id, denom: a.denom },
        trace: [],
        base: a.denom,
        meta: a,
        erc20Contract: a.erc20_contract,
        oft: a.oft,
      });
    }
  }
  // 2. OPinit deposits of the bridged L1 denoms.
  for (const rollup of file.chains) {
    const bridge = rollup.op_bridge;
    if (!bridge) continue;
    for (const l1Denom of bridge.op_denoms) {
      const parent = byChain.get(bridge.l1_chain_id)?.get(l1Denom);
      if (!parent) continue;
      const denom = l2Denom(bridge.bridge_id, l1Denom);
      add({
        ...derived(parent, rollup, denom),
        arrival: { kind: "op", bridgeId: bridge.bridge_id },
        erc20Contract: rollup.erc20_wrapper?.erc20_contracts[denom],
      });
    }
  }
  // 3. Wrapper tokens of deposited denoms on minievm rollups.
  for (const chain of file.chains) {
    for (const a of chain.assets.filter((x) => x.wraps)) {
      const parent = byChain.get(chain.chain_id)?.get(a.wraps?.remote_denom ?? "");
      if (!parent) continue;
      add({
        ...derived(parent, chain, a.denom),
        arrival: { kind: "wrapped" },
        meta: a,
        erc20Contract: a.erc20_contract,
        oft: a.oft,
      });
    }
  }
  // 4. IBC: every non-wrapped asset one hop to each neighbour, a second hop through PFM chains.
  const frontier = ordered.filter((n) => n.arrival.kind !== "wrapped");
  for (let depth = 0; depth < MAX_DERIVED_IBC_HOPS; depth++) {
    const next: AssetNode[] = [];
    for (const node of frontier) {
      if (depth > 0 && !node.chain.pfm_enabled) continue;
      for (const ch of node.chain.ibc_channels) {
        if (ch.port_id !== "transfer") continue;
        // Sending back over the channel the asset arrived on unwinds it to its parent: not a new asset.
        if (node.trace[0]?.channel === ch.channel_id) continue;
        const to = chains.get(ch.chain_id);
        const link = to && channelBetween(node.chain.chain_id, to.chain_id);
        if (!to || !link) continue;
        const trace = [{ port: "transfer", channel: link.counterpartyChannel }, ...node.trace];
        const denom = ibcDenom(trace, node.base);
        if (byChain.get(to.chain_id)?.has(denom)) continue;
        next.push(
          add({
            ...derived(node, to, denom),
            arrival: { kind: "ibc", channel: link.channel, counterpartyChannel: link.counterpartyChannel },
            trace,
            base: node.base,
          }),
        );
      }
    }
    frontier.splice(0, frontier.length, ...next);
  }

  const oftGroups = new Map<string, AssetNode[]>();
  for (const node of ordered) {
    if (!node.oft) continue;
    oftGroups.set(node.oft.group, [...(oftGroups.get(node.oft.group) ?? []), node]);
  }

  return {
    name: file.name,
    chains: file.chains,
    chain: (id) => chains.get(id),
    asset: (chainId, denom) => byChain.get(chainId)?.get(denom),
    assets: () => file.chains.flatMap((c) => [...(byChain.get(c.chain_id)?.values() ?? [])]),
    oftPeers: (node) => (node.oft ? (oftGroups.get(node.oft.group) ?? []).filter((p) => p !== node) : []),
    channelBetween,
  };
}

/** The fields a derived asset inherits from its parent (origin, metadata), on another chain or denom. */
function derived(parent: AssetNode, chain: RegistryChain, denom: string): AssetNode {
  return {
    key: `${chain.chain_id} ${denom}`,
    chain,
    denom,
    arrival: { kind: "native" },
    parent,
    children: [],
    origin: parent.origin,
    trace: [],
    base: denom,
    meta: parent.meta,
    erc20Contract: undefined,
    oft: undefined,
  };
}

export { traceString };
