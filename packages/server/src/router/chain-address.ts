/**
 * Addresses as each kind of chain takes them: bech32 with the chain's prefix on Cosmos chains, 0x hex
 * on EVM chains, either on minievm rollups (one account, two spellings). A rollup's cosmos messages
 * need the bech32 form and its EVM calls the hex form, so both are returned.
 */
import { bech32 } from "bech32";
import type { RegistryChain } from "./registry/registry-file.js";

const BECH32_MAX_LENGTH = 128;
const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export interface ChainAddress {
  bytes: Uint8Array;
  /** bech32 with the chain's prefix ("" on EVM chains). */
  bech32: string;
  /** 0x hex of the bytes. */
  hex: `0x${string}`;
}

/** The address, or a sentence saying what the chain expects. */
export function parseChainAddress(chain: RegistryChain, raw: string): ChainAddress | string {
  const value = raw.trim();
  const acceptsHex = chain.chain_type === "evm" || chain.chain_type === "minievm";
  if (acceptsHex && HEX_ADDRESS.test(value)) {
    const bytes = Buffer.from(value.slice(2), "hex");
    return {
      bytes,
      bech32: chain.bech32_prefix ? encode(chain.bech32_prefix, bytes) : "",
      hex: value.toLowerCase() as `0x${string}`,
    };
  }
  const expected =
    chain.chain_type === "evm"
      ? "a 0x-prefixed 20-byte hex address"
      : `a bech32 address with prefix ${chain.bech32_prefix}${acceptsHex ? " or a 0x-prefixed 20-byte hex address" : ""}`;
  if (chain.chain_type === "evm") return `expected ${expected}`;
  try {
    const decoded = bech32.decode(value, BECH32_MAX_LENGTH);
    const bytes = Uint8Array.from(bech32.fromWords(decoded.words));
    if (decoded.prefix !== chain.bech32_prefix) return `expected ${expected}, got prefix ${decoded.prefix}`;
    if (bytes.length !== 20 && bytes.length !== 32) return `expected ${expected} of 20 or 32 bytes`;
    return { bytes, bech32: value.toLowerCase(), hex: `0x${Buffer.from(bytes).toString("hex")}` };
  } catch {
    return `expected ${expected}`;
  }
}

const encode = (prefix: string, bytes: Uint8Array) =>
  bech32.encode(prefix, bech32.toWords(bytes), BECH32_MAX_LENGTH);

/** bech32 of raw address bytes (contracts of 32 bytes included) with a chain's prefix. */
export const bech32Of = encode;
