/**
 * Address and tx-hash path and query parameters: chain/addresses.ts decodes them (undefined when a
 * value is neither form) and a value it refuses becomes the 400 naming the parameter here, where
 * the handlers answer requests.
 */
import { badRequest } from "../api/errors.js";
import { decodeAddress, decodeTxHash } from "../chain/addresses.js";

/**
 * Parses an address parameter: bech32 with the chain's `prefix`, or 20- or 32-byte hex.
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

/**
 * Parses a 32-byte tx hash parameter given as 64 hex digits, with or without `0x`, in any case.
 * @default parameter "tx_hash"
 * @throws ApiError 400 naming the parameter.
 */
export function parseTxHash(raw: string, parameter = "tx_hash"): Buffer {
  const hash = decodeTxHash(raw);
  if (!hash) {
    throw badRequest(`invalid ${parameter}: expected 64 hex characters, with or without 0x`, [
      { field: parameter, description: "not a 32-byte hex hash" },
    ]);
  }
  return hash;
}
