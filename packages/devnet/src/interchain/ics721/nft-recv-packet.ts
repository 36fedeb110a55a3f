/**
 * `/ibc.core.channel.v1.MsgRecvPacket` of an ICS-721 packet: a class coming home over the channel
 * it left by is released from escrow (its local class is the trace minus that hop); any other class
 * is traced under this end (`class_trace`) and minted as vouchers, its local collection created
 * the first time. A receiver the chain cannot read, a token missing from escrow, or a receive a
 * test asked to fail answers an error acknowledgement and changes nothing.
 */
import type { Packet } from "cosmjs-types/ibc/core/channel/v1/channel";
import { MsgRecvPacket } from "cosmjs-types/ibc/core/channel/v1/tx";
import type { AbciEvent } from "../../payloads.js";
import { attr, errorAck, packetAttributes, SUCCESS_ACK } from "../ibc/packet-events.js";
import type { ExecContext, MsgHandler } from "../live-chain/live-chain-types.js";
import { TxFailure } from "../live-chain/tx-failure.js";
import { type NftPacketData, nftPacketEvent, parseNftPacket, splitClassPath } from "./ics721-packet.js";
import { escrowAccount, type Ics721State, localToken, RecvError, setJournaled } from "./ics721-state.js";

export function nftRecvPacket(state: Ics721State): MsgHandler {
  return (ctx, value) => {
    const { packet } = MsgRecvPacket.decode(value);
    if (!packet) throw new TxFailure(1, "packet is required");
    const data = parseNftPacket(packet.data);
    const connection = state.ibc.ends.get(packet.destinationChannel)?.connection ?? "";
    const head: AbciEvent[] = [
      { type: "recv_packet", attributes: packetAttributes(packet, connection, true) },
    ];
    const mark = ctx.journal.length;
    let moved: AbciEvent[] = [];
    let ack = SUCCESS_ACK;
    try {
      if (state.ibc.takeFailReceive(packet.destinationChannel, packet.sequence))
        throw new RecvError("devnet: receive rejected on command: ABCI code: 1: error handling packet");
      const hook = state.hook?.(ctx, { packet, data });
      const receiver = hook ? hook.receiver : state.vm.account(data.receiver);
      if (!receiver)
        throw new RecvError(`failed to decode receiver address: ${data.receiver}: invalid address`);
      moved = receive(state, ctx, { packet, data, receiver });
      if (hook) moved.push(...hook.after());
    } catch (err) {
      if (!(err instanceof RecvError)) throw err;
      // Undo what the receive did so far: an error acknowledgement changes nothing here.
      while (ctx.journal.length > mark) ctx.journal.pop()?.();
      ack = errorAck(err.message);
    }
    const ok = ack === SUCCESS_ACK;
    return [
      ...head,
      ...moved,
      nftPacketEvent(data, [{ key: "success", value: String(ok) }]),
      {
        type: "write_acknowledgement",
        attributes: [
          ...packetAttributes(packet, connection, true),
          attr("packet_ack", ack),
          attr("packet_ack_hex", Buffer.from(ack).toString("hex")),
        ],
      },
    ];
  };
}

/** Releases or mints the packet's tokens to `receiver`; throws RecvError when it cannot. */
function receive(
  state: Ics721State,
  ctx: ExecContext,
  { packet, data, receiver }: { packet: Packet; data: NftPacketData; receiver: string },
): AbciEvent[] {
  const { vm } = state;
  const back = `${packet.sourcePort}/${packet.sourceChannel}/`;
  if (data.classId.startsWith(back)) {
    // Home: release from this end's escrow, into the class as this chain knows it.
    const unwound = data.classId.slice(back.length);
    const voucher = splitClassPath(unwound).path !== "";
    const classId = voucher ? vm.voucherClassId(unwound) : unwound;
    const collection = voucher ? state.vouchers.get(classId)?.collection : vm.nativeCollection(classId);
    if (!collection) throw new RecvError(`${classId}: class not found`);
    const escrow = escrowAccount(state, packet.destinationChannel);
    return data.tokenIds.flatMap((id) => {
      const token = localToken(state, collection, voucher, id);
      if (!token || state.chain.nfts.ownerAt(token) !== escrow)
        throw new RecvError(`${classId}/${id} is not in escrow: token not found`);
      return vm.move(ctx, token, receiver);
    });
  }
  const full = `${state.port}/${packet.destinationChannel}/${data.classId}`;
  const classId = vm.voucherClassId(full);
  // nft-transfer names the class by its hash and says so; cw-ics721 keeps the path as the class id.
  const events: AbciEvent[] = classId.startsWith("ibc/")
    ? [{ type: "class_trace", attributes: [attr("trace_hash", classId.slice(4)), attr("class_id", classId)] }]
    : [];
  let voucher = state.vouchers.get(classId);
  if (!voucher) {
    const created = vm.createVoucherCollection(ctx, { classId, classUri: data.classUri ?? "" });
    events.push(...created.events);
    voucher = { collection: created.address, classUri: data.classUri ?? "", classData: data.classData ?? "" };
    setJournaled(ctx, state.vouchers, classId, voucher);
    setJournaled(ctx, state.traces, classId, splitClassPath(full));
  }
  const { collection } = voucher;
  data.tokenIds.forEach((id, i) => {
    const tokenId = vm.localTokenId(true, id);
    const live = state.chain.nfts.token(collection, tokenId);
    if (live && state.chain.nfts.ownerAt(live) !== undefined)
      throw new RecvError(`${classId}/${id}: token already exists`);
    if (tokenId !== id) setJournaled(ctx, state.origins, `${collection}/${tokenId}`, id);
    events.push(
      ...vm.mint(ctx, { collection, tokenId, originId: id, uri: data.tokenUris?.[i] ?? "", receiver }),
    );
  });
  return events;
}
