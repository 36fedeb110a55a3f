/**
 * The 13-key tx object the reference serves, built from the node's payloads, serialised once at
 * ingest (the key order is part of the contract and text keeps it).
 */
import { createHash } from "node:crypto";
import type { CometEvent, CometTxResult, RestTx } from "./node-payloads.js";

export interface OutEvent {
  type: string;
  attributes: { key: string; value: string; index?: true }[];
}

/**
 * Attributes as an Initia node and the reference serve them: `value` always, "" when empty (a real
 * minievm node sends a zero fee as `{"key":"fee","value":"","index":true}`, the reference serves it so,
 * and the explorer's schema requires a string: one attribute without it fails a whole tx page);
 * `index` only when true.
 */
export function normaliseEvents(events: CometEvent[] | null | undefined): OutEvent[] {
  return (events ?? []).map((e) => ({
    type: e.type,
    attributes: (e.attributes ?? []).map((a) => {
      const out: { key: string; value: string; index?: true } = { key: a.key, value: a.value ?? "" };
      if (a.index === true) out.index = true;
      return out;
    }),
  }));
}

/** Upper-case hex SHA-256 of the raw tx bytes: the tx hash. */
export const txHashOf = (base64Tx: string): string =>
  createHash("sha256").update(Buffer.from(base64Tx, "base64")).digest("hex").toUpperCase();

/** Pre-0.50 nodes put the per-message logs in `log` as JSON; 0.50 and later leave logs empty. */
function logsOf(log: string | undefined): { msg_index: number; log: string; events: OutEvent[] }[] {
  if (!log?.startsWith("[")) return [];
  try {
    const parsed = JSON.parse(log) as { msg_index?: number; log?: string; events?: CometEvent[] }[];
    return parsed.map((entry, i) => ({
      msg_index: entry.msg_index ?? i,
      log: entry.log ?? "",
      events: normaliseEvents(entry.events),
    }));
  } catch {
    return [];
  }
}

/** `tx` is served without the REST JSON's top-level "@type", like the reference. */
function stripType(tx: RestTx): Omit<RestTx, "@type"> {
  const { "@type": _type, ...rest } = tx;
  return rest;
}

export interface TxResponseInput {
  base64Tx: string;
  height: string;
  /** Block time as the node reports it (RFC 3339 with nanoseconds). */
  time: string;
  result: CometTxResult;
  tx: RestTx;
}

/** The tx object, keys in the reference order. */
export function buildTxResponse(input: TxResponseInput) {
  const { result } = input;
  return {
    txhash: txHashOf(input.base64Tx),
    height: input.height,
    codespace: result.codespace ?? "",
    code: result.code ?? 0,
    data: result.data ? Buffer.from(result.data, "base64").toString("hex").toUpperCase() : "",
    raw_log: result.log ?? "",
    logs: logsOf(result.log),
    info: result.info ?? "",
    gas_wanted: result.gas_wanted ?? "0",
    gas_used: result.gas_used ?? "0",
    tx: stripType(input.tx),
    timestamp: utcNano(input.time),
    events: normaliseEvents(result.events),
  };
}

/** RFC 3339 in UTC keeping the node's fractional digits (up to nanoseconds). */
export function utcNano(time: string): string {
  const m = /^(.*?)(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.exec(time);
  if (!m) throw new Error(`unparseable block time ${JSON.stringify(time)}`);
  if (m[3] === "Z") return time;
  const base = new Date(`${m[1]}${m[3]}`).toISOString().replace(/\.\d{3}Z$/, "");
  return `${base}${m[2] ?? ""}Z`;
}

export type TxResponse = ReturnType<typeof buildTxResponse>;
