/**
 * What a tracker reads from a tx's events: the IBC packets it sent, the acknowledgement it wrote,
 * the OPinit deposits and withdrawals it started or finalized, and the LayerZero OFT packets it sent. Pure functions over the events
 * of CometBFT `/tx` results and REST `tx_response`s (the same `{type, attributes:[{key,value}]}`).
 */
export interface ChainEvent {
  type: string;
  attributes: { key: string; value: string }[];
}

export interface SentPacket {
  sequence: string;
  srcPort: string;
  srcChannel: string;
  dstPort: string;
  dstChannel: string;
  denom: string;
  amount: string;
  receiver: string;
  memo: string;
}

export type AckResult = { ok: true } | { ok: false; error: string };

export interface Deposit {
  bridgeId: string;
  l1Sequence: string;
  to: string;
  l1Denom: string;
  l2Denom: string;
  amount: string;
}

export interface Withdrawal {
  l2Sequence: string;
  to: string;
  denom: string;
  baseDenom: string;
  amount: string;
}

const attrs = (e: ChainEvent) => new Map(e.attributes.map((a) => [a.key, a.value]));
const ofType = (events: readonly ChainEvent[], type: string) =>
  events.filter((e) => e.type === type).map(attrs);

export function sentPackets(events: readonly ChainEvent[]): SentPacket[] {
  return ofType(events, "send_packet").map((a) => {
    let data: { denom?: string; amount?: string; receiver?: string; memo?: string } = {};
    try {
      data = JSON.parse(a.get("packet_data") ?? "{}");
    } catch {
      // Not ICS-20 JSON (e.g. ICS-721): tracked by its identifiers only.
    }
    return {
      sequence: a.get("packet_sequence") ?? "",
      srcPort: a.get("packet_src_port") ?? "",
      srcChannel: a.get("packet_src_channel") ?? "",
      dstPort: a.get("packet_dst_port") ?? "",
      dstChannel: a.get("packet_dst_channel") ?? "",
      denom: data.denom ?? "",
      amount: data.amount ?? "",
      receiver: data.receiver ?? "",
      memo: data.memo ?? "",
    };
  });
}

/**
 * The outcome of an acknowledgement: ICS-20 `{"result":...}` or `{"error":...}`, or Initia's wrapper
 * `{"app_acknowledgement": base64(ack), "underlying_app_success": bool}`.
 */
export function parseAck(raw: string): AckResult {
  let ack: {
    result?: unknown;
    error?: string;
    app_acknowledgement?: string;
    underlying_app_success?: boolean;
  };
  try {
    ack = JSON.parse(raw);
  } catch {
    return { ok: false, error: `unreadable acknowledgement: ${raw.slice(0, 200)}` };
  }
  if (ack.app_acknowledgement !== undefined) {
    const inner = parseAck(Buffer.from(ack.app_acknowledgement, "base64").toString());
    return ack.underlying_app_success === false && inner.ok
      ? { ok: false, error: "the receiving application failed" }
      : inner;
  }
  if (typeof ack.error === "string") return { ok: false, error: ack.error };
  return ack.result !== undefined
    ? { ok: true }
    : { ok: false, error: `unknown acknowledgement: ${raw.slice(0, 200)}` };
}

/** The acknowledgement written for packet (dstChannel, sequence) in these events, if any. */
export function writtenAck(
  events: readonly ChainEvent[],
  dstChannel: string,
  sequence: string,
): AckResult | undefined {
  const a = ofType(events, "write_acknowledgement").find(
    (x) => x.get("packet_dst_channel") === dstChannel && x.get("packet_sequence") === sequence,
  );
  return a ? parseAck(a.get("packet_ack") ?? "") : undefined;
}

export function deposits(events: readonly ChainEvent[]): Deposit[] {
  return ofType(events, "initiate_token_deposit").map((a) => ({
    bridgeId: a.get("bridge_id") ?? "",
    l1Sequence: a.get("l1_sequence") ?? "",
    to: a.get("to") ?? "",
    l1Denom: a.get("l1_denom") ?? "",
    l2Denom: a.get("l2_denom") ?? "",
    amount: a.get("amount") ?? "",
  }));
}

/** How deposit `l1Sequence` was finalized on the rollup: a failed hook still credits the deposit. */
export function depositFinalization(
  events: readonly ChainEvent[],
  l1Sequence: string,
): { success: boolean; reason: string } | undefined {
  const a = ofType(events, "finalize_token_deposit").find((x) => x.get("l1_sequence") === l1Sequence);
  return a ? { success: a.get("success") !== "false", reason: a.get("reason") ?? "" } : undefined;
}

export function withdrawals(events: readonly ChainEvent[]): Withdrawal[] {
  return ofType(events, "initiate_token_withdrawal").map((a) => ({
    l2Sequence: a.get("l2_sequence") ?? "",
    to: a.get("to") ?? "",
    denom: a.get("denom") ?? "",
    baseDenom: a.get("base_denom") ?? "",
    amount: a.get("amount") ?? "",
  }));
}

export interface LayerZeroSend {
  /** The packet's LayerZero guid (0x, 32 bytes): what the destination's delivery names. */
  guid: string;
  dstEid: number;
  /** Amount in the OFT's shared decimals. */
  amountSD: string;
}

/** The OFT packets a tx sent (the rollup's `layerzero_send` events). */
export function layerZeroSends(events: readonly ChainEvent[]): LayerZeroSend[] {
  return ofType(events, "layerzero_send").map((a) => ({
    guid: (a.get("guid") ?? "").toLowerCase(),
    dstEid: Number(a.get("dst_eid") ?? ""),
    amountSD: a.get("amount_sd") ?? "",
  }));
}
