/**
 * Ends a packet at its sender, for MsgAcknowledgement (msg-acknowledgement.ts) and MsgTimeout
 * (msg-timeout.ts): refund on error, and when the packet was a packet-forward hop, write the
 * held-back acknowledgement of the packet it forwarded (undoing that receive on failure).
 */
import type { Packet } from "cosmjs-types/ibc/core/channel/v1/channel";
import type { AbciEvent } from "../../payloads.js";
import type { ExecContext } from "../live-chain/live-chain-types.js";
import { TxFailure } from "../live-chain/tx-failure.js";
import type { IbcState, PacketData, SentPacket } from "./ibc-state.js";
import { denomOfPath, errorAck, escrowOf, packetData, SUCCESS_ACK, writeAck } from "./packet-events.js";

export function settlePacket(
  state: IbcState,
  ctx: ExecContext,
  packet: Packet,
  ok: boolean,
  reason: string,
): AbciEvent[] {
  const { chain } = state;
  const key = `${packet.sourceChannel}/${packet.sequence}`;
  const p = state.sent.get(key);
  if (!p)
    throw new TxFailure(1, `packet ${key} was not sent or is already settled: packet not found`, "channel");
  state.sent.delete(key);
  if (!ok) refund(state, ctx, p, packet.sourceChannel);
  const events: AbciEvent[] = [];
  if (p.forwardOf) {
    // PFM: the incoming packet's ack was held back; write it now that the forward is settled.
    if (!ok) {
      // The intermediate chain returns the refunded tokens towards the original sender.
      chain.debit(ctx, p.sender, p.localDenom, p.amount);
      undoReceive(state, ctx, p.forwardOf, packetData(p.forwardOf));
    }
    events.push(writeAck(state, p.forwardOf, ok ? SUCCESS_ACK : errorAck(`forward failed: ${reason}`)));
  }
  return events;
}

/** Gives the tokens of a failed packet back to its sender. */
function refund(state: IbcState, ctx: ExecContext, p: SentPacket, channel: string) {
  if (p.escrowed) state.chain.debit(ctx, escrowOf(channel), p.localDenom, p.amount);
  state.chain.credit(ctx, p.sender, p.localDenom, p.amount);
}

/** Reverses a receive whose forward failed, so the error ack refunds the origin. */
function undoReceive(state: IbcState, ctx: ExecContext, packet: Packet, data: PacketData) {
  const prefix = `${packet.sourcePort}/${packet.sourceChannel}/`;
  if (data.denom.startsWith(prefix)) {
    const rest = data.denom.slice(prefix.length);
    state.chain.credit(ctx, escrowOf(packet.destinationChannel), denomOfPath(rest), BigInt(data.amount));
  }
}
