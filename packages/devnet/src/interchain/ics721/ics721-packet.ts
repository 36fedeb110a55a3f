/**
 * ICS-721 packets as Initia's nft-transfer module and cw-ics721 write them: the packet data JSON
 * (keys in the order Go marshals the struct, empty ones left out), class traces
 * (`ibc/<SHA-256 of the full class path>`), the escrow account of a channel end and the
 * `non_fungible_token_packet` event every step of a packet emits.
 */
import { createHash } from "node:crypto";
import { attr } from "../ibc/packet-events.js";

/** The ICS-721 channel version, also the salt of its escrow accounts. */
export const ICS721_VERSION = "ics721-1";

export interface NftPacketData {
  classId: string;
  classUri?: string;
  /** base64 of the class's JSON metadata (`{"name": ...}`), carried unchanged hop to hop. */
  classData?: string;
  tokenIds: string[];
  tokenUris?: string[];
  tokenData?: string[];
  sender: string;
  receiver: string;
  memo?: string;
}

/** The packet bytes: keys sorted, as the L1's nft-transfer marshals them (see the real send_packet). */
export function nftPacketBytes(d: NftPacketData): Buffer {
  const entries = Object.entries(d)
    .filter(([, v]) => v !== undefined && v !== "" && !(Array.isArray(v) && v.length === 0))
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return Buffer.from(JSON.stringify(Object.fromEntries(entries)));
}

export const parseNftPacket = (bytes: Uint8Array) =>
  JSON.parse(Buffer.from(bytes).toString()) as NftPacketData;

/** `ibc/` and the upper-case hex SHA-256 of a full class path. */
export const ibcClassId = (fullPath: string) =>
  `ibc/${createHash("sha256").update(fullPath).digest("hex").toUpperCase()}`;

/**
 * A full class path split into its trace (the leading `<port>/channel-N` hops; ports hold no
 * slash) and its base class id, which may hold slashes of its own (`move/<hex>`).
 */
export function splitClassPath(full: string): { path: string; base_class_id: string } {
  const m = /^((?:[^/]+\/channel-\d+\/)*)(.*)$/.exec(full);
  return { path: (m?.[1] ?? "").replace(/\/$/, ""), base_class_id: m?.[2] ?? full };
}

/** The escrow account of an ICS-721 channel end: as ibc-go's, salted with the ICS-721 version (20 bytes). */
export const nftEscrowBytes = (port: string, channel: string) =>
  createHash("sha256")
    .update(Buffer.concat([Buffer.from(ICS721_VERSION), Buffer.from([0]), Buffer.from(`${port}/${channel}`)]))
    .digest()
    .subarray(0, 20);

/** `non_fungible_token_packet`: the transfer's attributes, then the step's own. */
export const nftPacketEvent = (d: NftPacketData, extra: { key: string; value: string }[]) => ({
  type: "non_fungible_token_packet",
  attributes: [
    attr("module", "nonfungibletokentransfer"),
    attr("sender", d.sender),
    attr("receiver", d.receiver),
    attr("class_id", d.classId),
    attr("token_ids", d.tokenIds.join(",")),
    attr("memo", d.memo ?? ""),
    ...extra.map((e) => attr(e.key, e.value)),
  ],
});
