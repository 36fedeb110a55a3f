/**
 * What ICS-721 keeps on one live chain between blocks, and the send every packet starts with
 * (MsgTransfer, a refund's counterpart): the class traces and voucher collections it created, the
 * origin id of each voucher token whose local id differs (minievm), the next sequence per channel
 * and the packets sent and not yet settled. Every change is journaled: a failing tx (or a receive
 * answered with an error acknowledgement) leaves no trace.
 */
import type { Packet } from "cosmjs-types/ibc/core/channel/v1/channel";
import type { AbciEvent } from "../../payloads.js";
import type { IbcModule } from "../ibc/install-ibc.js";
import { attr, packetAttributes } from "../ibc/packet-events.js";
import type { ExecContext, LiveChain } from "../live-chain/live-chain-types.js";
import { TxFailure } from "../live-chain/tx-failure.js";
import type { LiveToken } from "../nft/live-nfts.js";
import type { ClassVm } from "./class-vm.js";
import { type NftPacketData, nftPacketBytes } from "./ics721-packet.js";

export interface ClassTrace {
  path: string;
  base_class_id: string;
}

/** A received class's local collection and the metadata its packets carry on. */
export interface Voucher {
  collection: string;
  classUri: string;
  classData: string;
}

/** What the sender keeps of a packet to refund it: the local tokens, burned or escrowed. */
export interface SentNfts {
  sender: string;
  collection: string;
  voucher: boolean;
  tokens: { localId: string; originId: string }[];
  burned: boolean;
  /** Where a refund ends up instead of the sender (the Move hook's recover_address). */
  recover?: string;
}

/** Why a receive fails: written into the error acknowledgement (the receive then changes nothing). */
export class RecvError extends Error {}

/**
 * A middleware in front of the module's receive (the L1's Move hook, move-nft-hook.ts): given a
 * packet, undefined to let it through, or the account that receives its tokens instead and what
 * runs once they are received (its events); throws RecvError to refuse the packet.
 */
export type RecvHook = (
  ctx: ExecContext,
  p: { packet: Packet; data: NftPacketData },
) => { receiver: string; after: () => AbciEvent[] } | undefined;

export interface Ics721State {
  chain: LiveChain;
  vm: ClassVm;
  ibc: IbcModule;
  /** The ICS-721 port of this chain's module. */
  port: string;
  nextSeq: Map<string, bigint>;
  /** `ibc/<hash>` -> its trace. */
  traces: Map<string, ClassTrace>;
  vouchers: Map<string, Voucher>;
  /** `<collection>/<local id>` -> the token's origin id, where they differ. */
  origins: Map<string, string>;
  /** `channel/sequence` -> a packet sent and not settled. */
  sent: Map<string, SentNfts>;
  hook?: RecvHook;
}

/** Sets `key` in `map`, undone with the tx. */
export function setJournaled<K, V>(ctx: Pick<ExecContext, "journal">, map: Map<K, V>, key: K, value: V) {
  const had = map.has(key);
  const before = map.get(key);
  map.set(key, value);
  ctx.journal.push(() => (had ? map.set(key, before as V) : map.delete(key)));
}

/** The escrow account of one of this chain's ICS-721 channel ends (bech32). */
export const escrowAccount = (state: Ics721State, channel: string) => state.vm.escrow(state.port, channel);

/** The full path of a local class id, or undefined for a voucher this chain never received. */
export function fullClassPath(state: Ics721State, classId: string): string | undefined {
  const t = state.traces.get(classId);
  if (!t) return classId.startsWith("ibc/") ? undefined : classId;
  return t.path ? `${t.path}/${t.base_class_id}` : t.base_class_id;
}

/** The live token of a packet token id in a local class. */
export function localToken(state: Ics721State, collection: string, voucher: boolean, id: string) {
  return state.chain.nfts.token(collection, state.vm.localTokenId(voucher, id));
}

