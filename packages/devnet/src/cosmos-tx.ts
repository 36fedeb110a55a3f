/**
 * One signed Cosmos tx with one message, in the three forms a node serves it: the TxRaw bytes
 * (base64, in /block), their SHA-256 hash, and the REST JSON (/cosmos/tx/v1beta1/txs/...). Keys are
 * secp256k1-shaped and signatures are deterministic hashes: the devnet never verifies either.
 */
import { createHash } from "node:crypto";
import { PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { AuthInfo, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import type { AbciEvent, RestTx } from "./payloads.js";

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest();

export interface CosmosTxInput {
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

export interface CosmosTx {
  raw: string;
  hash: string;
  rest: RestTx;
  /** The `tx` events every delivered tx carries (fee, then acc_seq). */
  txEvents: AbciEvent[];
}

export function cosmosTx(input: CosmosTxInput): CosmosTx {
  const { typeUrl, key, sequence, fee, gasLimit } = input;
  const bodyBytes = TxBody.encode(
    TxBody.fromPartial({ messages: [{ typeUrl, value: input.value }], memo: "" }),
  ).finish();
  const authInfoBytes = AuthInfo.encode(
    AuthInfo.fromPartial({
      signerInfos: [
        {
          publicKey: { typeUrl: "/cosmos.crypto.secp256k1.PubKey", value: PubKey.encode({ key }).finish() },
          modeInfo: { single: { mode: SignMode.SIGN_MODE_DIRECT } },
          sequence,
        },
      ],
      fee: { amount: [{ denom: "uinit", amount: fee }], gasLimit, payer: "", granter: "" },
    }),
  ).finish();
  const signature = Buffer.concat([sha256(`${input.label}-a`), sha256(`${input.label}-b`)]);
  const raw = TxRaw.encode({ bodyBytes, authInfoBytes, signatures: [signature] }).finish();
  return {
    raw: Buffer.from(raw).toString("base64"),
    hash: sha256(raw).toString("hex").toUpperCase(),
    rest: {
      body: {
        messages: [{ "@type": typeUrl, ...input.json }],
        memo: "",
        timeout_height: "0",
        unordered: false,
        timeout_timestamp: null,
        extension_options: [],
        non_critical_extension_options: [],
      },
      auth_info: {
        signer_infos: [
          {
            public_key: { "@type": "/cosmos.crypto.secp256k1.PubKey", key: key.toString("base64") },
            mode_info: { single: { mode: "SIGN_MODE_DIRECT" } },
            sequence: String(sequence),
          },
        ],
        fee: {
          amount: [{ denom: "uinit", amount: fee }],
          gas_limit: String(gasLimit),
          payer: "",
          granter: "",
        },
        tip: null,
      },
      signatures: [signature.toString("base64")],
    },
    txEvents: [
      {
        type: "tx",
        attributes: [
          { key: "fee", value: `${fee}uinit`, index: true },
          { key: "fee_payer", value: input.signer, index: true },
        ],
      },
      { type: "tx", attributes: [{ key: "acc_seq", value: `${input.signer}/${sequence}`, index: true }] },
    ],
  };
}

/** TxMsgData{msg_responses: [Any{type_url}]}: what a node reports as a successful tx's data. */
export function msgResponseData(typeUrl: string): string {
  const any = Buffer.concat([Buffer.from([0x0a, typeUrl.length]), Buffer.from(typeUrl)]);
  return Buffer.concat([Buffer.from([0x12, any.length]), any]).toString("base64");
}
