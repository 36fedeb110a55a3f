/**
 * Sends an ICS-20 packet from this chain, for MsgTransfer (msg-transfer.ts) and for a
 * packet-forward middleware hop (msg-recv-packet.ts): a voucher going home over the channel it came
 * in on is burned, anything else is escrowed; emits send_packet and ibc_transfer.
 */
import type { Packet } from "cosmjs-types/ibc/core/channel/v1/channel";
import type { AbciEvent } from "../../payloads.js";
import type { ExecContext } from "../live-chain/live-chain-types.js";
import { TxFailure } from "../live-chain/tx-failure.js";
import { fullPath, type IbcState, type PacketData } from "./ibc-state.js";
import { attr, escrowOf, packetAttributes } from "./packet-events.js";

export function sendPacket(
  state: IbcState,
  ctx: ExecContext,
  o: {
    channel: string;
    sender: string;
    receiver: string;
    denom: string;
    amount: bigint;
    memo: string;
    timeoutNs: bigint;
    forwardOf?: Packet;
  },
): AbciEvent[] {
  const { chain } = state;
  const end = state.ends.get(o.channel);
  if (!end || (end.port ?? "transfer") !== "transfer")
    throw new TxFailure(1, `channel ${o.channel} not found: channel not found`, "channel");
  const path = fullPath(state, o.denom);
  // A voucher that came in over this channel goes home: burn it; anything else is escrowed.
  const home = path.startsWith(`transfer/${o.channel}/`);
  chain.debit(ctx, o.sender, o.denom, o.amount);
  if (!home) chain.credit(ctx, escrowOf(o.channel), o.denom, o.amount);
  const sequence = state.nextSeq.get(o.channel) ?? 1n;
  state.nextSeq.set(o.channel, sequence + 1n);
  const data: PacketData = {
    amount: o.amount.toString(),
    denom: path,
    ...(o.memo ? { memo: o.memo } : {}),
    receiver: o.receiver,
    sender: o.sender,
  };
  const packet: Packet = {
    sequence,
    sourcePort: "transfer",
    sourceChannel: o.channel,
    destinationPort: "transfer",
    destinationChannel: end.counterpartyChannel,
    data: Buffer.from(JSON.stringify(data)),
    timeoutHeight: { revisionNumber: 0n, revisionHeight: 0n },
    timeoutTimestamp: o.timeoutNs,
  };
  state.sent.set(`${o.channel}/${sequence}`, {
    sender: o.sender,
    localDenom: o.denom,
    amount: o.amount,
    escrowed: !home,
    ...(o.forwardOf ? { forwardOf: o.forwardOf } : {}),
  });
  return [
    { type: "send_packet", attributes: packetAttributes(packet, end.connection, true) },
    {
      type: "ibc_transfer",
      attributes: [
        attr("sender", o.sender),
        attr("receiver", o.receiver),
        attr("amount", o.amount.toString()),
        attr("denom", o.denom),
        attr("memo", o.memo),
      ],
    },
  ];
}