/**
 * Sends `tokenIds` of local class `classId` over `channel`: each token is burned when the class goes
 * home over it (its trace starts with this end), else escrowed; emits the VM's events, send_packet
 * and ibc_nft_transfer. Throws TxFailure when the class or a token is unknown or not the sender's.
 */
export function sendNfts(
  state: Ics721State,
  ctx: ExecContext,
  o: {
    channel: string;
    sender: string;
    receiver: string;
    classId: string;
    tokenIds: string[];
    memo: string;
    timeoutNs: bigint;
    recover?: string;
  },
): AbciEvent[] {
  const { chain, vm } = state;
  const end = state.ibc.ends.get(o.channel);
  if (!end || end.port !== state.port)
    throw new TxFailure(1, `port ${state.port}, channel ${o.channel}: channel not found`, "channel");
  const voucher = state.vouchers.has(o.classId);
  const full = fullClassPath(state, o.classId);
  const collection = voucher ? state.vouchers.get(o.classId)?.collection : vm.nativeCollection(o.classId);
  if (!full || !collection) throw new TxFailure(3, `${o.classId}: class not found`, "nft-transfer");
  if (o.tokenIds.length === 0)
    throw new TxFailure(2, "token ids cannot be empty: invalid token ids", "nft-transfer");
  const tokens: LiveToken[] = o.tokenIds.map((id) => {
    const token = localToken(state, collection, voucher, id);
    if (!token || chain.nfts.ownerAt(token) === undefined)
      throw new TxFailure(3, `${o.classId}/${id}: token not found`, "nft-transfer");
    if (chain.nfts.ownerAt(token) !== o.sender)
      throw new TxFailure(4, `${o.sender} is not the owner of ${o.classId}/${id}: unauthorized`);
    return token;
  });
  const home = full.startsWith(`${state.port}/${o.channel}/`);
  const escrow = escrowAccount(state, o.channel);
  const events = tokens.flatMap((t) => (home ? vm.burn(ctx, t) : vm.move(ctx, t, escrow)));
  const info = voucher
    ? state.vouchers.get(o.classId)
    : vm.classInfo(
        chain.nfts.collection(collection) as NonNullable<ReturnType<typeof chain.nfts.collection>>,
      );
  const data: NftPacketData = {
    classId: full,
    ...(info?.classUri ? { classUri: info.classUri } : {}),
    ...(info?.classData ? { classData: info.classData } : {}),
    tokenIds: o.tokenIds,
    ...(tokens.some((t) => t.uri) ? { tokenUris: tokens.map((t) => t.uri) } : {}),
    sender: o.sender,
    receiver: o.receiver,
    ...(o.memo ? { memo: o.memo } : {}),
  };
  const sequence = state.nextSeq.get(o.channel) ?? 1n;
  setJournaled(ctx, state.nextSeq, o.channel, sequence + 1n);
  const packet: Packet = {
    sequence,
    sourcePort: state.port,
    sourceChannel: o.channel,
    destinationPort: end.counterpartyPort ?? state.port,
    destinationChannel: end.counterpartyChannel,
    data: nftPacketBytes(data),
    timeoutHeight: { revisionNumber: 0n, revisionHeight: 0n },
    timeoutTimestamp: o.timeoutNs,
  };
  setJournaled(ctx, state.sent, `${o.channel}/${sequence}`, {
    sender: o.sender,
    collection,
    voucher,
    tokens: tokens.map((t, i) => ({ localId: t.tokenId, originId: o.tokenIds[i] ?? t.tokenId })),
    burned: home,
    ...(o.recover ? { recover: o.recover } : {}),
  });
  return [
    ...events,
    { type: "send_packet", attributes: packetAttributes(packet, end.connection, true) },
    {
      type: "ibc_nft_transfer",
      attributes: [
        attr("sender", o.sender),
        attr("receiver", o.receiver),
        attr("class_id", o.classId),
        attr("token_ids", o.tokenIds.join(",")),
      ],
    },
  ];
}
