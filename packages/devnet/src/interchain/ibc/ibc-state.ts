/**
 * What ICS-20 keeps on one live chain between blocks, shared by its message handlers (msg-*.ts):
 * the channel ends, the next send sequence per channel, the denom traces of the vouchers it minted,
 * the packets it sent and has not settled, and the receives a test asked to fail.
 */
import type { Packet } from "cosmjs-types/ibc/core/channel/v1/channel";
import type { LiveChain } from "../live-chain/live-chain-types.js";

export const TYPE_TRANSFER = "/ibc.applications.transfer.v1.MsgTransfer";
export const TYPE_RECV = "/ibc.core.channel.v1.MsgRecvPacket";
export const TYPE_ACK = "/ibc.core.channel.v1.MsgAcknowledgement";
export const TYPE_TIMEOUT = "/ibc.core.channel.v1.MsgTimeout";

export interface ChannelEnd {
  channel: string;
  /** The port this end is bound to. @default "transfer" (ICS-20); ICS-721 ends are `nft-transfer` or a `wasm.<contract>` port. */
  port?: string;
  counterpartyPort?: string;
  counterpartyChainId: string;
  counterpartyChannel: string;
  connection: string;
}

/** ICS-20 FungibleTokenPacketData, in the key order ibc-go marshals it. */
export interface PacketData {
  amount: string;
  denom: string;
  memo?: string;
  receiver: string;
  sender: string;
}

/** What the sending chain remembers about a packet, to refund it or finish a forward. */
export interface SentPacket {
  sender: string;
  localDenom: string;
  amount: bigint;
  escrowed: boolean;
  /** Set when this packet forwards an incoming one (PFM): that packet's ack is written when this one's arrives. */
  forwardOf?: Packet;
}

export interface IbcState {
  chain: LiveChain;
  /** Packet-forward middleware is on. */
  pfm: boolean;
  ends: Map<string, ChannelEnd>;
  nextSeq: Map<string, bigint>;
  /** Voucher denom (`ibc/<hash>`) -> its ICS-20 path. */
  traces: Map<string, string>;
  /** `channel/sequence` -> the packet sent on it, until acknowledged or timed out. */
  sent: Map<string, SentPacket>;
  /** `channel/sequence` of receives that answer an error acknowledgement. */
  failReceives: string[];
}

export function createIbcState(chain: LiveChain, channels: ChannelEnd[], pfm: boolean): IbcState {
  return {
    chain,
    pfm,
    ends: new Map(channels.map((c) => [c.channel, c])),
    nextSeq: new Map(),
    traces: new Map(),
    sent: new Map(),
    failReceives: [],
  };
}

/** The full ICS-20 path of a local denom (`transfer/channel-0/uatom`, or the base). */
export const fullPath = (state: IbcState, denom: string) =>
  denom.startsWith("ibc/") ? (state.traces.get(denom) ?? denom) : denom;
