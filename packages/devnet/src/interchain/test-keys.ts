/**
 * Test accounts that really sign: secp256k1 keys derived from a name, Cosmos addresses
 * (ripemd160(sha256(pubkey))) and SIGN_MODE_DIRECT signatures the devnet verifies, so a test can
 * sign the router's messages and broadcast them like a wallet.
 */
import { createHash } from "node:crypto";
import { Secp256k1, Sha256 } from "@cosmjs/crypto";
import { bech32 } from "bech32";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { SignDoc } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import type { Any } from "cosmjs-types/google/protobuf/any";
import { signedTx, unsignedTx } from "../tx-envelope.js";

export interface TestKey {
  privateKey: Uint8Array;
  /** Compressed public key. */
  publicKey: Uint8Array;
  /** 20-byte account address. */
  address: Uint8Array;
  bech32(prefix: string): string;
  hex: string;
}

export const PUBKEY_TYPE = "/cosmos.crypto.secp256k1.PubKey";

const sha256 = (b: Uint8Array | string) => createHash("sha256").update(b).digest();

/** The address of a compressed secp256k1 public key, Cosmos style. */
export const addressOfPubkey = (pubkey: Uint8Array): Uint8Array =>
  createHash("ripemd160").update(sha256(pubkey)).digest();

export async function createTestKey(name: string): Promise<TestKey> {
  const privateKey = sha256(`weft-test-key-${name}`);
  const { pubkey } = await Secp256k1.makeKeypair(privateKey);
  const publicKey = Secp256k1.compressPubkey(pubkey);
  const address = addressOfPubkey(publicKey);
  return {
    privateKey,
    publicKey,
    address,
    bech32: (prefix) => bech32.encode(prefix, bech32.toWords(address)),
    hex: `0x${Buffer.from(address).toString("hex")}`,
  };
}

/** Signs messages as one tx (SIGN_MODE_DIRECT) and returns the TxRaw bytes to broadcast. */
export async function signTx(options: {
  key: TestKey;
  chainId: string;
  accountNumber: bigint;
  sequence: bigint;
  messages: Any[];
  memo?: string;
  fee?: { denom: string; amount: string }[];
  gasLimit?: bigint;
}): Promise<Uint8Array> {
  const { bodyBytes, authInfoBytes } = unsignedTx({
    messages: options.messages,
    memo: options.memo ?? "",
    auth: {
      signer: {
        pubkeyType: PUBKEY_TYPE,
        key: options.key.publicKey,
        mode: SignMode.SIGN_MODE_DIRECT,
        sequence: options.sequence,
      },
      fee: options.fee ?? [],
      gasLimit: options.gasLimit ?? 200_000n,
    },
  });
  const signDoc = SignDoc.encode({
    bodyBytes,
    authInfoBytes,
    chainId: options.chainId,
    accountNumber: options.accountNumber,
  }).finish();
  const signature = await Secp256k1.createSignature(new Sha256(signDoc).digest(), options.key.privateKey);
  return signedTx({ bodyBytes, authInfoBytes }, [signature.toFixedLength().slice(0, 64)]).bytes;
}
