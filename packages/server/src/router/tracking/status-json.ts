/**
 * A tracked transfer's status in the Skip wire shape, computed from its progress. The rules for
 * `state` (spec: components/schemas/router/transaction-state.yaml):
 * - no source tx yet: SUBMITTED; the source tx failed: COMPLETED_ERROR (transaction execution);
 * - a hop timed out or was acknowledged with an error: PENDING_ERROR while the refund travels back,
 *   COMPLETED_ERROR once the first hop's sender has it; a deposit hook failed: COMPLETED_ERROR;
 * - every hop received and acknowledged: COMPLETED_SUCCESS; otherwise PENDING;
 * - no progress for the abandonment window: ABANDONED.
 * `status` is STATE_COMPLETED on success and STATE_FAILED on any terminal failure.
 */
import type { StatusError, TransferAssetRelease, TransferEvent, TxStatus } from "@weft/spec/schemas";
import { ibcDenom } from "../registry/denoms.js";
import type { Registry } from "../registry/registry.js";
import type { Hop, IbcHop, LayerZeroHop, OpHop, Progress, TxRef } from "./progress.js";

export const TERMINAL_STATES = new Set([
  "STATE_COMPLETED_SUCCESS",
  "STATE_COMPLETED_ERROR",
  "STATE_ABANDONED",
]);

/** The denom a packet becomes on its receiving chain (ICS-20). */
export function receivedDenom(hop: IbcHop): string {
  const prefix = `transfer/${hop.src_channel}/`;
  if (hop.denom.startsWith(prefix)) {
    const rest = hop.denom.slice(prefix.length);
    const parts = rest.split("/");
    return parts.length === 1 ? rest : ibcDenom(pairs(parts.slice(0, -1)), parts.at(-1) ?? "");
  }
  const parts = `transfer/${hop.dst_channel}/${hop.denom}`.split("/");
  return ibcDenom(pairs(parts.slice(0, -1)), parts.at(-1) ?? "");
}
const pairs = (p: string[]) =>
  Array.from({ length: p.length / 2 }, (_, i) => ({ port: p[2 * i] ?? "", channel: p[2 * i + 1] ?? "" }));

const hopDone = (h: Hop) =>
  h.kind === "ibc" ? Boolean(h.acknowledge_tx && h.ack?.ok) : Boolean(h.receive_tx);
const hopFailed = (h: Hop) =>
  h.kind === "ibc"
    ? Boolean(h.timeout_tx || (h.ack && !h.ack.ok))
    : h.kind === "layer_zero"
      ? false
      : Boolean(h.hook_error);

