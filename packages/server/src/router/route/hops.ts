/**
 * The moves a route is made of, between two asset nodes of the registry graph, and what each costs.
 * A route is a list of hops; a hop is one operation of the Skip shape.
 */
import {
  type AssetNode,
  DEFAULT_IBC_TRANSFER_SECONDS,
  DEFAULT_LAYER_ZERO_SECONDS,
  DEFAULT_OP_DEPOSIT_SECONDS,
  DEFAULT_OP_FINALIZATION_SECONDS,
  type Registry,
} from "../registry/registry.js";

export type Hop =
  /** ICS-20 transfer from `from.chain` over `channel` (forward, or back along the arrival channel). */
  | { kind: "ibc"; from: AssetNode; to: AssetNode; channel: string }
  /** OPinit deposit L1 -> rollup (MsgInitiateTokenDeposit). With `wrapTo`, the deposit carries the
   * op-hook that converts the deposited `l2/...` coin into the wrapper's 18-decimal token `wrapTo`. */
  | { kind: "op_deposit"; from: AssetNode; to: AssetNode; bridgeId: string; wrapTo?: AssetNode }
  /** OPinit withdrawal rollup -> L1 (MsgInitiateTokenWithdrawal); with `unwrapFrom`, from the wrapper's
   * 18-decimal token through ERC20Wrapper.toRemoteAndOPWithdraw. */
  | { kind: "op_withdraw"; from: AssetNode; to: AssetNode; bridgeId: string; unwrapFrom?: AssetNode }
  /** LayerZero OFT send between peers. */
  | { kind: "layer_zero"; from: AssetNode; to: AssetNode }
  /** minievm's ERC20Wrapper converting on its own rollup, no bridge: the `l2/...` coin into its
   * 18-decimal token (`toLocal`) or back (`toRemote`). Offered only as a whole route (wrapHop). */
  | { kind: "wrap"; from: AssetNode; to: AssetNode; contract: string };

/** Seconds until a contract call on the source chain has run: one block. */
export const WRAP_SECONDS = 1;

/** The asset the hop starts from, as the user holds it (the wrapped token for an unwrapping withdrawal). */
export const hopSource = (h: Hop): AssetNode => (h.kind === "op_withdraw" && h.unwrapFrom) || h.from;
/** The asset the hop delivers, as the user receives it (the wrapped token for a deposit with a hook). */
export const hopTarget = (h: Hop): AssetNode => (h.kind === "op_deposit" && h.wrapTo) || h.to;

/** An OPinit deposit that finishes as the wrapper's token through a hook the recipient signs. */
export type HookedDeposit = Extract<Hop, { kind: "op_deposit" }> & { wrapTo: AssetNode };

/** The route's deposit that needs a signed op hook (its `required_op_hook`), if any. */
export const hookedDeposit = (hops: readonly Hop[]): HookedDeposit | undefined =>
  hops.find((h): h is HookedDeposit => h.kind === "op_deposit" && h.wrapTo !== undefined);

/** Estimated seconds until the hop's funds are usable at its destination. */
export function hopSeconds(h: Hop): number {
  switch (h.kind) {
    case "ibc":
      return h.from.chain.ibc_transfer_seconds ?? DEFAULT_IBC_TRANSFER_SECONDS;
    case "op_deposit":
      return h.to.chain.op_bridge?.deposit_seconds ?? DEFAULT_OP_DEPOSIT_SECONDS;
    case "op_withdraw":
      return h.from.chain.op_bridge?.finalization_period_seconds ?? DEFAULT_OP_FINALIZATION_SECONDS;
    case "layer_zero":
      return h.from.chain.layer_zero?.delivery_seconds ?? DEFAULT_LAYER_ZERO_SECONDS;
    case "wrap":
      return WRAP_SECONDS;
  }
}

/**
 * The wrapper conversion between `source` and `destination` when they are a rollup's `l2/...` coin
 * and its 18-decimal token (either way), as initia.js describes the router's same-chain paths
 * (approve + the wrapper call in one tx); undefined otherwise.
 */
export function wrapHop(source: AssetNode, destination: AssetNode): Hop | undefined {
  const wrapper = source.chain.erc20_wrapper?.contract;
  if (!wrapper || source.chain !== destination.chain) return undefined;
  const [local, remote] =
    destination.arrival.kind === "wrapped" ? [destination, source] : [source, destination];
  if (local.arrival.kind !== "wrapped" || local.parent !== remote || remote.arrival.kind !== "op")
    return undefined;
  return { kind: "wrap", from: source, to: destination, contract: wrapper };
}

/** Chains that sign EVM transactions (`evm_tx`) for LayerZero sends and wrapper calls. */
const isEvmCapable = (node: AssetNode) =>
  node.chain.chain_type === "evm" || node.chain.chain_type === "minievm";

/**
 * Every hop out of `node`. Moves back towards an asset's origin are always offered; moves away from
 * it only towards `destination` (along its ancestors), which keeps the search to a handful of nodes
 * however large the registry: the route unwinds to the origin, then forwards.
 */
export function hopsFrom(registry: Registry, node: AssetNode, towards: ReadonlySet<AssetNode>): Hop[] {
  const hops: Hop[] = [];
  const parent = node.parent;
  // Unwinding.
  if (parent && node.arrival.kind === "ibc") {
    hops.push({ kind: "ibc", from: node, to: parent, channel: node.arrival.counterpartyChannel });
  }
  if (parent && node.arrival.kind === "op") {
    hops.push({ kind: "op_withdraw", from: node, to: parent, bridgeId: node.arrival.bridgeId });
  }
  const grandparent = parent?.parent;
  if (
    parent &&
    grandparent &&
    node.arrival.kind === "wrapped" &&
    parent.arrival.kind === "op" &&
    node.chain.erc20_wrapper
  ) {
    hops.push({
      kind: "op_withdraw",
      from: parent,
      to: grandparent,
      bridgeId: parent.arrival.bridgeId,
      unwrapFrom: node,
    });
  }
  // Forwarding towards the destination.
  for (const child of node.children) {
    if (!towards.has(child)) continue;
    if (child.arrival.kind === "ibc")
      hops.push({ kind: "ibc", from: node, to: child, channel: child.arrival.channel });
    if (child.arrival.kind === "op") {
      hops.push({ kind: "op_deposit", from: node, to: child, bridgeId: child.arrival.bridgeId });
      for (const wrapped of child.children) {
        if (wrapped.arrival.kind === "wrapped" && towards.has(wrapped)) {
          hops.push({
            kind: "op_deposit",
            from: node,
            to: child,
            bridgeId: child.arrival.bridgeId,
            wrapTo: wrapped,
          });
        }
      }
    }
  }
  // LayerZero, from chains that sign EVM transactions.
  if (isEvmCapable(node) && node.chain.layer_zero) {
    for (const peer of registry.oftPeers(node)) {
      if (peer.chain.layer_zero) hops.push({ kind: "layer_zero", from: node, to: peer });
    }
  }
  return hops;
}

/**
 * Whether `next` can ride in the same user tx as `previous`: consecutive IBC hops are one
 * MsgTransfer when the chain in between forwards packets (packet-forward middleware).
 */
export const continuesTx = (previous: Hop | undefined, next: Hop): boolean =>
  previous?.kind === "ibc" && next.kind === "ibc" && next.from.chain.pfm_enabled;

/** `tx_index` of every hop. */
export function txIndices(hops: readonly Hop[]): number[] {
  let tx = -1;
  return hops.map((h, i) => (continuesTx(hops[i - 1], h) ? tx : ++tx));
}
