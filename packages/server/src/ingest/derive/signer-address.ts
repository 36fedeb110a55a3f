/**
 * The address of a tx's first signer, derived from its public key as the chain does:
 * secp256k1 -> RIPEMD160(SHA256(compressed key)); ethsecp256k1 -> last 20 bytes of
 * KECCAK256(uncompressed key without its 0x04 prefix).
 */
import { createHash, ECDH } from "node:crypto";
import { keccak_256 } from "@noble/hashes/sha3.js";

export function signerAddress(
  publicKey: { "@type"?: string; key?: string } | null | undefined,
): Buffer | undefined {
  if (!publicKey?.key) return undefined;
  const key = Buffer.from(publicKey.key, "base64");
  const type = publicKey["@type"] ?? "";
  if (type.endsWith("ethsecp256k1.PubKey")) {
    const uncompressed =
      key.length === 33 ? ECDH.convertKey(key, "secp256k1", undefined, undefined, "uncompressed") : key;
    return Buffer.from(keccak_256((uncompressed as Buffer).subarray(1))).subarray(12);
  }
  if (type.endsWith("secp256k1.PubKey")) {
    return createHash("ripemd160").update(createHash("sha256").update(key).digest()).digest();
  }
  // ed25519 and others: the first 20 bytes of SHA-256, as the SDK does for ed25519.
  if (type.endsWith("ed25519.PubKey")) return createHash("sha256").update(key).digest().subarray(0, 20);
  return undefined;
}
