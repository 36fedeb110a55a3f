/**
 * NFT changes named by one tx's events, in event order, as the reference reads them:
 * - CosmWasm cw721: `wasm` events with `_contract_address` and `action` mint (token_id, owner,
 *   token_uri), transfer_nft / send_nft (recipient), burn.
 * - EVM ERC-721: `Transfer` logs with 4 topics (the cosmos-side `evm` events carry every log of
 *   the tx); a zero from is a mint, a zero to a burn. The token id is topic 3 as a decimal.
 * - Move: `0x1::collection::CreateCollectionEvent` / `MintEvent` / `BurnEvent`,
 *   `0x1::object::TransferEvent` and `0x1::nft::MutationEvent` (uri). Move names a token by its
 *   object address after the mint, so those changes carry `object` instead of collection/token id.
 * - ICS-721 `recv_packet` nft-transfer packets: the class's name on its origin chain (`origin_name`).
 * Addresses are bytes (bech32 or hex decoded); anything malformed is skipped, as the reference does.
 */
import { decodeAddress } from "../../chain/addresses.js";
import type { OutEvent } from "./tx-response.js";

/** keccak256("Transfer(address,address,uint256)"). */
export const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
const ZERO_TOPIC = `0x${"0".repeat(64)}`;

/** A token named by collection and id (Wasm, EVM, Move mint/burn) or by its Move object. */
export type NftKey = { collection: Buffer; tokenId: string } | { object: Buffer };

/**
 * The token standard of changes read from a contract's own events (cw721 `wasm` events, ERC-721
 * logs): the collection's name is not in them but in the contract, asked separately.
 */
type FromContract = { contract?: "cw721" | "erc721" };

export type NftChange =
  | { kind: "collection"; collection: Buffer; name: string; creator: Buffer }
  | { kind: "origin_name"; collection: Buffer; originName: string }
  | ({
      kind: "mint";
      collection: Buffer;
      tokenId: string;
      owner?: Buffer;
      uri?: string;
      object?: Buffer;
    } & FromContract)
  | ({ kind: "transfer"; key: NftKey; owner: Buffer } & FromContract)
  | { kind: "mutate"; key: NftKey; uri: string }
  | ({ kind: "burn"; key: NftKey } & FromContract);

function attrs(event: OutEvent): Map<string, string> {
  const out = new Map<string, string>();
  for (const a of event.attributes) if (!out.has(a.key)) out.set(a.key, a.value ?? "");
  return out;
}

function wasmChange(a: Map<string, string>, prefix: string): NftChange | undefined {
  const collection = decodeAddress(a.get("_contract_address") ?? "", prefix);
  const tokenId = a.get("token_id");
  if (!collection || tokenId === undefined || tokenId === "") return undefined;
  switch (a.get("action")) {
    case "mint": {
      const owner = decodeAddress(a.get("owner") ?? "", prefix);
      if (!owner) return undefined;
      return { kind: "mint", collection, tokenId, owner, uri: a.get("token_uri") ?? "", contract: "cw721" };
    }
    case "transfer_nft":
    case "send_nft": {
      const owner = decodeAddress(a.get("recipient") ?? "", prefix);
      return owner ? { kind: "transfer", key: { collection, tokenId }, owner, contract: "cw721" } : undefined;
    }
    case "burn":
      return { kind: "burn", key: { collection, tokenId }, contract: "cw721" };
    default:
      return undefined;
  }
}

/** An ERC-721 Transfer log (4 topics, no data) as a change; ERC-20 Transfers have 3 topics. */
export function erc721Change(log: { address?: string; topics?: string[] | null; data?: string }) {
  const topics = log.topics ?? [];
  if (topics.length !== 4 || topics[0]?.toLowerCase() !== TRANSFER_TOPIC) return undefined;
  if (log.data !== undefined && log.data !== "0x" && log.data !== "") return undefined;
  const collection = decodeAddress(log.address ?? "", "");
  const [, from, to, id] = topics as [string, string, string, string];
  if (collection?.length !== 20 || !/^0x[0-9a-fA-F]{64}$/.test(id)) return undefined;
  const tokenId = BigInt(id).toString();
  const owner = decodeAddress(to, "");
  const contract = "erc721";
  if (to.toLowerCase() === ZERO_TOPIC)
    return { kind: "burn", key: { collection, tokenId }, contract } as const;
  if (!owner) return undefined;
  if (from.toLowerCase() === ZERO_TOPIC)
    return { kind: "mint", collection, tokenId, owner, contract } as const;
  return { kind: "transfer", key: { collection, tokenId }, owner, contract } as const;
}

