/**
 * `/ibc.core.channel.v1.MsgRecvPacket` (a relayer's): an ICS-20 packet arrives. A token returning
 * home is unescrowed (or its shorter trace), anything else becomes a voucher; a memo asking packet
 * forward middleware to forward sends it on (send-packet.ts) and holds the acknowledgement back
 * until that hop settles (settle-packet.ts); a bad receiver or a receive a test asked to fail
 * answers an error acknowledgement.
 */
import { MsgRecvPacket } from "cosmjs-types/ibc/core/channel/v1/tx";
import type { AbciEvent } from "../../payloads.js";
import type { MsgHandler } from "../live-chain/live-chain-types.js";
import { TxFailure } from "../live-chain/tx-failure.js";
import type { IbcState } from "./ibc-state.js";
import {
  attr,
  connectionOf,
  denomOfPath,
  errorAck,
  escrowOf,
  packetAttributes,
  packetData,
  SUCCESS_ACK,
  transferAttributes,
  writeAck,
} from "./packet-events.js";
import { sendPacket } from "./send-packet.js";

const PFM_TIMEOUT_NS = 600_000_000_000n;

export function msgRecvPacket(state: IbcState): MsgHandler {
  const { chain } = state;
  return (ctx, value) => {
    const { packet } = MsgRecvPacket.decode(value);
    if (!packet) throw new TxFailure(1, "packet is required");
    const data = packetData(packet);
    const events: AbciEvent[] = [
      {
        type: "recv_packet",
        attributes: packetAttributes(packet, connectionOf(state, packet.destinationChannel), true),
      },
    ];
    const failIndex = state.failReceives.indexOf(`${packet.destinationChannel}/${packet.sequence}`);
    const amount = BigInt(data.amount);
    const prefix = `${packet.sourcePort}/${packet.sourceChannel}/`;
    // Returning home: unescrow the base (or the shorter trace); otherwise mint a voucher.
    const home = data.denom.startsWith(prefix);
    const rest = home
      ? data.denom.slice(prefix.length)
      : `transfer/${packet.destinationChannel}/${data.denom}`;
    const local = denomOfPath(rest);
    let forward: { receiver: string; channel: string; next?: unknown } | undefined;
    try {
      forward = data.memo ? (JSON.parse(data.memo) as { forward?: typeof forward }).forward : undefined;
    } catch {
      forward = undefined;
    }
    const validReceiver = forward !== undefined || data.receiver.startsWith(`${chain.prefix}1`);
    let ack: string | undefined = SUCCESS_ACK;
    const tokenEvent = (success: boolean) => ({
      type: "fungible_token_packet",
      attributes: [...transferAttributes(data), attr("success", String(success))],
    });
    if (failIndex >= 0 || !validReceiver) {
      if (failIndex >= 0) state.failReceives.splice(failIndex, 1);
      ack = errorAck(
        !validReceiver
          ? `failed to decode receiver address: ${data.receiver}: invalid address`
          : "devnet: receive rejected on command: ABCI code: 1: error handling packet",
      );
      events.push(tokenEvent(false));
    } else {
      if (home) chain.debit(ctx, escrowOf(packet.destinationChannel), local, amount);
      else state.traces.set(local, rest);
      if (!home)
        events.push({
          type: "denomination_trace",
          attributes: [attr("trace_hash", local.slice(4)), attr("denom", local)],
        });
      events.push(tokenEvent(true));
      if (forward && state.pfm) {
        // Packet-forward middleware: the tokens continue from here; the ack waits for that packet.
        const holder = `pfm/${packet.destinationChannel}/${packet.sequence}`;
        chain.credit(ctx, holder, local, amount);
        const nextMemo =
          forward.next === undefined
            ? ""
            : typeof forward.next === "string"
              ? forward.next
              : JSON.stringify({ forward: (forward.next as { forward?: unknown }).forward ?? forward.next });
        events.push(
          ...sendPacket(state, ctx, {
            channel: forward.channel,
            sender: holder,
            receiver: forward.receiver,
            denom: local,
            amount,
            memo: nextMemo,
            timeoutNs: BigInt(Date.parse(ctx.time)) * 1_000_000n + PFM_TIMEOUT_NS,
            forwardOf: packet,
          }),
        );
        ack = undefined;
      } else {
        chain.credit(ctx, data.receiver, local, amount);
      }
    }
    if (ack !== undefined) events.push(writeAck(state, packet, ack));
    return events;
  };
}
