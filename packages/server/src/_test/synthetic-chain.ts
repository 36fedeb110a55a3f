/**
 * Deterministic node payloads for tests: N blocks of bank sends between a few accounts, shaped like
 * CometBFT 0.38 and Cosmos REST (tx bytes are random but fixed per seed, so hashes are stable).
 */
import { createHash } from "node:crypto";
import { toBech32 } from "../chain/addresses.js";
import type { BlockPayload, RestTx } from "../ingest/derive/node-payloads.js";

export const SYNTHETIC_CHAIN_ID = "weft-test-1";
const GENESIS_MS = Date.parse("2026-01-01T00:00:00Z");

const bytes = (seed: string, n = 32) => createHash("sha256").update(seed).digest().subarray(0, n);

/** Compressed secp256k1-shaped public key of account i (only hashed, never verified). */
const publicKey = (i: number) => Buffer.concat([Buffer.from([2]), bytes(`pk-${i}`)]);

/** The accounts of the synthetic chain, as bech32 `init1...`, each the address of its key. */
export const syntheticAccounts = (count = 5): string[] =>
  Array.from({ length: count }, (_, i) =>
    toBech32(
      createHash("ripemd160")
        .update(createHash("sha256").update(publicKey(i)).digest())
        .digest(),
      "init",
    ),
  );

export interface SyntheticOptions {
  blocks: number;
  /** Txs in block h are `txsPerBlock(h)`. @default h % 4 (some empty blocks) */
  txsPerBlock?: (height: number) => number;
}

export function syntheticPayload(height: number, options: SyntheticOptions): BlockPayload {
  const accounts = syntheticAccounts();
  const count = (options.txsPerBlock ?? ((h) => h % 4))(height);
  const time = new Date(GENESIS_MS + height * 1_500 + (height % 7) * 13)
    .toISOString()
    .replace("Z", "123456Z");
  const txs: RestTx[] = [];
  const raw: string[] = [];
  const results = [];
  for (let i = 0; i < count; i++) {
    const fromIndex = (height + i) % accounts.length;
    const from = accounts[fromIndex] ?? "";
    const to = accounts[(height + i + 1) % accounts.length] ?? "";
    const isDelegate = (height + i) % 5 === 0;
    const message = isDelegate
      ? {
          "@type": "/cosmos.staking.v1beta1.MsgDelegate",
          delegator_address: from,
          validator_address: "initvaloper1x",
          amount: { denom: "uinit", amount: "5" },
        }
      : {
          "@type": "/cosmos.bank.v1beta1.MsgSend",
          from_address: from,
          to_address: to,
          amount: [{ denom: "uinit", amount: String(height * 10 + i) }],
        };
    txs.push({
      body: {
        messages: [message],
        memo: "",
        timeout_height: "0",
        extension_options: [],
        non_critical_extension_options: [],
      },
      auth_info: {
        signer_infos: [
          {
            public_key: {
              "@type": "/cosmos.crypto.secp256k1.PubKey",
              key: publicKey(fromIndex).toString("base64"),
            },
            mode_info: { single: { mode: "SIGN_MODE_DIRECT" } },
            sequence: String(height),
          },
        ],
        fee: { amount: [{ denom: "uinit", amount: "100" }], gas_limit: "200000", payer: "", granter: "" },
      },
      signatures: [bytes(`sig-${height}-${i}`, 64).toString("base64")],
    });
    raw.push(bytes(`tx-${height}-${i}`, 120).toString("base64"));
    const failed = (height + i) % 11 === 0;
    results.push({
      code: failed ? 5 : 0,
      codespace: failed ? "sdk" : "",
      data: "",
      log: failed ? "insufficient funds" : "",
      info: "",
      gas_wanted: "200000",
      gas_used: String(50_000 + i),
      events: [
        {
          type: "tx",
          attributes: [
            { key: "fee", value: "100uinit", index: true },
            { key: "fee_payer", value: from, index: true },
          ],
        },
        {
          type: "message",
          attributes: [
            { key: "action", value: message["@type"], index: true },
            { key: "sender", value: from, index: true },
            { key: "msg_index", value: "0", index: true },
          ],
        },
        {
          type: "transfer",
          attributes: [
            { key: "recipient", value: to, index: true },
            { key: "sender", value: from, index: true },
            { key: "amount", value: "10uinit", index: true },
          ],
        },
      ],
    });
  }
  return {
    block: {
      block_id: { hash: bytes(`block-${height}`).toString("hex").toUpperCase() },
      block: {
        header: {
          chain_id: SYNTHETIC_CHAIN_ID,
          height: String(height),
          time,
          proposer_address: bytes("proposer", 20).toString("hex").toUpperCase(),
        },
        data: { txs: raw },
      },
    },
    results: { height: String(height), txs_results: count === 0 ? null : results },
    txs,
  };
}
