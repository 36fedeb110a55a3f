/**
 * ICS-20 on a live chain: MsgTransfer escrows (or burns a voucher going home) and emits
 * send_packet; MsgRecvPacket mints a voucher (or unescrows a returning token), forwards it when the
 * memo asks packet-forward middleware to, and writes the acknowledgement; MsgAcknowledgement and
 * MsgTimeout refund on failure. Event names and attributes are those of ibc-go (see the real txs in
 * fixtures/real-rpc/initia and fixtures/real-rpc/ibc/legacy).
 */
import { createHash } from "node:crypto";
import { MsgTransfer } from "cosmjs-types/ibc/applications/transfer/v1/tx";
import type { Packet } from "cosmjs-types/ibc/core/channel/v1/channel";
import { MsgAcknowledgement, MsgRecvPacket, MsgTimeout } from "cosmjs-types/ibc/core/channel/v1/tx";
import type { AbciEvent } from "../payloads.js";
import type { ExecContext, LiveChain } from "./live-chain/live-chain-types.js";
import { TxFailure } from "./live-chain/tx-failure.js";

export const TYPE_TRANSFER = "/ibc.applications.transfer.v1.MsgTransfer";
export const TYPE_RECV = "/ibc.core.channel.v1.MsgRecvPacket";
export const TYPE_ACK = "/ibc.core.channel.v1.MsgAcknowledgement";
export const TYPE_TIMEOUT = "/ibc.core.channel.v1.MsgTimeout";

export interface ChannelEnd {
  channel: string;
  counterpartyChainId: string;
  counterpartyChannel: string;
  connection: string;
}

interface PacketData {
  amount: string;
  denom: string;
  memo?: string;
  receiver: string;
  sender: string;
}

/** What the sending chain remembers about a packet, to refund it or finish a forward. */
interface SentPacket {
  sender: string;
  localDenom: string;
  amount: bigint;
  escrowed: boolean;
  /** Set when this packet forwards an incoming one (PFM): that packet's ack is written when this one's arrives. */
  forwardOf?: Packet;
}

const SUCCESS_ACK = JSON.stringify({ result: "AQ==" });
const errorAck = (message: string) => JSON.stringify({ error: message });
const attr = (key: string, value: string) => ({ key, value, index: true });
const hash = (path: string) => `ibc/${createHash("sha256").update(path).digest("hex").toUpperCase()}`;
/**
 * The local denom of an ICS-20 denom path: a voucher (`ibc/<hash>`) while the path still has a
 * `port/channel-N/` hop in front, else the base denom itself. A base denom may hold slashes of its
 * own (`evm/<hex>`, `l2/<hash>`): only a leading port/channel pair makes a trace, as in ibc-go.
 */
