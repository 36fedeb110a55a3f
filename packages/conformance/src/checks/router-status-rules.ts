/**
 * What a `/v2/tx/status` body must say beyond its schema (spec: components/schemas/router/tx-status.yaml,
 * transfer-event.yaml): every state inside its documented enum (explicitly, so a lenient schema does not
 * hide a lower-case state), `status` agreeing with `state`, the deprecated top-level copies equal to
 * `transfers[0]`, the hops chained from the tracked chain with txs on their own side, the tracked hash
 * as the first hop's send tx, well-formed explorer links, and the terminal fields of a terminal state.
 */

export const TX_STATES = [
  "STATE_SUBMITTED",
  "STATE_PENDING",
  "STATE_PENDING_ERROR",
  "STATE_COMPLETED_SUCCESS",
  "STATE_COMPLETED_ERROR",
  "STATE_ABANDONED",
  "STATE_RECEIVED",
  "STATE_COMPLETED",
  "STATE_UNKNOWN",
];
export const STATUSES = ["STATE_SUBMITTED", "STATE_PENDING", "STATE_COMPLETED", "STATE_FAILED"];
/** Which `state` each `status` admits (the `status` description of tx-status.yaml). */
const STATES_OF_STATUS: Record<string, string[]> = {
  STATE_SUBMITTED: ["STATE_SUBMITTED"],
  STATE_PENDING: ["STATE_PENDING", "STATE_PENDING_ERROR", "STATE_RECEIVED"],
  STATE_COMPLETED: ["STATE_COMPLETED_SUCCESS"],
  STATE_FAILED: ["STATE_COMPLETED_ERROR", "STATE_ABANDONED"],
};
export const TERMINAL_STATUSES = new Set(["STATE_COMPLETED", "STATE_FAILED"]);

/** Hop kind -> its state enum and which side (source or destination chain) each of its txs is on. */
const HOPS: Record<string, { states: string[]; txsKey: string; sides: Record<string, "from" | "to"> }> = {
  ibc_transfer: {
    states: [
      "TRANSFER_UNKNOWN",
      "TRANSFER_PENDING",
      "TRANSFER_RECEIVED",
      "TRANSFER_SUCCESS",
      "TRANSFER_FAILURE",
      "TRANSFER_PENDING_ERROR",
    ],
    txsKey: "packet_txs",
    sides: { send_tx: "from", receive_tx: "to", acknowledge_tx: "from", timeout_tx: "from" },
  },
  op_init_transfer: {
    states: ["OPINIT_TRANSFER_UNKNOWN", "OPINIT_TRANSFER_SENT", "OPINIT_TRANSFER_RECEIVED"],
    txsKey: "txs",
    sides: { send_tx: "from", receive_tx: "to" },
  },
  layer_zero_transfer: {
    states: [
      "LAYER_ZERO_TRANSFER_UNKNOWN",
      "LAYER_ZERO_TRANSFER_SENT",
      "LAYER_ZERO_TRANSFER_WAITING_FOR_COMPOSE",
      "LAYER_ZERO_TRANSFER_RECEIVED",
      "LAYER_ZERO_TRANSFER_FAILED",
    ],
    txsKey: "txs",
    sides: { send_tx: "from", receive_tx: "to", compose_tx: "to", error_tx: "to" },
  },
};

// biome-ignore lint/suspicious/noExplicitAny: status bodies are read field by field.
type Json = any;

const sameHash = (a: unknown, b: string) =>
  typeof a === "string" && a.replace(/^0x/i, "").toUpperCase() === b.replace(/^0x/i, "").toUpperCase();

/** "" or an absolute http(s) URL. */
export function explorerLinkProblem(link: unknown): string | undefined {
  if (link === "" || link === undefined) return undefined;
  if (typeof link !== "string") return `explorer_link ${JSON.stringify(link)} is not a string`;
  try {
    const u = new URL(link);
    if (u.protocol === "http:" || u.protocol === "https:") return undefined;
  } catch {
    // falls through
  }
  return `explorer_link ${JSON.stringify(link)} is neither "" nor an absolute http(s) URL`;
}

