/**
 * The addresses a real chain gives the NFT objects the live chains create, derived as the chains
 * derive them, so a collection's address is known before its creating tx runs (the genesis NFTs,
 * nft-genesis.ts) and looks like a real one:
 * - Move (0x1::object): a named object is sha3-256(creator ‖ seed ‖ 0xFE); a collection's seed is its
 *   name, an NFT's `<collection name>::<token id>` (0x1::collection, 0x1::nft);
 * - CosmWasm (wasmd's classic address): sha256(sha256("module") ‖ "wasm" ‖ 0 ‖ code id ‖ instance id),
 *   both ids big-endian u64, 32 bytes;
 * - EVM: CREATE's keccak(rlp(sender, nonce)).
 */
import { createHash } from "node:crypto";
import { sha3_256 } from "@noble/hashes/sha3.js";
import { bech32 } from "bech32";
import { getContractAddress } from "viem";

const OBJECT_FROM_SEED_ADDRESS_SCHEME = 0xfe;

/** A Move address as the VM prints it in events and view results: 0x, no leading zeros. */
export const moveLiteral = (hex: string): string =>
  `0x${hex
    .replace(/^0x/i, "")
    .toLowerCase()
    .replace(/^0+(?=.)/, "")}`;

/** A Move address as 0x + 64 lower-case hex: the form the live state keys objects by. */
export const moveAddress = (hex: string): string =>
  `0x${hex.replace(/^0x/i, "").toLowerCase().padStart(64, "0")}`;

/** The bytes of a bech32 account or contract (20 or 32 bytes). */
export const bech32Bytes = (address: string): Buffer =>
  Buffer.from(bech32.fromWords(bech32.decode(address, 128).words));

/** 0x1::object::create_object_address(creator, seed): 0x + 64 hex. */
export function namedObjectAddress(creator: string, seed: string): string {
  const bytes = Buffer.concat([
    Buffer.from(moveAddress(creator).slice(2), "hex"),
    Buffer.from(seed, "utf8"),
    Buffer.from([OBJECT_FROM_SEED_ADDRESS_SCHEME]),
  ]);
  return `0x${Buffer.from(sha3_256(bytes)).toString("hex")}`;
}

/** The Move collection object `creator` (hex) makes by `initia_nft::create_collection(name)`. */
export const moveCollectionAddress = (creator: string, name: string) => namedObjectAddress(creator, name);

/** The Move NFT object `creator` (hex) mints as `tokenId` of collection `name`. */
export const moveNftAddress = (creator: string, name: string, tokenId: string) =>
  namedObjectAddress(creator, `${name}::${tokenId}`);

const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest();

/** wasmd's BuildContractAddressClassic: 0x + 64 hex. */
export function wasmContractAddress(codeId: bigint, instanceId: bigint): string {
  const key = Buffer.alloc(16);
  key.writeBigUInt64BE(codeId, 0);
  key.writeBigUInt64BE(instanceId, 8);
  const derivation = Buffer.concat([Buffer.from("wasm"), Buffer.from([0]), key]);
  return `0x${sha256(Buffer.concat([sha256(Buffer.from("module")), derivation])).toString("hex")}`;
}

/** The contract `deployer` (0x hex) creates with its `nonce`-th CREATE: 0x + 40 lower-case hex. */
export const evmContractAddress = (deployer: string, nonce: number): string =>
  getContractAddress({ from: deployer as `0x${string}`, nonce: BigInt(nonce) }).toLowerCase();

/**
 * The bech32 account of a Move address: 20 bytes when it fits (a user account, which the VM prints
 * in 40 digits or fewer), else 32 (an object).
 */
export function accountOfMove(hex: string, prefix: string): string {
  const digits = hex.replace(/^0x/i, "").toLowerCase().replace(/^0+/, "");
  const bytes = Buffer.from(digits.padStart(digits.length <= 40 ? 40 : 64, "0"), "hex");
  return bech32.encode(prefix, bech32.toWords(bytes), 128);
}

/** The 0x hex of a bech32 address's bytes (40 digits for an account, 64 for a contract or object). */
export const hexOfBech32 = (address: string): string => `0x${bech32Bytes(address).toString("hex")}`;
