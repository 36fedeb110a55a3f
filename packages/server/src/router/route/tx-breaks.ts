/**
 * Why a route needs more than one user tx: at each hop that starts a new tx, what on the chain in
 * between stops the previous tx from carrying the funds on. These are the reasons Skip's router has
 * too: it continues a transfer in the same tx only through packet-forward middleware (`pfm_enabled`)
 * or an IBC hook, and an OPinit withdrawal is claimed by a tx of its own after finalization.
 */
import type { AssetNode } from "../registry/registry.js";
import { type Hop, hopSource, hopTarget, txIndices } from "./hops.js";

const chainOf = (node: AssetNode) => node.chain.chain_id;

/** One sentence for the break between `previous` and `next` (which starts a new tx). */
export function txBreakReason(previous: Hop, next: Hop): string {
  const at = chainOf(hopTarget(previous));
  const onward = `${next.kind === "ibc" ? "IBC transfer" : next.kind === "op_deposit" ? "OPinit deposit" : next.kind === "op_withdraw" ? "OPinit withdrawal" : next.kind === "wrap" ? "wrapper conversion" : "LayerZero send"} ${chainOf(hopSource(next))}->${chainOf(hopTarget(next))}`;
  switch (previous.kind) {
    case "op_withdraw": {
      const seconds = previous.from.chain.op_bridge?.finalization_period_seconds;
      return `the OPinit withdrawal ${chainOf(previous.from)}->${at} is claimed on ${at} by a tx of its own after ${seconds === undefined ? "its" : `the ${seconds} s`} finalization period, so the ${onward} cannot ride in the same tx`;
    }
    case "op_deposit":
      return `an OPinit deposit into ${at} carries no forwarding (its op-hook only converts the deposit), so the ${onward} is a tx of its own`;
    case "wrap":
      return `the wrapper conversion on ${at} is a route of its own, so the ${onward} is a tx of its own`;
    case "layer_zero":
      return `a LayerZero delivery to ${at} carries no forwarding, so the ${onward} is a tx of its own`;
    case "ibc":
      if (next.kind === "ibc") {
        return `${at} has no packet-forward middleware (pfm_enabled: false), so the ${onward} cannot be forwarded from the IBC transfer that arrives there`;
      }
      return `no IBC hook on ${at} starts an ${onward} from an arriving IBC transfer (hooks call contracts, not the ${next.kind === "layer_zero" ? "OFT" : "OPinit bridge"}), so it is a tx of its own`;
  }
}

/** Every reason a route takes `txsRequired` txs; empty for a single-tx route. */
export function txBreakReasons(hops: readonly Hop[]): string[] {
  const tx = txIndices(hops);
  const reasons: string[] = [];
  for (let i = 1; i < hops.length; i++) {
    if (tx[i] !== tx[i - 1]) reasons.push(txBreakReason(hops[i - 1] as Hop, hops[i] as Hop));
  }
  return reasons;
}
