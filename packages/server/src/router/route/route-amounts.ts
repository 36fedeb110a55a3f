/**
 * Exact per-hop amounts. IBC and OPinit move amounts unchanged; the minievm wrapper scales by
 * 10^(local - remote decimals); LayerZero OFTs drop the "dust" below their shared decimals. Amounts
 * that cannot be moved exactly are reported, never rounded silently.
 */
import type { Hop } from "./hops.js";

export interface HopAmounts {
  amountIn: bigint;
  amountOut: bigint;
}

export type AmountsResult =
  | { ok: true; hops: HopAmounts[]; amountIn: bigint; amountOut: bigint; warnings: string[] }
  | { ok: false; message: string };

const pow10 = (n: number) => 10n ** BigInt(n);

/** Decimal scaling of a hop as [multiply by, divide by] from what is sent to what arrives. */
function scaling(hop: Hop): { mul: bigint; div: bigint; what: string; afterOperation?: true } {
  if (hop.kind === "op_deposit" && hop.wrapTo) {
    // The operation delivers the 6-decimal l2 coin (its denom_out); the hook then scales it.
    return {
      mul: pow10(hop.wrapTo.meta.decimals - hop.to.meta.decimals),
      div: 1n,
      what: "the wrapper",
      afterOperation: true,
    };
  }
  if (hop.kind === "op_withdraw" && hop.unwrapFrom) {
    return {
      mul: 1n,
      div: pow10(hop.unwrapFrom.meta.decimals - hop.from.meta.decimals),
      what: "the wrapper",
    };
  }
  if (hop.kind === "wrap") {
    const scale = pow10(Math.abs(hop.to.meta.decimals - hop.from.meta.decimals));
    return hop.to.arrival.kind === "wrapped"
      ? { mul: scale, div: 1n, what: "the wrapper" }
      : { mul: 1n, div: scale, what: "the wrapper" };
  }
  if (hop.kind === "layer_zero" && hop.from.oft && hop.to.oft) {
    const shared = hop.from.oft.shared_decimals;
    return {
      mul: pow10(hop.to.meta.decimals - shared),
      div: pow10(hop.from.meta.decimals - shared),
      what: `the ${hop.from.meta.symbol} OFT (${shared} shared decimals)`,
    };
  }
  return { mul: 1n, div: 1n, what: "" };
}

/** Amounts for an exact input: dust a hop cannot carry stays with the sender and is reported. */
export function amountsForIn(hops: readonly Hop[], amountIn: bigint): AmountsResult {
  const out: HopAmounts[] = [];
  const warnings: string[] = [];
  let amount = amountIn;
  for (const hop of hops) {
    const { mul, div, what, afterOperation } = scaling(hop);
    const dust = amount % div;
    if (dust !== 0n && (hop.kind === "op_withdraw" || hop.kind === "wrap")) {
      // ERC20Wrapper.toRemote reverts on dust: refuse rather than build a tx that fails.
      return {
        ok: false,
        message: `amount ${amount} cannot be converted by ${what}: it must be a multiple of ${div}`,
      };
    }
    if (dust !== 0n)
      warnings.push(`${dust} base units below the precision of ${what} stay in the sender's wallet`);
    const sent = amount - dust;
    const received = (sent / div) * mul;
    if (received === 0n)
      return {
        ok: false,
        message: `amount_in ${amountIn} is too small to arrive: ${what} needs at least ${div}`,
      };
    out.push({ amountIn: sent, amountOut: afterOperation ? sent / div : received });
    amount = received;
  }
  return { ok: true, hops: out, amountIn, amountOut: amount, warnings };
}

/** Amounts for an exact output, computed backwards; an output no input produces exactly is an error. */
export function amountsForOut(hops: readonly Hop[], amountOut: bigint): AmountsResult {
  const out: HopAmounts[] = [];
  let amount = amountOut;
  for (const hop of [...hops].reverse()) {
    const { mul, div, what, afterOperation } = scaling(hop);
    if (amount % mul !== 0n) {
      return {
        ok: false,
        message: `amount_out ${amountOut} cannot be delivered exactly through ${what}: it must be a multiple of ${mul}`,
      };
    }
    const sent = (amount / mul) * div;
    out.unshift({ amountIn: sent, amountOut: afterOperation ? amount / mul : amount });
    amount = sent;
  }
  if (amount === 0n) return { ok: false, message: "amount_out must be greater than 0" };
  return { ok: true, hops: out, amountIn: amount, amountOut, warnings: [] };
}