function hopProblems(
  event: Json,
  where: string,
  trackedChain: string,
  index: number,
  prevTo?: string,
): string[] {
  const kind = Object.keys(event ?? {}).find((k) => k.endsWith("_transfer"));
  const rule = kind ? HOPS[kind] : undefined;
  if (!kind || !rule) return [];
  const hop = event[kind];
  const out: string[] = [];
  const at = `${where}[${index}].${kind}`;
  if (!rule.states.includes(hop.state))
    out.push(`${at}.state ${JSON.stringify(hop.state)} is not one of ${rule.states.join(", ")}`);
  for (const [alias, key] of [
    ["src_chain_id", "from_chain_id"],
    ["dst_chain_id", "to_chain_id"],
  ] as const) {
    if (hop[alias] !== undefined && hop[alias] !== hop[key])
      out.push(`${at}.${alias} ${hop[alias]} differs from ${key} ${hop[key]}`);
  }
  const expectedFrom = index === 0 ? trackedChain : prevTo;
  if (expectedFrom !== undefined && hop.from_chain_id !== expectedFrom)
    out.push(
      `${at}.from_chain_id ${hop.from_chain_id} is not ${index === 0 ? "the tracked chain" : "the previous hop's to_chain_id"} ${expectedFrom}`,
    );
  for (const [slot, side] of Object.entries(rule.sides)) {
    const tx = hop[rule.txsKey]?.[slot];
    if (!tx) continue;
    const chain = side === "from" ? hop.from_chain_id : hop.to_chain_id;
    if (tx.chain_id !== chain)
      out.push(`${at}.${rule.txsKey}.${slot}.chain_id ${tx.chain_id} is not ${chain}`);
    const link = explorerLinkProblem(tx.explorer_link);
    if (link) out.push(`${at}.${rule.txsKey}.${slot}: ${link}`);
    if (tx.on_chain_at !== undefined && Number.isNaN(Date.parse(tx.on_chain_at)))
      out.push(
        `${at}.${rule.txsKey}.${slot}.on_chain_at ${JSON.stringify(tx.on_chain_at)} is not a date-time`,
      );
  }
  return out;
}

function transferProblems(t: Json, where: string, trackedChain: string, trackedHash: string): string[] {
  const out: string[] = [];
  if (!TX_STATES.includes(t.state))
    out.push(`${where}.state ${JSON.stringify(t.state)} is not one of ${TX_STATES.join(", ")}`);
  const seq: Json[] = Array.isArray(t.transfer_sequence) ? t.transfer_sequence : [];
  let prevTo: string | undefined;
  seq.forEach((event, i) => {
    out.push(...hopProblems(event, `${where}.transfer_sequence`, trackedChain, i, prevTo));
    const kind = Object.keys(event ?? {}).find((k) => k.endsWith("_transfer"));
    prevTo = kind ? event[kind]?.to_chain_id : undefined;
  });
  const first = seq[0];
  const firstKind = first ? Object.keys(first).find((k) => k in HOPS) : undefined;
  if (first && firstKind) {
    const rule = HOPS[firstKind];
    const send = rule ? first[firstKind]?.[rule.txsKey]?.send_tx : undefined;
    if (send && !sameHash(send.tx_hash, trackedHash))
      out.push(`${where}.transfer_sequence[0] send_tx ${send.tx_hash} is not the tracked tx ${trackedHash}`);
  }
  const blocking = t.next_blocking_transfer?.transfer_sequence_index;
  if (typeof blocking === "number" && blocking >= seq.length)
    out.push(`${where}.next_blocking_transfer ${blocking} is past the ${seq.length} hop(s)`);
  const terminal = ["STATE_COMPLETED_SUCCESS", "STATE_COMPLETED_ERROR", "STATE_ABANDONED"].includes(t.state);
  if (terminal && t.next_blocking_transfer !== null)
    out.push(`${where}.next_blocking_transfer must be null once ${t.state}`);
  if (t.state === "STATE_COMPLETED_SUCCESS") {
    if (t.error !== null) out.push(`${where}.error must be null on STATE_COMPLETED_SUCCESS`);
    if (!t.transfer_asset_release?.released)
      out.push(
        `${where}.transfer_asset_release must say where the funds were released on STATE_COMPLETED_SUCCESS`,
      );
  }
  if ((t.state === "STATE_COMPLETED_ERROR" || t.state === "STATE_ABANDONED") && !t.error)
    out.push(`${where}.error must explain ${t.state}`);
  if ((t.state === "STATE_SUBMITTED" || t.state === "STATE_PENDING") && t.transfer_asset_release !== null)
    out.push(`${where}.transfer_asset_release must be null while ${t.state}`);
  return out;
}

/** Every problem of a status body for the tx tracked as `trackedHash` on `trackedChain`. */
export function statusProblems(body: Json, trackedChain: string, trackedHash: string): string[] {
  const out: string[] = [];
  if (!STATUSES.includes(body?.status))
    out.push(`status ${JSON.stringify(body?.status)} is not one of ${STATUSES.join(", ")}`);
  else if (!STATES_OF_STATUS[body.status]?.includes(body.state))
    out.push(`status ${body.status} disagrees with state ${body.state}`);
  out.push(...transferProblems(body, "", trackedChain, trackedHash).map((p) => p.replace(/^\./, "")));
  const transfers: Json[] = Array.isArray(body?.transfers) ? body.transfers : [];
  transfers.forEach((t, i) => {
    out.push(...transferProblems(t, `transfers[${i}]`, trackedChain, trackedHash));
  });
  const first = transfers[0];
  if (first) {
    for (const key of [
      "state",
      "transfer_sequence",
      "next_blocking_transfer",
      "transfer_asset_release",
      "error",
    ]) {
      if (JSON.stringify(body[key]) !== JSON.stringify(first[key]))
        out.push(`the top-level ${key} is not a copy of transfers[0].${key}`);
    }
  }
  return [...new Set(out)];
}
