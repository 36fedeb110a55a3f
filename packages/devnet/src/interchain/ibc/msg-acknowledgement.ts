/**
 * `/ibc.core.channel.v1.MsgAcknowledgement` (a relayer's): the receiving chain's answer to a packet
 * this chain sent; an error acknowledgement refunds the sender (settle-packet.ts).
 */
import { MsgAcknowledgement } from "cosmjs-types/ibc/core/channel/v1/tx";
import type { MsgHandler } from "../live-chain/live-chain-types.js";
import { TxFailure } from "../live-chain/tx-failure.js";
import type { IbcState } from "./ibc-state.js";
import { attr, connectionOf, packetAttributes, packetData, transferAttributes } from "./packet-events.js";
import { settlePacket } from "./settle-packet.js";

export function msgAcknowledgement(state: IbcState): MsgHandler {
  return (ctx, value) => {
    const { packet, acknowledgement } = MsgAcknowledgement.decode(value);
    if (!packet) throw new TxFailure(1, "packet is required");
    const ack = JSON.parse(Buffer.from(acknowledgement).toString()) as { result?: string; error?: string };
    const data = packetData(packet);
    const ok = ack.error === undefined;
    return [
      {
        type: "acknowledge_packet",
        attributes: packetAttributes(packet, connectionOf(state, packet.sourceChannel), false),
      },
      {
        type: "fungible_token_packet",
        attributes: [
          ...transferAttributes(data),
          attr("acknowledgement", Buffer.from(acknowledgement).toString()),
          ok ? attr("success", "\u0001") : attr("error", ack.error ?? ""),
        ],
      },
      ...settlePacket(state, ctx, packet, ok, ack.error ?? ""),
    ];
  };
}
