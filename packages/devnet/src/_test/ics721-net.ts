/**
 * What the ICS-721 tests (interchain/ics721/*.test.ts) derive from the protocols' definitions, not
 * from the devnet's code (class hashes, 0x1's named objects, escrow accounts), and how they ask the
 * nodes and build the messages a wallet signs, over the live NFT interchain (live-nft-net.ts).
 */
import { createHash } from "node:crypto";
import { sha3_256 } from "@noble/hashes/sha3.js";
import { TYPE_NFT_TRANSFER } from "../interchain/initia-protos.js";
import { http, L1, net, O, owner, WASM } from "./live-nft-net.js";

/** A timeout far ahead (2100-01-01), in nanoseconds. */
export const TIMEOUT_NS = 4_102_444_800_000_000_000n;

/** A traced class's local name: `ibc/` and the upper-case hex SHA-256 of its full path. */
export const ibcName = (path: string) =>
  `ibc/${createHash("sha256").update(path).digest("hex").toUpperCase()}`;

/** 0x1's named object `seed`: sha3-256(0x1 as 32 bytes ‖ seed ‖ 0xFE). */
export const stdObject = (seed: string) =>
  `0x${Buffer.from(
    sha3_256(Buffer.concat([Buffer.alloc(31), Buffer.from([1]), Buffer.from(seed), Buffer.from([0xfe])])),
  ).toString("hex")}`;

/** ibc-go's escrow account of an nft-transfer channel end: sha256("ics721-1" ‖ 0 ‖ "port/channel")[:20]. */
export const escrowHex = (channel: string) =>
  `0x${createHash("sha256")
    .update(
      Buffer.concat([Buffer.from("ics721-1"), Buffer.from([0]), Buffer.from(`nft-transfer/${channel}`)]),
    )
    .digest()
    .subarray(0, 20)
    .toString("hex")}`;

/** An address as Move prints it: no leading zeros. */
export const moveHex = (hex: string) => `0x${hex.slice(2).replace(/^0+(?=.)/, "")}`;
/** The NFT owner's account as lower-case 0x hex. */
export const ownerHex = () => `0x${owner().key.hex.replace(/^0x/, "").toLowerCase()}`;
/** Seals enough rounds for a packet to be received and its acknowledgement to come back. */
export const relay = (rounds = 3) => net().produce(rounds);
export const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64");

/** A 0x1 view function of one object argument on the L1 (`object::owner`, `collection::name`); undefined when it aborts. */
export async function moveView(fn: "object::owner" | "collection::name", object: string) {
  const [module_name, function_name] = fn.split("::");
  const body = await http(L1, "/initia/move/v1/view/json", {
    address: "0x1",
    module_name,
    function_name,
    type_args: fn === "object::owner" ? ["0x1::object::ObjectCore"] : [],
    args: [JSON.stringify(object)],
  });
  return body.data === undefined ? undefined : (JSON.parse(body.data) as string);
}

/** A smart query of a contract on weft-wasm-1: its `data`. */
export const smart = async (contract: string, query: unknown) =>
  (await http(WASM, `/cosmwasm/wasm/v1/contract/${contract}/smart/${b64(query)}`)).data;

/** Initia's nft-transfer MsgTransfer by the owner, as the router builds it. */
export const nftTransfer = (o: {
  channel: string;
  classId: string;
  tokenIds: string[];
  receiver: string;
  memo?: string;
}) => ({
  msg_type_url: TYPE_NFT_TRANSFER,
  msg: {
    source_port: "nft-transfer",
    source_channel: o.channel,
    class_id: o.classId,
    token_ids: o.tokenIds,
    sender: O(),
    receiver: o.receiver,
    timeout_height: {},
    timeout_timestamp: TIMEOUT_NS.toString(),
    ...(o.memo ? { memo: o.memo } : {}),
  },
});
