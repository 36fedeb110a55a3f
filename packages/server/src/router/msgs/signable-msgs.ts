/**
 * The `/v2/fungible/msgs` answer for hops already known: per-hop amounts, the addresses of the
 * route's chains and the signable txs. `/v2/fungible/msgs` reads the hops from echoed operations,
 * `/v2/fungible/msgs_direct` from the route it finds; both answer through here, so the two cannot
 * drift apart.
 */

import type { MsgsResponse } from "@weft/spec/schemas";
import { badRequest } from "../../api/errors.js";
import { type ChainAddress, parseChainAddress } from "../chain-address.js";
import type { Registry } from "../registry/registry.js";
import type { Hop } from "../route/hops.js";
import { amountsForIn, type HopAmounts } from "../route/route-amounts.js";
import { feesJson } from "../route/route-json.js";
import { buildTxs } from "./build-txs.js";

/** Skip's default IBC timeout. */
export const DEFAULT_TIMEOUT_SECONDS = 300;
const DEFAULT_SLIPPAGE_PERCENT = "1";

/** "0.5" percent -> 50 basis points; at most 100 %. */
function slippageBps(raw: string): bigint {
  const [whole = "0", fraction = ""] = raw.split(".");
  const bps = BigInt(whole) * 100n + BigInt(`${fraction}00`.slice(0, 2));
  if (bps > 10_000n)
    throw badRequest("slippage_tolerance_percent must be at most 100", [
      { field: "body.slippage_tolerance_percent", description: "over 100" },
    ]);
  return bps;
}

/** Exact amounts of every hop when the first sends `amountIn`. @throws ApiError 400 naming amount_in. */
export function hopAmountsFor(
  hops: readonly Hop[],
  amountIn: bigint,
): { hops: HopAmounts[]; amountOut: bigint } {
  const amounts = amountsForIn(hops, amountIn);
  if (!amounts.ok)
    throw badRequest(`invalid amount_in: ${amounts.message}`, [
      { field: "body.amount_in", description: amounts.message },
    ]);
  return { hops: amounts.hops, amountOut: amounts.amountOut };
}

/** One address a request gives for a chain of the route, and how to name it in a 400. */
export interface WantedAddress {
  chainId: string;
  raw: string;
  /** How the message names it, e.g. `address_list[1]`. */
  label: string;
  /** The error detail's field, e.g. `body.address_list.1`. */
  field: string;
}

/** Each address parsed for its chain. @throws ApiError 400 naming the first that is not one. */
export function parseAddresses(registry: Registry, wanted: readonly WantedAddress[]): ChainAddress[] {
  return wanted.map(({ chainId, raw, label, field }) => {
    const chain = registry.chain(chainId);
    const parsed = chain ? parseChainAddress(chain, raw) : "unknown chain";
    if (typeof parsed === "string") {
      throw badRequest(`${label} is not an address of ${chainId}: ${parsed}`, [
        { field, description: parsed },
      ]);
    }
    return parsed;
  });
}

export interface SignableMsgsInput {
  registry: Registry;
  hops: Hop[];
  amounts: { hops: HopAmounts[]; amountOut: bigint };
  /** One per routeChainIds(hops), in order. */
  addresses: ChainAddress[];
  /** base64 signed op-hook tx, for a route whose deposit needs one. */
  signedOpHook?: string;
  /** The request's `slippage_tolerance_percent`. @default "1" */
  slippagePercent?: string;
  /** The request's `timeout_seconds`. @default DEFAULT_TIMEOUT_SECONDS */
  timeoutSeconds?: string;
  /** The clock, in milliseconds since the epoch: IBC timeouts count from it. */
  nowMs: number;
}

/** The txs to sign, their flat `msgs`, `min_amount_out` and the fees (spec: msgs-response). */
export function signableMsgs(input: SignableMsgsInput): MsgsResponse {
  const bps = slippageBps(input.slippagePercent ?? DEFAULT_SLIPPAGE_PERCENT);
  const timeoutSeconds = BigInt(input.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS);
  const { txs, msgs } = buildTxs({
    hops: input.hops,
    amounts: input.amounts.hops,
    addresses: input.addresses,
    signedOpHook: input.signedOpHook,
    timeoutUnixSeconds: BigInt(Math.floor(input.nowMs / 1000)) + timeoutSeconds,
    slippageBps: bps,
  });
  return {
    txs,
    msgs,
    min_amount_out: ((input.amounts.amountOut * (10_000n - bps)) / 10_000n).toString(),
    estimated_fees: feesJson(input.registry, input.hops),
  };
}
