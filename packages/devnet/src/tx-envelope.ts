/**
 * The one place a Cosmos tx envelope is built: TxBody (messages, memo), AuthInfo (one signer and a
 * fee, or nothing for the interchain's system txs), TxRaw with its signatures, the SHA-256 hash a
 * node reports, and the REST JSON (/cosmos/tx/v1beta1/txs/...) of the same tx. The seeded chain's
 * txs, the interchain's system txs and the test wallets' signed txs all go through it, so their
 * bytes agree on one encoding.
 */
import { createHash } from "node:crypto";
import type { Coin } from "cosmjs-types/cosmos/base/v1beta1/coin";
import { PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { type SignMode, signModeToJSON } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { AuthInfo, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import type { Any } from "cosmjs-types/google/protobuf/any";
import type { RestTx } from "./payloads.js";

export interface TxSignerInput {
  /** The public key's Any type URL (`/cosmos.crypto.secp256k1.PubKey`, minievm's ethsecp256k1). */
  pubkeyType: string;
  /** Compressed public key bytes. */
  key: Uint8Array;
  mode: SignMode;
  sequence: bigint;
}

export interface TxEnvelopeInput {
  messages: Any[];
  memo?: string;
  /** The one signer and the fee; absent for a system tx (relayer, executor): empty auth info. */
  auth?: { signer: TxSignerInput; fee: Coin[]; gasLimit: bigint };
}

/** What a signature covers: the body and auth info bytes (SIGN_MODE_DIRECT's SignDoc holds both). */
export interface UnsignedTx {
  bodyBytes: Uint8Array;
  authInfoBytes: Uint8Array;
}

export interface SignedTx {
  /** TxRaw bytes. */
  bytes: Uint8Array;
  /** TxRaw as base64, as /block lists it. */
  base64: string;
  /** SHA-256 of the TxRaw bytes, upper-case hex, as a node names the tx. */
  hash: string;
}

/** The gas limit a system tx's REST JSON shows (its auth info is empty). */
const SYSTEM_GAS_LIMIT = 200_000n;

/** SHA-256 of TxRaw bytes, upper-case hex: a tx's hash. */
export const txHash = (bytes: Uint8Array): string =>
  createHash("sha256").update(bytes).digest("hex").toUpperCase();

export function unsignedTx(input: TxEnvelopeInput): UnsignedTx {
  const bodyBytes = TxBody.encode(
    TxBody.fromPartial({ messages: input.messages, memo: input.memo ?? "" }),
  ).finish();
  const { auth } = input;
  if (!auth) return { bodyBytes, authInfoBytes: new Uint8Array() };
  const authInfoBytes = AuthInfo.encode(
    AuthInfo.fromPartial({
      signerInfos: [
        {
          publicKey: {
            typeUrl: auth.signer.pubkeyType,
            value: PubKey.encode({ key: auth.signer.key }).finish(),
          },
          modeInfo: { single: { mode: auth.signer.mode } },
          sequence: auth.signer.sequence,
        },
      ],
      fee: { amount: auth.fee, gasLimit: auth.gasLimit, payer: "", granter: "" },
    }),
  ).finish();
  return { bodyBytes, authInfoBytes };
}

export function signedTx(unsigned: UnsignedTx, signatures: Uint8Array[]): SignedTx {
  const bytes = TxRaw.encode({ ...unsigned, signatures }).finish();
  return { bytes, base64: Buffer.from(bytes).toString("base64"), hash: txHash(bytes) };
}

/**
 * The REST JSON of a tx built from `input`: `messages` are the messages as REST prints them
 * (`@type` first, then the fields in proto order).
 */
export function restTxOf(
  input: Omit<TxEnvelopeInput, "messages"> & { messages: RestTx["body"]["messages"] },
  signatures: Uint8Array[],
): RestTx {
  const { auth } = input;
  return {
    body: {
      messages: input.messages,
      memo: input.memo ?? "",
      timeout_height: "0",
      unordered: false,
      timeout_timestamp: null,
      extension_options: [],
      non_critical_extension_options: [],
    },
    auth_info: {
      signer_infos: auth
        ? [
            {
              public_key: {
                "@type": auth.signer.pubkeyType,
                key: Buffer.from(auth.signer.key).toString("base64"),
              },
              mode_info: { single: { mode: signModeToJSON(auth.signer.mode) } },
              sequence: String(auth.signer.sequence),
            },
          ]
        : [],
      fee: {
        amount: auth?.fee ?? [],
        gas_limit: String(auth?.gasLimit ?? SYSTEM_GAS_LIMIT),
        payer: "",
        granter: "",
      },
      tip: null,
    },
    signatures: signatures.map((s) => Buffer.from(s).toString("base64")),
  };
}
