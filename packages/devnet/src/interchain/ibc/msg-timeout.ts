/**
 * `/ibc.core.channel.v1.MsgTimeout` (a relayer's): a packet this chain sent was not received in
 * time; its sender is refunded (settle-packet.ts).
 */
import { MsgTimeout } from "cosmjs-types/ibc/core/channel/v1/tx";
import type { MsgHandler } from "../live-chain/live-chain-types.js";
import { TxFailure } from "../live-chain/tx-failure.js";
import type { IbcState } from "./ibc-state.js";
import { attr, connectionOf, packetAttributes, packetData } from "./packet-events.js";
import { settlePacket } from "./settle-packet.js";

export function msgTimeout(state: IbcState): MsgHandler {
  return (ctx, value) => {
    const { packet } = MsgTimeout.decode(value);
    if (!packet) throw new TxFailure(1, "packet is required");
    const data = packetData(packet);
    return [
      {
        type: "timeout_packet",
        attributes: packetAttributes(packet, connectionOf(state, packet.sourceChannel), false),
      },
      {
        type: "timeout",
        attributes: [
          attr("module", "transfer"),
          attr("refund_receiver", data.sender),
          attr("refund_denom", data.denom),
          attr("refund_amount", data.amount),
          attr("memo", data.memo ?? ""),
        ],
      },
      ...settlePacket(state, ctx, packet, false, "packet timed out"),
    ];
  };
}