const denomOfPath = (path: string) => (/^[a-z]+\/channel-\d+\//.test(path) ? hash(path) : path);
const escrowOf = (channel: string) => `escrow/transfer/${channel}`;
const PFM_TIMEOUT_NS = 600_000_000_000n;

function packetAttributes(p: Packet, connection: string, withData: boolean) {
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

/** Installs ICS-20 on `chain` over `channels`; `pfm` turns on packet-forward middleware. */
export function installIbc(chain: LiveChain, channels: ChannelEnd[], options: { pfm: boolean }) {
  const ends = new Map(channels.map((c) => [c.channel, c]));
  const nextSeq = new Map<string, bigint>();
  const traces = new Map<string, string>();
  const sent = new Map<string, SentPacket>();
  const failReceives: string[] = [];
  const { pfm } = options;

  /** The full ICS-20 path of a local denom (`transfer/channel-0/uatom`, or the base). */
  const fullPath = (denom: string) => (denom.startsWith("ibc/") ? (traces.get(denom) ?? denom) : denom);

  /** Sends a packet from this chain; shared by MsgTransfer and PFM forwards. */
  function sendPacket(
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
    const end = ends.get(o.channel);
    if (!end) throw new TxFailure(1, `channel ${o.channel} not found: channel not found`, "channel");
    const path = fullPath(o.denom);
    // A voucher that came in over this channel goes home: burn it; anything else is escrowed.
    const home = path.startsWith(`transfer/${o.channel}/`);
    chain.debit(ctx, o.sender, o.denom, o.amount);
    if (!home) chain.credit(ctx, escrowOf(o.channel), o.denom, o.amount);
    const sequence = nextSeq.get(o.channel) ?? 1n;
    nextSeq.set(o.channel, sequence + 1n);
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
    sent.set(`${o.channel}/${sequence}`, {
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

  /** Gives the tokens of a failed packet back to its sender. */
  function refund(ctx: ExecContext, p: SentPacket, channel: string) {
    if (p.escrowed) chain.debit(ctx, escrowOf(channel), p.localDenom, p.amount);
    chain.credit(ctx, p.sender, p.localDenom, p.amount);
  }

  const writeAck = (p: Packet, ack: string): AbciEvent => ({
    type: "write_acknowledgement",
    attributes: [
      ...packetAttributes(p, ends.get(p.destinationChannel)?.connection ?? "", true),
      attr("packet_ack", ack),
      attr("packet_ack_hex", Buffer.from(ack).toString("hex")),
    ],
  });

  /** Ends a packet at its sender: refund on error, and finish the forward it was part of. */
  function settle(ctx: ExecContext, packet: Packet, ok: boolean, reason: string): AbciEvent[] {
    const key = `${packet.sourceChannel}/${packet.sequence}`;
    const p = sent.get(key);
    if (!p)
      throw new TxFailure(1, `packet ${key} was not sent or is already settled: packet not found`, "channel");
    sent.delete(key);
    if (!ok) refund(ctx, p, packet.sourceChannel);
    const events: AbciEvent[] = [];
    if (p.forwardOf) {
      // PFM: the incoming packet's ack was held back; write it now that the forward is settled.
      if (!ok) {
        // The intermediate chain returns the refunded tokens towards the original sender.
        chain.debit(ctx, p.sender, p.localDenom, p.amount);
        const original = JSON.parse(Buffer.from(p.forwardOf.data).toString()) as PacketData;
        undoReceive(ctx, p.forwardOf, original);
      }
      events.push(writeAck(p.forwardOf, ok ? SUCCESS_ACK : errorAck(`forward failed: ${reason}`)));
    }
    return events;
  }

  /** Reverses a receive whose forward failed, so the error ack refunds the origin. */
  function undoReceive(ctx: ExecContext, packet: Packet, data: PacketData) {
    const prefix = `${packet.sourcePort}/${packet.sourceChannel}/`;
    if (data.denom.startsWith(prefix)) {
      const rest = data.denom.slice(prefix.length);
      chain.credit(ctx, escrowOf(packet.destinationChannel), denomOfPath(rest), BigInt(data.amount));
    }
  }

  chain.handle(
    TYPE_TRANSFER,
    (ctx, value) => {
      const m = MsgTransfer.decode(value);
      if (m.sender !== ctx.signer) throw new TxFailure(4, `${m.sender} is not the signer: unauthorized`);
      if (!m.token) throw new TxFailure(10, "token is required: invalid coins");
      return sendPacket(ctx, {
        channel: m.sourceChannel,
        sender: m.sender,
        receiver: m.receiver,
        denom: m.token.denom,
        amount: BigInt(m.token.amount),
        memo: m.memo,
        timeoutNs: m.timeoutTimestamp,
      });
    },
    (value) => {
      const m = MsgTransfer.decode(value);
      return {
        source_port: m.sourcePort,
        source_channel: m.sourceChannel,
        token: m.token,
        sender: m.sender,
        receiver: m.receiver,
        timeout_height: { revision_number: "0", revision_height: "0" },
        timeout_timestamp: m.timeoutTimestamp.toString(),
        memo: m.memo,
      };
    },
  );

  chain.handle(TYPE_RECV, (ctx, value) => {
    const { packet } = MsgRecvPacket.decode(value);
    if (!packet) throw new TxFailure(1, "packet is required");
    const data = JSON.parse(Buffer.from(packet.data).toString()) as PacketData;
    const events: AbciEvent[] = [
      {
        type: "recv_packet",
        attributes: packetAttributes(packet, ends.get(packet.destinationChannel)?.connection ?? "", true),
      },
    ];
    const failIndex = failReceives.indexOf(`${packet.destinationChannel}/${packet.sequence}`);
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
      attributes: [
        attr("module", "transfer"),
        attr("sender", data.sender),
        attr("receiver", data.receiver),
        attr("denom", data.denom),
        attr("amount", data.amount),
        attr("memo", data.memo ?? ""),
        attr("success", String(success)),
      ],
    });
    if (failIndex >= 0 || !validReceiver) {
      if (failIndex >= 0) failReceives.splice(failIndex, 1);
      ack = errorAck(
        !validReceiver
          ? `failed to decode receiver address: ${data.receiver}: invalid address`
          : "devnet: receive rejected on command: ABCI code: 1: error handling packet",
      );
      events.push(tokenEvent(false));
    } else {
      if (home) chain.debit(ctx, escrowOf(packet.destinationChannel), local, amount);
      else traces.set(local, rest);
      if (!home)
        events.push({
          type: "denomination_trace",
          attributes: [attr("trace_hash", local.slice(4)), attr("denom", local)],
        });
      events.push(tokenEvent(true));
      if (forward && pfm) {
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
          ...sendPacket(ctx, {
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
    if (ack !== undefined) events.push(writeAck(packet, ack));
    return events;
  });

  chain.handle(TYPE_ACK, (ctx, value) => {
    const { packet, acknowledgement } = MsgAcknowledgement.decode(value);
    if (!packet) throw new TxFailure(1, "packet is required");
    const ack = JSON.parse(Buffer.from(acknowledgement).toString()) as { result?: string; error?: string };
    const data = JSON.parse(Buffer.from(packet.data).toString()) as PacketData;
    const ok = ack.error === undefined;
    return [
      {
        type: "acknowledge_packet",
        attributes: packetAttributes(packet, ends.get(packet.sourceChannel)?.connection ?? "", false),
      },
      {
        type: "fungible_token_packet",
        attributes: [
          attr("module", "transfer"),
          attr("sender", data.sender),
          attr("receiver", data.receiver),
          attr("denom", data.denom),
          attr("amount", data.amount),
          attr("memo", data.memo ?? ""),
          attr("acknowledgement", Buffer.from(acknowledgement).toString()),
          ok ? attr("success", "\u0001") : attr("error", ack.error ?? ""),
        ],
      },
      ...settle(ctx, packet, ok, ack.error ?? ""),
    ];
  });

  chain.handle(TYPE_TIMEOUT, (ctx, value) => {
    const { packet } = MsgTimeout.decode(value);
    if (!packet) throw new TxFailure(1, "packet is required");
    const data = JSON.parse(Buffer.from(packet.data).toString()) as PacketData;
    return [
      {
        type: "timeout_packet",
        attributes: packetAttributes(packet, ends.get(packet.sourceChannel)?.connection ?? "", false),
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
      ...settle(ctx, packet, false, "packet timed out"),
    ];
  });

  return {
    ends,
    /** The next receive of this packet (on this chain) answers an error acknowledgement. */
    failReceive(channel: string, sequence: bigint) {
      failReceives.push(`${channel}/${sequence}`);
    },
    fullPath,
  };
}

export type IbcModule = ReturnType<typeof installIbc>;
