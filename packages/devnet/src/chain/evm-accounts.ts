/**
 * EVM accounts of the devnet: real secp256k1 key pairs (so a node's ethsecp256k1 address rule,
 * keccak256 of the uncompressed key, gives the same address the receipts show), their bech32 form
 * for the Cosmos side, and the logs bloom filter of receipts and blocks.
 */
import { createECDH, createHash } from "node:crypto";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bech32 } from "bech32";

export interface EvmAccount {
  /** 0x + 40 lower-case hex. */
  address: string;
  bech32: string;
  /** Compressed public key (33 bytes), as the Cosmos tx's ethsecp256k1 PubKey carries it. */
  publicKey: Buffer;
}

export function evmAccounts(seed: number, count: number, prefix: string): EvmAccount[] {
  return Array.from({ length: count }, (_, i) => {
    const ecdh = createECDH("secp256k1");
    ecdh.setPrivateKey(createHash("sha256").update(`devnet-${seed}-evm-key-${i}`).digest());
    const uncompressed = ecdh.getPublicKey();
    const bytes = Buffer.from(keccak_256(uncompressed.subarray(1))).subarray(12);
    return {
      address: `0x${bytes.toString("hex")}`,
      bech32: bech32.encode(prefix, bech32.toWords(bytes)),
      publicKey: ecdh.getPublicKey(null, "compressed"),
    };
  });
}

/** The 2048-bit bloom of Ethereum receipts over log addresses and topics. */
export function logsBloom(logs: { address: string; topics: string[] }[]): string {
  const bloom = Buffer.alloc(256);
  const add = (hex: string) => {
    const h = keccak_256(Buffer.from(hex.replace(/^0x/, ""), "hex"));
    for (let i = 0; i < 6; i += 2) {
      const bit = (((h[i] ?? 0) << 8) | (h[i + 1] ?? 0)) & 2047;
      const byte = 255 - Math.floor(bit / 8);
      bloom[byte] = (bloom[byte] ?? 0) | (1 << (bit % 8));
    }
  };
  for (const log of logs) {
    add(log.address);
    for (const topic of log.topics) add(topic);
  }
  return `0x${bloom.toString("hex")}`;
}
