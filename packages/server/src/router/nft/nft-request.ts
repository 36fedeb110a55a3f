/**
 * `POST /nft`'s body read against the registry: the chains, both addresses in their chain's form,
 * the tokens, and what the source VM needs to name them (Move objects, an ERC-721 or cw721
 * contract, an ICS-721 class). Each problem is a 400 naming its field, because the wallet builds
 * these from the indexer and a node and a wrong one means a bug worth seeing, not a failed tx.
 */
import { badRequest } from "../../api/errors.js";
import type { OperationInput } from "../../api/operation.js";
import { bech32Of, type ChainAddress, parseChainAddress } from "../chain-address.js";
import type { Registry } from "../registry/registry.js";
import type { RegistryChain } from "../registry/registry-file.js";
import { ibcClassId } from "./ics721-class.js";
import { type NftVm, nftVmOf } from "./nft-path.js";

export type NftBody = OperationInput<"getNftMsgs">["body"];

export interface NftSend {
  source: RegistryChain;
  destination: RegistryChain;
  vm: NftVm;
  from: ChainAddress;
  to: ChainAddress;
  tokenIds: string[];
  body: NftBody;
  /** The request's `timeout`: how long each IBC packet may take. */
  timeoutSeconds: bigint;
  /** Nanoseconds since the epoch when the first IBC packet times out. */
  timeoutNs: bigint;
}

const fail = (field: string, message: string) =>
  badRequest(`invalid ${field}: ${message}`, [{ field: `body.${field}`, description: message }]);

function chainOf(registry: Registry, field: string, chainId: string): RegistryChain {
  const chain = registry.chain(chainId);
  if (!chain) throw fail(field, `unknown chain ${chainId}; GET /v2/info/chains lists the router's chains`);
  return chain;
}

function addressOn(chain: RegistryChain, field: string, raw: string): ChainAddress {
  const parsed = parseChainAddress(chain, raw);
  if (typeof parsed === "string") throw fail(field, `not an address of ${chain.chain_id}: ${parsed}`);
  return parsed;
}

export function readNftSend(registry: Registry, body: NftBody, nowMs: number): NftSend {
  const source = chainOf(registry, "from_chain_id", body.from_chain_id);
  const destination = chainOf(registry, "to_chain_id", body.to_chain_id);
  const vm = nftVmOf(source);
  if (!vm) {
    throw fail(
      "from_chain_id",
      `${source.chain_id} is a ${source.chain_type} chain; NFTs are sent from Initia's Move, minievm and miniwasm chains`,
    );
  }
  const from = addressOn(source, "from_address", body.from_address);
  const to = addressOn(destination, "to_address", body.to_address);
  const timeoutSeconds = BigInt(body.timeout ?? 1800);
  return {
    source,
    destination,
    vm,
    from,
    to,
    tokenIds: body.token_ids,
    body,
    timeoutSeconds,
    timeoutNs: (BigInt(nowMs) / 1000n + timeoutSeconds) * 1_000_000_000n,
  };
}

/** The Move objects of a same-chain Move send, one per token id, as 32-byte addresses. */
export function objectsOf(send: NftSend): Buffer[] {
  const objects = send.body.object_addresses ?? [];
  if (objects.length !== send.tokenIds.length) {
    throw fail(
      "object_addresses",
      `a send on Move chain ${send.source.chain_id} names each token by its object: expected ${send.tokenIds.length} object address(es), one per token id, got ${objects.length}`,
    );
  }
  return objects.map((raw, i) => {
    const hex = /^0x([0-9a-fA-F]{1,64})$/.exec(raw.trim())?.[1];
    if (hex) return Buffer.from(hex.padStart(64, "0"), "hex");
    const parsed = parseChainAddress(send.source, raw);
    if (typeof parsed !== "string" && parsed.bytes.length === 32) return Buffer.from(parsed.bytes);
    throw fail(`object_addresses.${i}`, "expected a Move object address (0x and up to 64 hex digits)");
  });
}

/**
 * The collection contract of a minievm or miniwasm send. The indexer lists every collection as 0x
 * hex (`collection_addr`), cw721 contracts included, and the wallet passes it on as it is; a cw721
 * is executed under its bech32 name.
 */
export function collectionOf(send: NftSend): ChainAddress {
  const raw = send.body.collection_address.trim();
  const hex = /^0x([0-9a-fA-F]{40}|[0-9a-fA-F]{64})$/.exec(raw)?.[1];
  if (hex && (send.vm === "wasm" || hex.length === 40)) {
    const bytes = Buffer.from(hex, "hex");
    return { bytes, bech32: bech32Of(send.source.bech32_prefix, bytes), hex: `0x${hex.toLowerCase()}` };
  }
  const parsed = parseChainAddress(send.source, raw);
  if (typeof parsed === "string") {
    const what = send.vm === "evm" ? "ERC-721 contract" : "cw721 contract";
    throw fail("collection_address", `expected the ${what} on ${send.source.chain_id}: ${parsed}`);
  }
  return parsed;
}

const MAX_UINT256 = (1n << 256n) - 1n;

/** ERC-721 token ids of a same-chain minievm send: uint256 in decimal, as the indexer lists them. */
export function uint256Ids(send: NftSend): bigint[] {
  return send.tokenIds.map((id, i) => {
    const value = /^[0-9]{1,78}$/.test(id) ? BigInt(id) : undefined;
    if (value === undefined || value > MAX_UINT256)
      throw fail(`token_ids.${i}`, `an ERC-721 token id is a uint256 in decimal, got ${JSON.stringify(id)}`);
    return value;
  });
}

const CLASS_FORMS: Record<"move" | "evm", RegExp> = {
  move: /^(move\/[0-9a-fA-F]{64}|ibc\/[0-9A-Fa-f]{64})$/,
  evm: /^(evm\/[0-9a-fA-F]{40}|ibc\/[0-9A-Fa-f]{64})$/,
};

/**
 * The class a Move or minievm chain sends, as the packet carries it: the native class id, or the
 * full trace of an `ibc/` class (its `class_trace`, checked against the hash).
 */
export function sentClassOf(send: NftSend, vm: "move" | "evm"): { classId: string; fullPath?: string } {
  const classId = send.body.class_id;
  if (classId === undefined || classId === "") {
    throw fail(
      "class_id",
      `required to send from ${send.source.chain_id} to another chain: the collection's ICS-721 class (${vm}/<address>, or ibc/<hash> for one that arrived over IBC)`,
    );
  }
  if (!CLASS_FORMS[vm].test(classId)) {
    throw fail(
      "class_id",
      `expected ${vm === "move" ? "move/<64 hex digits>" : "evm/<40 hex digits>"} or ibc/<64 hex digits>, got ${JSON.stringify(classId)}`,
    );
  }
  const trace = send.body.class_trace;
  if (!classId.startsWith("ibc/")) {
    if (trace) throw fail("class_trace", `a native class (${classId}) has no trace: omit class_trace`);
    return { classId };
  }
  if (!trace) return { classId };
  const fullPath = `${trace.path}/${trace.base_class_id}`;
  if (ibcClassId(fullPath).toLowerCase() !== classId.toLowerCase()) {
    throw fail("class_trace", `${fullPath} hashes to ${ibcClassId(fullPath)}, not ${classId}`);
  }
  return { classId, fullPath };
}
