/**
 * ICS-721 class ids as the packets carry them. A class is sent under its full trace
 * (`<port>/<channel>/.../<base class id>`, the `ibc/<hash>` a chain shows is only its short name);
 * the receiving chain either unwinds it (the class goes back the way it came: the receiver's own
 * prefix is removed) or prefixes its own end of the channel. An Initia L1 keeps each received class
 * as a Move collection created by 0x1 under the name `ibc/<hash>`, so the collection an L1 hook
 * forwards is known from the trace alone, without asking a node.
 */
import { createHash } from "node:crypto";
import { createObjectAddress, STD_ADDRESS } from "./move-bcs.js";
import type { NftHop } from "./nft-path.js";

/** `ibc/` and the upper-case hex SHA-256 of a full class path, as ibc-go names a traced class. */
export const ibcClassId = (fullPath: string) =>
  `ibc/${createHash("sha256").update(fullPath).digest("hex").toUpperCase()}`;

/** A class path that still carries a `<port>/channel-N/` hop (not a base class id). */
const TRACED = /^[^/]+\/channel-\d+\//;

/**
 * The class as the other end of `hop` keeps it, given the full path the packet carries: unwound
 * when it goes back over the channel it came by, otherwise prefixed with the receiver's end.
 */
export function classOnReceiver(sent: string, hop: NftHop): string {
  const back = `${hop.port}/${hop.channel}/`;
  return sent.startsWith(back)
    ? sent.slice(back.length)
    : `${hop.counterpartyPort}/${hop.counterpartyChannel}/${sent}`;
}

/**
 * The Move collection object of a class on an Initia L1 (0x hex, 32 bytes), or why it cannot be
 * named: a native Move class `move/<collection>` is its collection; a traced class is the
 * collection 0x1 created under its `ibc/` name.
 */
export function l1CollectionOf(classOnL1: string): Buffer | string {
  if (TRACED.test(classOnL1)) return createObjectAddress(STD_ADDRESS, ibcClassId(classOnL1));
  const native = /^move\/([0-9a-f]{64})$/i.exec(classOnL1);
  if (native?.[1]) return Buffer.from(native[1], "hex");
  return `class ${classOnL1} would arrive on the L1 unwound to a class that is not a Move collection there`;
}
