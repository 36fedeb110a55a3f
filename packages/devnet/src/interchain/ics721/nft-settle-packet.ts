/**
 * The end of an ICS-721 packet at its sender: `/ibc.core.channel.v1.MsgAcknowledgement` (the
 * receiver's answer) and `/ibc.core.channel.v1.MsgTimeout`. An error acknowledgement or a timeout
 * refunds the sender: escrowed tokens are released back, burned vouchers minted again.
 */
import type { Packet } from "cosmjs-types/ibc/core/channel/v1/channel";
import { MsgAcknowledgement, MsgTimeout } from "cosmjs-types/ibc/core/channel/v1/tx";
import type { AbciEvent } from "../../payloads.js";
import { attr, packetAttributes } from "../ibc/packet-events.js";
import type { ExecContext, MsgHandler } from "../live-chain/live-chain-types.js";
import { TxFailure } from "../live-chain/tx-failure.js";
import { nftPacketEvent, parseNftPacket } from "./ics721-packet.js";
import type { Ics721State } from "./ics721-state.js";

export function nftAcknowledgement(state: Ics721State): MsgHandler {
  return (ctx, value) => {
    const { packet, acknowledgement } = MsgAcknowledgement.decode(value);
    if (!packet) throw new TxFailure(1, "packet is required");
    const text = Buffer.from(acknowledgement).toString();
    const ack = JSON.parse(text) as { result?: string; error?: string };
    const ok = ack.error === undefined;
    const connection = state.ibc.ends.get(packet.sourceChannel)?.connection ?? "";
    return [
      { type: "acknowledge_packet", attributes: packetAttributes(packet, connection, false) },
      nftPacketEvent(parseNftPacket(packet.data), [
        { key: "acknowledgement", value: text },
        ok ? { key: "success", value: "\u0001" } : { key: "error", value: ack.error ?? "" },
      ]),
      ...settle(state, ctx, packet, ok),
    ];
  };
}

export function nftTimeout(state: Ics721State): MsgHandler {
  return (ctx, value) => {
    const { packet } = MsgTimeout.decode(value);
    if (!packet) throw new TxFailure(1, "packet is required");
    const data = parseNftPacket(packet.data);
    const connection = state.ibc.ends.get(packet.sourceChannel)?.connection ?? "";
    return [
      { type: "timeout_packet", attributes: packetAttributes(packet, connection, false) },
      {
        type: "timeout",
        attributes: [
          attr("module", "nonfungibletokentransfer"),
          attr("refund_receiver", data.sender),
          attr("refund_class_id", data.classId),
          attr("refund_token_ids", data.tokenIds.join(",")),
          attr("memo", data.memo ?? ""),
        ],
      },
      ...settle(state, ctx, packet, false),
    ];
  };
}

/** Forgets the packet; on failure gives its tokens back to the sender. */
function settle(state: Ics721State, ctx: ExecContext, packet: Packet, ok: boolean): AbciEvent[] {
  const key = `${packet.sourceChannel}/${packet.sequence}`;
  const sent = state.sent.get(key);
  if (!sent)
    throw new TxFailure(1, `packet ${key} was not sent or is already settled: packet not found`, "channel");
  state.sent.delete(key);
  ctx.journal.push(() => state.sent.set(key, sent));
  if (ok) return [];
  return sent.tokens.flatMap(({ localId, originId }) => {
    const token = state.chain.nfts.token(sent.collection, localId);
    if (!token) return [];
    const refund = sent.burned
      ? state.vm.mint(ctx, {
          collection: sent.collection,
          tokenId: localId,
          originId,
          uri: token.uri,
          receiver: sent.sender,
        })
      : state.vm.move(ctx, token, sent.sender);
    // The Move hook's async callback hands what came back to the recover address.
    return sent.recover ? [...refund, ...state.vm.move(ctx, token, sent.recover)] : refund;
  });
}