export function statusJson(
  registry: Registry,
  progress: Progress,
  abandoned: { reason: string } | undefined,
): TxStatus {
  const txJson = (t: TxRef | undefined) =>
    t
      ? {
          chain_id: t.chain_id,
          tx_hash: t.tx_hash,
          explorer_link: (registry.chain(t.chain_id)?.explorer_tx_url ?? "").replace("{tx_hash}", t.tx_hash),
          on_chain_at: t.on_chain_at,
        }
      : null;
  const { hops } = progress;
  let state: string;
  let error: StatusError = null;
  let release: TransferAssetRelease = null;
  let blocking: number | null = null;
  const failedAt = hops.findIndex(hopFailed);
  const first = hops[0];
  if (!progress.source) {
    state = "STATE_SUBMITTED";
  } else if (progress.source.code !== 0) {
    state = "STATE_COMPLETED_ERROR";
    error = {
      type: "STATUS_ERROR_TRANSACTION_EXECUTION",
      code: progress.source.code,
      message: progress.source.log,
    };
  } else if (failedAt >= 0) {
    // A LayerZero hop is never failed here: the tracker sees deliveries only (a packet stuck on the
    // destination stays LAYER_ZERO_TRANSFER_SENT until abandoned).
    const failed = hops[failedAt] as IbcHop | OpHop;
    error = { type: "STATUS_ERROR_TRANSFER", message: failureMessage(failed, failedAt) };
    if (failed.kind !== "ibc") {
      state = "STATE_COMPLETED_ERROR";
      release = {
        chain_id: failed.to_chain_id,
        denom: failed.denom_out,
        amount: failed.amount,
        released: true,
      };
    } else if (first?.kind === "ibc" && (first.acknowledge_tx || first.timeout_tx)) {
      // The refund reached the sender of the first hop.
      state = "STATE_COMPLETED_ERROR";
      release = {
        chain_id: first.from_chain_id,
        denom: denomOnSender(first),
        amount: first.amount,
        released: true,
      };
    } else {
      state = "STATE_PENDING_ERROR";
      blocking = hops.findIndex((h) => h.kind === "ibc" && !h.acknowledge_tx && !h.timeout_tx);
    }
  } else if (hops.every(hopDone)) {
    state = "STATE_COMPLETED_SUCCESS";
    const last = hops.at(-1);
    if (last)
      release = {
        chain_id: last.to_chain_id,
        ...(last.kind === "ibc"
          ? { denom: receivedDenom(last), amount: last.amount }
          : last.kind === "layer_zero"
            ? layerZeroRelease(registry, last)
            : { denom: last.denom_out, amount: last.amount }),
        released: true,
      };
  } else {
    state = "STATE_PENDING";
    blocking = hops.findIndex((h) => !hopDone(h));
  }
  if (abandoned && !TERMINAL_STATES.has(state)) {
    state = "STATE_ABANDONED";
    error = { type: "STATUS_ERROR_INDEXING", message: abandoned.reason };
    blocking = null;
  }
  const sequence: TransferEvent[] = hops.map((h) =>
    h.kind === "ibc" ? ibcEvent(h) : h.kind === "layer_zero" ? layerZeroEvent(h) : opEvent(h),
  );
  const next = blocking === null || blocking < 0 ? null : { transfer_sequence_index: blocking };
  const status =
    state === "STATE_SUBMITTED"
      ? "STATE_SUBMITTED"
      : state === "STATE_COMPLETED_SUCCESS"
        ? "STATE_COMPLETED"
        : TERMINAL_STATES.has(state)
          ? "STATE_FAILED"
          : "STATE_PENDING";
  const transfer = {
    state,
    transfer_sequence: sequence,
    next_blocking_transfer: next,
    transfer_asset_release: release,
    error,
  } as TxStatus["transfers"][number];
  return {
    status,
    state,
    transfers: [transfer],
    transfer_sequence: sequence,
    next_blocking_transfer: next,
    transfer_asset_release: release,
    error,
  } as TxStatus;

  function ibcEvent(h: IbcHop): TransferEvent {
    const hopState = h.timeout_tx
      ? "TRANSFER_FAILURE"
      : h.ack && !h.ack.ok
        ? h.acknowledge_tx
          ? "TRANSFER_FAILURE"
          : "TRANSFER_PENDING_ERROR"
        : h.acknowledge_tx
          ? "TRANSFER_SUCCESS"
          : h.receive_tx
            ? "TRANSFER_RECEIVED"
            : "TRANSFER_PENDING";
    const packetError = h.timeout_tx
      ? {
          type: "PACKET_ERROR_TIMEOUT" as const,
          message: `the packet timed out before ${h.to_chain_id} received it; refunded on ${h.from_chain_id}`,
        }
      : h.ack && !h.ack.ok
        ? { type: "PACKET_ERROR_ACKNOWLEDGEMENT" as const, message: h.ack.error }
        : null;
    return {
      ibc_transfer: {
        from_chain_id: h.from_chain_id,
        to_chain_id: h.to_chain_id,
        src_chain_id: h.from_chain_id,
        dst_chain_id: h.to_chain_id,
        state: hopState,
        packet_txs: {
          send_tx: txJson(h.send_tx),
          receive_tx: txJson(h.receive_tx),
          acknowledge_tx: txJson(h.acknowledge_tx),
          timeout_tx: txJson(h.timeout_tx),
          error: packetError,
        },
      },
    } as TransferEvent;
  }
  function layerZeroEvent(h: LayerZeroHop): TransferEvent {
    return {
      layer_zero_transfer: {
        from_chain_id: h.from_chain_id,
        to_chain_id: h.to_chain_id,
        src_chain_id: h.from_chain_id,
        dst_chain_id: h.to_chain_id,
        state: h.receive_tx ? "LAYER_ZERO_TRANSFER_RECEIVED" : "LAYER_ZERO_TRANSFER_SENT",
        txs: {
          send_tx: txJson(h.send_tx),
          receive_tx: txJson(h.receive_tx),
          compose_tx: null,
          error_tx: null,
        },
      },
    } as TransferEvent;
  }
  function opEvent(h: OpHop): TransferEvent {
    return {
      op_init_transfer: {
        from_chain_id: h.from_chain_id,
        to_chain_id: h.to_chain_id,
        src_chain_id: h.from_chain_id,
        dst_chain_id: h.to_chain_id,
        state: h.receive_tx ? "OPINIT_TRANSFER_RECEIVED" : "OPINIT_TRANSFER_SENT",
        txs: { send_tx: txJson(h.send_tx), receive_tx: txJson(h.receive_tx) },
      },
    } as TransferEvent;
  }
}

/** What a delivered OFT packet released: the registry's spelling of the released token, and its amount. */
function layerZeroRelease(registry: Registry, hop: LayerZeroHop): { denom: string; amount: string } {
  const contract = hop.received?.contract ?? "";
  const asset = registry
    .assets()
    .find((a) => a.chain.chain_id === hop.to_chain_id && a.denom.toLowerCase() === contract.toLowerCase());
  return { denom: asset?.denom ?? contract, amount: hop.received?.amount ?? "" };
}

/** The denom the first hop's sender held (what a refund gives back). */
function denomOnSender(hop: IbcHop): string {
  const parts = hop.denom.split("/");
  return parts.length === 1 ? hop.denom : ibcDenom(pairs(parts.slice(0, -1)), parts.at(-1) ?? "");
}

function failureMessage(hop: IbcHop | OpHop, index: number): string {
  if (hop.kind !== "ibc")
    return `the deposit reached ${hop.to_chain_id} but its op hook failed (${hop.hook_error}); the coins stay there as ${hop.denom_out}`;
  if (hop.timeout_tx)
    return `hop ${index} (${hop.from_chain_id} -> ${hop.to_chain_id}) timed out; the tokens are refunded`;
  return `hop ${index} (${hop.from_chain_id} -> ${hop.to_chain_id}) was acknowledged with an error: ${hop.ack && !hop.ack.ok ? hop.ack.error : ""}; the tokens are refunded`;
}
