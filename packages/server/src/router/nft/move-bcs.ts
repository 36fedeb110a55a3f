/**
 * The BCS encodings of the Move values NFT sends pass as `MsgExecute` arguments (amino carries each
 * argument as base64 of its BCS bytes), and Move's object address derivation, which names the L1
 * collection a class becomes when it arrives over IBC.
 */
import { createHash } from "node:crypto";

/** Unsigned LEB128: BCS's length prefix of strings and vectors. */
function uleb128(n: number): Buffer {
  const out: number[] = [];
  let v = n;
  do {
    let byte = v & 0x7f;
    v >>>= 7;
    if (v) byte |= 0x80;
    out.push(byte);
  } while (v);
  return Buffer.from(out);
}

/** A Move `address`: 32 bytes, shorter account addresses (20 bytes) left-padded with zeros. */
export function bcsAddress(bytes: Uint8Array): Buffer {
  if (bytes.length > 32) throw new Error(`a Move address has at most 32 bytes, got ${bytes.length}`);
  return Buffer.concat([Buffer.alloc(32 - bytes.length), bytes]);
}

export const bcsString = (s: string): Buffer =>
  Buffer.concat([uleb128(Buffer.byteLength(s)), Buffer.from(s, "utf8")]);

export const bcsStrings = (items: string[]): Buffer =>
  Buffer.concat([uleb128(items.length), ...items.map(bcsString)]);

export function bcsU64(n: bigint): Buffer {
  const out = Buffer.alloc(8);
  out.writeBigUInt64LE(n);
  return out;
}

/** Move's `object::create_object_address(source, seed)`: sha3-256(source ‖ seed ‖ 0xFE). */
export function createObjectAddress(source: Uint8Array, seed: string): Buffer {
  return createHash("sha3-256")
    .update(Buffer.concat([bcsAddress(source), Buffer.from(seed, "utf8"), Buffer.from([0xfe])]))
    .digest();
}

/** 0x1, the address of Initia's standard library. */
export const STD_ADDRESS = bcsAddress(Buffer.from([1]));
