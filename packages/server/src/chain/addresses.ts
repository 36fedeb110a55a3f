/**
 * Account, contract and object addresses as the reference accepts them: bech32 with the chain's
 * account prefix, or hex with or without `0x` in any case, where hex has its leading zeros trimmed
 * and is left-padded to 20 bytes (<= 40 hex digits) or 32 bytes (<= 64). Stored as raw bytes.
 */
import { bech32 } from "bech32";
import { badRequest } from "../api/errors.js";

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

/**
 * Parses an address parameter.
 * @throws ApiError 400 naming the parameter and the accepted forms.
 */
export function parseAddress(raw: string, prefix: string, parameter: string): Buffer {
  const bytes = decodeAddress(raw, prefix);
  if (!bytes) {
    const message = `invalid ${parameter}: expected a bech32 address (${prefix}1...) or 20- or 32-byte hex, with or without 0x`;
    throw badRequest(message, [{ field: parameter, description: "not a bech32 or hex address" }]);
  }
  return bytes;
}

export const toBech32 = (bytes: Uint8Array, prefix: string): string =>
  bech32.encode(prefix, bech32.toWords(bytes), BECH32_MAX_LENGTH);

export const toHexAddress = (bytes: Uint8Array): string => `0x${Buffer.from(bytes).toString("hex")}`;

/**
 * Parses a 32-byte tx hash given as 64 hex digits, with or without `0x`, in any case.
 * @throws ApiError 400 naming the parameter.
 */
export function parseTxHash(raw: string, parameter = "tx_hash"): Buffer {
  const digits = raw.trim().replace(/^0x/i, "");
  if (!/^[0-9a-fA-F]{64}$/.test(digits)) {
    throw badRequest(`invalid ${parameter}: expected 64 hex characters, with or without 0x`, [
      { field: parameter, description: "not a 32-byte hex hash" },
    ]);
  }
  return Buffer.from(digits, "hex");
}
