/**
 * Signs Cosmos txs as Initia's wallet does, for messages that never pass through `minitiad`: the
 * router's amino JSON converted by `@initia/amino-converter`, signed SIGN_MODE_DIRECT by a key from
 * the node's keyring. The real chains decide how: minievm and minimove accounts alike hold an
 * `initia.crypto.v1beta1.ethsecp256k1.PubKey` (their keyrings say so) whose address is the EVM one
 * (keccak of the public key), and that key verifies a secp256k1 signature over keccak256 of the sign
 * bytes. cosmjs's DirectSecp256k1Wallet (sha256, `cosmos.crypto.secp256k1.PubKey`, ripemd160
 * address) would name another account and fail verification, so the SignDoc is built here.
 */
import { registry } from "@initia/amino-converter";
import { PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { AuthInfo, SignDoc, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { type Hex, hexToBytes, keccak256 } from "viem";
import { privateKeyToAccount, sign } from "viem/accounts";
import { hexToBech32 } from "../node/node-home.js";

/** The public key type both rollups give their accounts. */
export const ETH_SECP256K1_PUBKEY = "/initia.crypto.v1beta1.ethsecp256k1.PubKey";

/** A proto message as cosmjs's registry encodes it (`AminoTypes.fromAmino`'s result). */
export interface EncodeObject {
  typeUrl: string;
  value: unknown;
}

export interface SignOptions {
  chainId: string;
  accountNumber: bigint;
  sequence: bigint;
  messages: readonly EncodeObject[];
  gasLimit: bigint;
  /** Fee coins; the tier's nodes take zero gas prices. @default [] */
  fee?: { denom: string; amount: string }[];
  /** @default "" */
  memo?: string;
}

export interface InitiaSigner {
  /** bech32 account address (the same 20 bytes as the key's EVM address). */
  address: string;
  /** TxRaw bytes, ready for `/cosmos/tx/v1beta1/txs` or `/simulate`. */
  sign(options: SignOptions): Promise<Uint8Array>;
}

/** The 33-byte compressed form of an uncompressed (0x04 || x || y) secp256k1 public key. */
function compress(uncompressed: Hex): Uint8Array {
  const bytes = hexToBytes(uncompressed);
  if (bytes.length !== 65 || bytes[0] !== 4) throw new Error("expected an uncompressed public key");
  const y = bytes[64] ?? 0;
  return Uint8Array.from([y % 2 === 0 ? 2 : 3, ...bytes.slice(1, 33)]);
}

/**
 * @param privateKey 32-byte secp256k1 key (node/exported-key.ts)
 * @param prefix bech32 account prefix. @default "init"
 */
export function createInitiaSigner(privateKey: Hex, prefix = "init"): InitiaSigner {
  const account = privateKeyToAccount(privateKey);
  // ethsecp256k1's PubKey has the same proto shape as cosmos secp256k1's ({bytes key = 1}).
  const publicKey = {
    typeUrl: ETH_SECP256K1_PUBKEY,
    value: PubKey.encode({ key: compress(account.publicKey) }).finish(),
  };
  return {
    address: hexToBech32(prefix, account.address),
    async sign(options) {
      const bodyBytes = registry.encodeTxBody({
        messages: [...options.messages] as { typeUrl: string; value: never }[],
        memo: options.memo ?? "",
      });
      const authInfoBytes = AuthInfo.encode(
        AuthInfo.fromPartial({
          signerInfos: [
            {
              publicKey,
              modeInfo: { single: { mode: SignMode.SIGN_MODE_DIRECT } },
              sequence: options.sequence,
            },
          ],
          fee: { amount: options.fee ?? [], gasLimit: options.gasLimit },
        }),
      ).finish();
      const signBytes = SignDoc.encode({
        bodyBytes,
        authInfoBytes,
        chainId: options.chainId,
        accountNumber: options.accountNumber,
      }).finish();
      // viem signs low-S (go-ethereum's VerifySignature, which the chain uses, refuses a high S); the
      // chain takes the 64 bytes R || S.
      const { r, s } = await sign({ hash: keccak256(signBytes), privateKey });
      const signature = Uint8Array.from([...hexToBytes(r, { size: 32 }), ...hexToBytes(s, { size: 32 })]);
      return TxRaw.encode({ bodyBytes, authInfoBytes, signatures: [signature] }).finish();
    },
  };
}
