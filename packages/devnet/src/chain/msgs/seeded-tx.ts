/**
 * One seeded Cosmos tx with one message, in the three forms a node serves it: the TxRaw bytes
 * (base64, in /block), their SHA-256 hash, and the REST JSON (/cosmos/tx/v1beta1/txs/...), all
 * built by src/tx-envelope.ts. Keys are secp256k1-shaped and signatures are deterministic hashes
 * of a label: the seeded chain never verifies either.
 */
import { createHash } from "node:crypto";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import type { AbciEvent, RestTx } from "../../payloads.js";
import { restTxOf, signedTx, type TxEnvelopeInput, unsignedTx } from "../../tx-envelope.js";
import { feeTxEvents } from "./tx-result.js";

const sha256 = (data: string) => createHash("sha256").update(data).digest();

export interface SeededTxInput {
  typeUrl: string;
  /** The message's protobuf bytes. */
  value: Uint8Array;
  /** The message as REST JSON, without `@type`, in proto field order. */
  json: Record<string, unknown>;
  key: Buffer;
  signer: string;
  sequence: bigint;
  fee: string;
  gasLimit: bigint;
  /** Makes the signature unique and deterministic. */
  label: string;
}

export interface SeededTx {
  raw: string;
  hash: string;
  rest: RestTx;
  /** The `tx` events every delivered tx carries (fee, then acc_seq). */
  txEvents: AbciEvent[];
}

export function seededTx(input: SeededTxInput): SeededTx {
  const { typeUrl, key, sequence, fee, gasLimit } = input;
  const auth: TxEnvelopeInput["auth"] = {
    signer: { pubkeyType: "/cosmos.crypto.secp256k1.PubKey", key, mode: SignMode.SIGN_MODE_DIRECT, sequence },
    fee: [{ denom: "uinit", amount: fee }],
    gasLimit,
  };
  const signature = Buffer.concat([sha256(`${input.label}-a`), sha256(`${input.label}-b`)]);
  const tx = signedTx(unsignedTx({ messages: [{ typeUrl, value: input.value }], auth }), [signature]);
  return {
    raw: tx.base64,
    hash: tx.hash,
    rest: restTxOf({ messages: [{ "@type": typeUrl, ...input.json }], auth }, [signature]),
    txEvents: feeTxEvents(`${fee}uinit`, input.signer, sequence),
  };
}
