/**
 * Which way an NFT goes between two chains of the registry: on the chain itself, over one ICS-721
 * channel, or through an Initia L1 whose Move IBC hook (`0x1::nft_transfer::nft_transfer`) forwards
 * it on a second channel. ICS-721 has no packet-forward middleware: the L1's hook is how the wallet's
 * L2 -> L1 -> L2 sends are made, and why `l1_recover_address` exists.
 */
import { type ChainVm, vmOfChainKind } from "../../chain/chain-kinds.js";
import type { Registry } from "../registry/registry.js";
import { isNftChannel, type RegistryChain } from "../registry/registry-file.js";

/** One ICS-721 channel as seen from `from`: this end's port and channel, and the other end's. */
export interface NftHop {
  from: RegistryChain;
  to: RegistryChain;
  port: string;
  channel: string;
  counterpartyPort: string;
  counterpartyChannel: string;
}

export type NftPath =
  | { kind: "same_chain"; chain: RegistryChain }
  | { kind: "direct"; hop: NftHop }
  | { kind: "via_l1"; first: NftHop; second: NftHop };

/** The VM whose NFT standard a chain's collections follow; none on chains Weft cannot send from. */
export type NftVm = ChainVm;

export const nftVmOf = (chain: RegistryChain): NftVm | undefined => vmOfChainKind(chain.chain_type);

function hopBetween(from: RegistryChain, to: RegistryChain): NftHop | undefined {
  const here = from.ibc_channels.find((c) => c.chain_id === to.chain_id && isNftChannel(c));
  const there = to.ibc_channels.find((c) => c.chain_id === from.chain_id && isNftChannel(c));
  if (!here || !there) return undefined;
  return {
    from,
    to,
    port: here.port_id,
    channel: here.channel_id,
    counterpartyPort: there.port_id,
    counterpartyChannel: there.channel_id,
  };
}

/** The path, or a sentence saying why there is none. */
export function findNftPath(
  registry: Registry,
  source: RegistryChain,
  destination: RegistryChain,
): NftPath | string {
  if (source.chain_id === destination.chain_id) return { kind: "same_chain", chain: source };
  const hop = hopBetween(source, destination);
  if (hop) return { kind: "direct", hop };
  const tried: string[] = [];
  for (const l1 of registry.chains.filter((c) => c.chain_type === "initia")) {
    const first = hopBetween(source, l1);
    const second = hopBetween(l1, destination);
    if (first && second && l1.ibc_hooks) return { kind: "via_l1", first, second };
    if (first && second) tried.push(`${l1.chain_id} connects both but has no IBC hooks`);
  }
  return [
    `no NFT route from ${source.chain_id} to ${destination.chain_id}`,
    tried.length > 0
      ? tried.join("; ")
      : "no ICS-721 channel joins them, directly or through an Initia L1 (the registry's ibc_channels with version ics721-1)",
  ].join(": ");
}
