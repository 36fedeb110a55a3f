/**
 * The denom math of the bridges Weft routes over. Pure functions; every result is checked against
 * real registry values in denoms.test.ts.
 */
import { createHash } from "node:crypto";

/** One ICS-20 hop as recorded in a denom trace: the port and channel on the RECEIVING chain. */
export interface TraceHop {
  port: string;
  channel: string;
}

/** `ibc/` + upper-hex sha256 of `port/channel/.../base`, or the base itself for an empty trace (ICS-20). */
export function ibcDenom(trace: readonly TraceHop[], base: string): string {
  if (trace.length === 0) return base;
  const path = trace.map((h) => `${h.port}/${h.channel}`).join("/");
  return `ibc/${createHash("sha256").update(`${path}/${base}`).digest("hex").toUpperCase()}`;
}

/** The `trace` string of /v2/fungible/assets: `transfer/channel-0/transfer/channel-5`, `""` for none. */
export const traceString = (trace: readonly TraceHop[]): string =>
  trace.map((h) => `${h.port}/${h.channel}`).join("/");

/** OPinit's L2 denom of an L1 denom: `l2/` + hex(sha3-256(uint64be(bridge_id) || l1_denom)) (OPinit x/ophost L2Denom). */
export function l2Denom(bridgeId: string, l1Denom: string): string {
  const id = Buffer.alloc(8);
  id.writeBigUInt64BE(BigInt(bridgeId));
  return `l2/${createHash("sha3-256")
    .update(Buffer.concat([id, Buffer.from(l1Denom)]))
    .digest("hex")}`;
}
