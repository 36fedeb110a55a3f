/**
 * The pieces of ibc-go's events and denoms the ICS-20 handlers share: packet attributes, the
 * acknowledgement JSON and its write_acknowledgement event, voucher denoms and escrow accounts.
 */
import { createHash } from "node:crypto";
import type { Packet } from "cosmjs-types/ibc/core/channel/v1/channel";
import type { AbciEvent } from "../../payloads.js";
import type { IbcState, PacketData } from "./ibc-state.js";

export const SUCCESS_ACK = JSON.stringify({ result: "AQ==" });
export const errorAck = (message: string) => JSON.stringify({ error: message });
export const attr = (key: string, value: string) => ({ key, value, index: true });
const hash = (path: string) => `ibc/${createHash("sha256").update(path).digest("hex").toUpperCase()}`;
/**
 * The local denom of an ICS-20 denom path: a voucher (`ibc/<hash>`) while the path still has a
 * `port/channel-N/` hop in front, else the base denom itself. A base denom may hold slashes of its
 * own (`evm/<hex>`, `l2/<hash>`): only a leading port/channel pair makes a trace, as in ibc-go.
 */
export const denomOfPath = (path: string) => (/^[a-z]+\/channel-\d+\//.test(path) ? hash(path) : path);
export const escrowOf = (channel: string) => `escrow/transfer/${channel}`;

/** The transfer's own attributes, first in every `fungible_token_packet` event. */
export const transferAttributes = (data: PacketData) => [
  attr("module", "transfer"),
  attr("sender", data.sender),
  attr("receiver", data.receiver),
  attr("denom", data.denom),
  attr("amount", data.amount),
  attr("memo", data.memo ?? ""),
];

/** The packet's data as the sender marshalled it. */
export const packetData = (p: Packet) => JSON.parse(Buffer.from(p.data).toString()) as PacketData;

export function packetAttributes(p: Packet, connection: string, withData: boolean) {
  const data = Buffer.from(p.data).toString();
  return [
    ...(withData
      ? [attr("packet_data", data), attr("packet_data_hex", Buffer.from(p.data).toString("hex"))]
      : []),
    attr("packet_timeout_height", `${p.timeoutHeight.revisionNumber}-${p.timeoutHeight.revisionHeight}`),
    attr("packet_timeout_timestamp", p.timeoutTimestamp.toString()),
    attr("packet_sequence", p.sequence.toString()),
    attr("packet_src_port", p.sourcePort),
    attr("packet_src_channel", p.sourceChannel),
    attr("packet_dst_port", p.destinationPort),
    attr("packet_dst_channel", p.destinationChannel),
    attr("packet_channel_ordering", "ORDER_UNORDERED"),
    attr("packet_connection", connection),
    attr("connection_id", connection),
  ];
}

/** The connection of a channel end on this chain ("" when unknown). */
export const connectionOf = (state: IbcState, channel: string) => state.ends.get(channel)?.connection ?? "";

export const writeAck = (state: IbcState, p: Packet, ack: string): AbciEvent => ({
  type: "write_acknowledgement",
  attributes: [
    ...packetAttributes(p, connectionOf(state, p.destinationChannel), true),
    attr("packet_ack", ack),
    attr("packet_ack_hex", Buffer.from(ack).toString("hex")),
  ],
});
