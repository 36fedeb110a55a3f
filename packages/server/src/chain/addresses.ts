/**
 * Account, contract and object addresses as the reference accepts them: bech32 with the chain's
 * account prefix, or hex with or without `0x` in any case, where hex has its leading zeros trimmed
 * and is left-padded to 20 bytes (<= 40 hex digits) or 32 bytes (<= 64). Stored as raw bytes.
 * A string that is not one answers undefined: what a bad value means (a 400 for a request parameter,
 * indexer/address-params.ts) is the caller's to say, so chain/ imports no server layer.
 */
import { bech32 } from "bech32";

/** bech32 strings of 32-byte addresses exceed the 90-character default of the BIP-173 limit check. */
const BECH32_MAX_LENGTH = 128;
const HEX = /^(0x|0X)?[0-9a-fA-F]+$/;

/** Decodes an address string to its 20- or 32-byte form, or undefined when it is neither form. */
export function decodeAddress(raw: string, prefix: string): Buffer | undefined {
  const value = raw.trim();
  if (value.toLowerCase().startsWith(`${prefix}1`)) {
    try {
      const decoded = bech32.decode(value, BECH32_MAX_LENGTH);
      const bytes = Buffer.from(bech32.fromWords(decoded.words));
      if (decoded.prefix === prefix && (bytes.length === 20 || bytes.length === 32)) return bytes;
    } catch {
      // Not valid bech32: fall through to hex, as the reference does (which then fails for it).
    }
  }
  if (!HEX.test(value)) return undefined;
  const digits = value.replace(/^0x/i, "").replace(/^0+/, "");
  if (digits.length > 64) return undefined;
  const width = digits.length <= 40 ? 40 : 64;
  return Buffer.from(digits.padStart(width, "0"), "hex");
}

export const toBech32 = (bytes: Uint8Array, prefix: string): string =>
  bech32.encode(prefix, bech32.toWords(bytes), BECH32_MAX_LENGTH);

export const toHexAddress = (bytes: Uint8Array): string => `0x${Buffer.from(bytes).toString("hex")}`;

/** Decodes a 32-byte tx hash given as 64 hex digits, with or without `0x`, in any case; undefined otherwise. */
export function decodeTxHash(raw: string): Buffer | undefined {
  const digits = raw.trim().replace(/^0x/i, "");
  return /^[0-9a-fA-F]{64}$/.test(digits) ? Buffer.from(digits, "hex") : undefined;
}
