/**
 * Pathfinding over the registry graph. Among the routes from the source asset to the destination
 * asset it returns the one with the fewest user txs, then the shortest estimated duration, then the
 * fewest fees, then the fewest hops; remaining ties go to the lexically smallest path, so the answer
 * is deterministic.
 */
import type { AssetNode, Registry } from "../registry/registry.js";
import { continuesTx, type Hop, hopSeconds, hopsFrom, hopTarget, wrapHop } from "./hops.js";

/** The bridges Weft routes over (Skip BridgeType names). */
export type BridgeType = "IBC" | "OPINIT" | "LAYER_ZERO";

export interface RouteQuery {
  source: AssetNode;
  destination: AssetNode;
  /** Routes needing more than one user tx are allowed. */
  allowMultiTx: boolean;
  /** Bridges allowed (Skip BridgeType names); undefined = all. */
  bridges?: ReadonlySet<string>;
  /** true: the route must withdraw over OPinit; false: it must not; undefined: either. */
  opWithdraw?: boolean;
}

export interface FoundRoute {
  hops: Hop[];
  txsRequired: number;
  seconds: number;
}

/** The Skip BridgeType of each kind of hop; a wrapper conversion crosses no bridge. */
export const BRIDGE_OF: Record<Hop["kind"], BridgeType | undefined> = {
  ibc: "IBC",
  op_deposit: "OPINIT",
  op_withdraw: "OPINIT",
  layer_zero: "LAYER_ZERO",
  wrap: undefined,
};
/** Longest route considered; real routes are 1-4 hops. */
const MAX_HOPS = 6;

interface Label {
  node: AssetNode;
  hops: Hop[];
  txs: number;
  seconds: number;
  fees: number;
  path: string;
}

const better = (a: Label, b: Label): boolean =>
  a.txs !== b.txs
    ? a.txs < b.txs
    : a.seconds !== b.seconds
      ? a.seconds < b.seconds
      : a.fees !== b.fees
        ? a.fees < b.fees
        : a.hops.length !== b.hops.length
          ? a.hops.length < b.hops.length
          : a.path < b.path;

/** The best route, or undefined when none satisfies the query. */
export function findRoute(registry: Registry, query: RouteQuery): FoundRoute | undefined {
  // A rollup's l2/ coin and its wrapped token convert in place, one tx on the rollup, unless the
  // request asks for the OPinit path (is_op_withdraw), which then goes out to L1 and back.
  const wrap = wrapHop(query.source, query.destination);
  if (wrap && query.opWithdraw !== true) return { hops: [wrap], txsRequired: 1, seconds: hopSeconds(wrap) };
  const towards = new Set<AssetNode>();
  for (let n: AssetNode | undefined = query.destination; n; n = n.parent) towards.add(n);

  // Label-correcting search: a label per (node, whether the last hop can be continued by PFM),
  // because the tx count of the next hop depends on it. The graph has a few dozen nodes at most.
  const best = new Map<string, Label>();
  const queue: Label[] = [{ node: query.source, hops: [], txs: 0, seconds: 0, fees: 0, path: "" }];
  let found: Label | undefined;
  while (queue.length > 0) {
    let at = 0;
    for (let i = 1; i < queue.length; i++) if (better(queue[i] as Label, queue[at] as Label)) at = i;
    const label = queue.splice(at, 1)[0] as Label;
    if (found && !better(label, found)) break;
    if (label.node === query.destination && label.hops.length > 0) {
      if (satisfies(label.hops, query) && (!found || better(label, found))) found = label;
      continue;
    }
    if (label.hops.length >= MAX_HOPS) continue;
    const last = label.hops.at(-1);
    for (const hop of hopsFrom(registry, label.node, towards)) {
      const bridge = BRIDGE_OF[hop.kind];
      if (query.bridges && bridge && !query.bridges.has(bridge)) continue;
      if (query.opWithdraw === false && hop.kind === "op_withdraw") continue;
      const target = hopTarget(hop);
      if (label.hops.some((h) => hopTarget(h) === target) || target === query.source) continue;
      const txs = label.txs + (continuesTx(last, hop) ? 0 : 1);
      if (txs > 1 && !query.allowMultiTx) continue;
      const next: Label = {
        node: target,
        hops: [...label.hops, hop],
        txs,
        seconds: label.seconds + hopSeconds(hop),
        fees: label.fees + (hop.kind === "layer_zero" ? 1 : 0),
        path: `${label.path}>${target.key}`,
      };
      const withdrew = next.hops.some((h) => h.kind === "op_withdraw");
      const key = `${target.key}|${hop.kind === "ibc" ? "ibc" : "other"}|${withdrew}`;
      const seen = best.get(key);
      if (seen && !better(next, seen)) continue;
      best.set(key, next);
      queue.push(next);
    }
  }
  if (!found) return undefined;
  return { hops: found.hops, txsRequired: found.txs, seconds: found.seconds };
}

function satisfies(hops: Hop[], query: RouteQuery): boolean {
  return query.opWithdraw !== true || hops.some((h) => h.kind === "op_withdraw");
}