function moveChange(typeTag: string, data: string, prefix: string): NftChange | undefined {
  let d: Record<string, unknown>;
  try {
    d = JSON.parse(data) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const addr = (k: string) => (typeof d[k] === "string" ? decodeAddress(d[k] as string, prefix) : undefined);
  const str = (k: string) => (typeof d[k] === "string" ? (d[k] as string) : undefined);
  switch (typeTag) {
    case "0x1::collection::CreateCollectionEvent": {
      const collection = addr("collection");
      const creator = addr("creator");
      const name = str("name");
      return collection && creator && name !== undefined
        ? { kind: "collection", collection, creator, name }
        : undefined;
    }
    case "0x1::collection::MintEvent": {
      const collection = addr("collection");
      const tokenId = str("token_id");
      const object = addr("nft");
      return collection && tokenId !== undefined && object
        ? { kind: "mint", collection, tokenId, object }
        : undefined;
    }
    case "0x1::collection::BurnEvent": {
      const object = addr("nft");
      return object ? { kind: "burn", key: { object } } : undefined;
    }
    case "0x1::object::TransferEvent": {
      const object = addr("object");
      const owner = addr("to");
      return object && owner ? { kind: "transfer", key: { object }, owner } : undefined;
    }
    case "0x1::nft::MutationEvent": {
      const object = addr("nft");
      if (!object || str("mutated_field_name") !== "uri") return undefined;
      return { kind: "mutate", key: { object }, uri: str("new_value") ?? "" };
    }
    default:
      return undefined;
  }
}

/** `origin_name` from an ICS-721 packet's base64 classData `{name}`, for the class's local collection. */
function originName(packetData: string): { classId: string; name: string } | undefined {
  try {
    const packet = JSON.parse(packetData) as { classId?: string; classData?: string };
    if (!packet.classId || !packet.classData) return undefined;
    const data = JSON.parse(Buffer.from(packet.classData, "base64").toString("utf8")) as { name?: unknown };
    return typeof data.name === "string" ? { classId: packet.classId, name: data.name } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * @param prefix the chain's bech32 account prefix.
 * @returns the tx's NFT changes in event order; a successful tx only (callers skip failed ones).
 */
export function nftChanges(events: OutEvent[], prefix: string): NftChange[] {
  const changes: NftChange[] = [];
  const origins: { classId: string; name: string }[] = [];
  for (const event of events) {
    const a = attrs(event);
    let change: NftChange | undefined;
    if (event.type === "wasm") change = wasmChange(a, prefix);
    else if (event.type === "move") change = moveChange(a.get("type_tag") ?? "", a.get("data") ?? "", prefix);
    else if (event.type === "evm") {
      // One `evm` event may carry several `log` attributes, one per log.
      for (const attr of event.attributes) {
        if (attr.key !== "log") continue;
        try {
          const logChange = erc721Change(JSON.parse(attr.value ?? ""));
          if (logChange) changes.push(logChange);
        } catch {
          // Not JSON: not a log.
        }
      }
    } else if (event.type === "recv_packet" && a.get("packet_dst_port") !== undefined) {
      const origin = originName(a.get("packet_data") ?? "");
      if (origin) origins.push(origin);
    }
    if (change) changes.push(change);
  }
  // The packet names the class, not the local collection: a received class is minted into its
  // local (voucher) collection, so the collection of the tx's first mint is the one it names. A
  // redemption mints nothing and leaves the native collection's names alone.
  const mint = changes.find((c) => c.kind === "mint");
  for (const origin of origins)
    if (mint?.kind === "mint")
      changes.push({ kind: "origin_name", collection: mint.collection, originName: origin.name });
  return changes;
}
