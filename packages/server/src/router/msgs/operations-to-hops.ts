/**
 * /msgs receives a route's operations back from the client. They are re-read against the registry,
 * never trusted: every operation must be a real hop from the asset the previous one delivered.
 */

import type { Operation } from "@weft/spec/schemas";
import type { AssetNode, Registry } from "../registry/registry.js";
import { type Hop, hopSource, hopTarget, wrapHop } from "../route/hops.js";

export type HopsResult = { ok: true; hops: Hop[] } | { ok: false; field: string; message: string };

interface OperationFields {
  from_chain_id?: string;
  to_chain_id?: string;
  denom_in?: string;
  denom_out?: string;
  channel?: string;
}

const fail = (field: string, message: string): HopsResult => ({ ok: false, field, message });

/** Hops of echoed operations, starting at `source` and delivering `destination`. */
export function operationsToHops(
  registry: Registry,
  operations: readonly Operation[],
  source: AssetNode,
  destination: AssetNode,
): HopsResult {
  const hops: Hop[] = [];
  let at = source;
  for (const [i, op] of operations.entries()) {
    const field = `body.operations.${i}`;
    const kind = op.transfer
      ? "transfer"
      : op.op_init_transfer
        ? "op_init_transfer"
        : op.layer_zero_transfer
          ? "layer_zero_transfer"
          : op.evm_swap
            ? "evm_swap"
            : undefined;
    if (!kind)
      return fail(
        field,
        `operations[${i}]: Weft builds transfer, op_init_transfer, layer_zero_transfer and evm_swap (wrapper) operations only`,
      );
    const f = { ...(op[kind] ?? {}) } as OperationFields;
    // evm_swap runs on one chain: Skip gives it no to_chain_id.
    if (kind === "evm_swap") f.to_chain_id = f.from_chain_id;
    for (const key of ["from_chain_id", "to_chain_id", "denom_in", "denom_out"] as const) {
      if (typeof f[key] !== "string")
        return fail(`${field}.${kind}.${key}`, `operations[${i}].${kind}.${key} is required`);
    }
    if (f.from_chain_id !== at.chain.chain_id || f.denom_in !== at.denom) {
      return fail(
        field,
        `operations[${i}] starts from ${f.denom_in} on ${f.from_chain_id}, but the route holds ${at.denom} on ${at.chain.chain_id} there`,
      );
    }
    const last = i === operations.length - 1;
    const hop = findHop(registry, at, kind, f, last ? destination : undefined);
    if (!hop)
      return fail(
        field,
        `operations[${i}]: no ${kind} moves ${f.denom_in} on ${f.from_chain_id} to ${f.denom_out} on ${f.to_chain_id}${f.channel ? ` over ${f.channel}` : ""}`,
      );
    hops.push(hop);
    at = hopTarget(hop);
  }
  if (hops.length > 1 && hops.some((h) => h.kind === "wrap")) {
    return fail(
      "body.operations",
      "a wrapper conversion (evm_swap) is a route of its own: Weft does not combine it with transfers",
    );
  }
  if (at !== destination) {
    return fail(
      "body.operations",
      `the operations deliver ${at.denom} on ${at.chain.chain_id}, not dest_asset_denom ${destination.denom} on ${destination.chain.chain_id}`,
    );
  }
  return { ok: true, hops };
}

function findHop(
  registry: Registry,
  at: AssetNode,
  kind: string,
  f: OperationFields,
  destination: AssetNode | undefined,
): Hop | undefined {
  const to = registry.asset(f.to_chain_id ?? "", f.denom_out ?? "");
  if (!to) return undefined;
  if (kind === "evm_swap") {
    return wrapHop(at, to);
  }
  if (kind === "transfer") {
    if (
      at.parent === to &&
      at.arrival.kind === "ibc" &&
      (f.channel ?? at.arrival.counterpartyChannel) === at.arrival.counterpartyChannel
    ) {
      return { kind: "ibc", from: at, to, channel: at.arrival.counterpartyChannel };
    }
    if (
      to.parent === at &&
      to.arrival.kind === "ibc" &&
      (f.channel ?? to.arrival.channel) === to.arrival.channel
    ) {
      return { kind: "ibc", from: at, to, channel: to.arrival.channel };
    }
    return undefined;
  }
  if (kind === "op_init_transfer") {
    if (to.parent === at && to.arrival.kind === "op") {
      const wrapTo =
        destination?.parent === to && destination.arrival.kind === "wrapped" ? destination : undefined;
      return {
        kind: "op_deposit",
        from: at,
        to,
        bridgeId: to.arrival.bridgeId,
        ...(wrapTo ? { wrapTo } : {}),
      };
    }
    if (at.parent === to && at.arrival.kind === "op")
      return { kind: "op_withdraw", from: at, to, bridgeId: at.arrival.bridgeId };
    const remote = at.parent;
    if (at.arrival.kind === "wrapped" && remote?.arrival.kind === "op" && remote.parent === to) {
      return { kind: "op_withdraw", from: remote, to, bridgeId: remote.arrival.bridgeId, unwrapFrom: at };
    }
    return undefined;
  }
  return registry.oftPeers(at).includes(to) ? { kind: "layer_zero", from: at, to } : undefined;
}

export { hopSource };
