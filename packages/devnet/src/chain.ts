/**
 * A deterministic chain: every block is a pure function of (seed, height), so the same seed gives a
 * byte-identical chain, any block can be served without keeping history in memory, and the ground
 * truth of any height is recomputable. Txs are real protobuf TxRaw bytes (bank sends and delegations
 * between a few accounts, some failing), so their hashes are what a node would report.
 */
import { createHash } from "node:crypto";
import { bech32 } from "bech32";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { MsgDelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { AuthInfo, TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import type { BlockPayload, RestTx, TxResult } from "./payloads.js";

export interface ChainOptions {
  /** Same seed, same chain. @default 1 */
  seed?: number;
  /** @default "weft-devnet-1" */
  chainId?: string;
  /** bech32 account prefix. @default "init" */
  prefix?: string;
  /** Accounts that send to each other. @default 8 */
  accounts?: number;
  /** Most txs in a block. @default 4 */
  maxTxsPerBlock?: number;
  /** Time of block 1. @default 2026-01-01T00:00:00Z */
  genesisMs?: number;
  /** Milliseconds between blocks (jittered deterministically). @default 1000 */
  blockIntervalMs?: number;
}

export interface TxTruth {
  hash: string;
  height: number;
  index: number;
  code: number;
  signer: string;
  msgType: string;
  accounts: string[];
}

export interface Chain {
  chainId: string;
  prefix: string;
  accounts: string[];
  block(height: number): BlockPayload;
  /** Ground truth of one block's txs. */
  truth(height: number): TxTruth[];
}

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest();
const ripemd160 = (data: Uint8Array) => createHash("ripemd160").update(data).digest();

/** A tiny seeded PRNG (mulberry32): deterministic across runs and platforms. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function createChain(options: ChainOptions = {}): Chain {
  const seed = options.seed ?? 1;
  const chainId = options.chainId ?? "weft-devnet-1";
  const prefix = options.prefix ?? "init";
  const genesisMs = options.genesisMs ?? Date.parse("2026-01-01T00:00:00Z");
  const interval = options.blockIntervalMs ?? 1000;
  const maxTxs = options.maxTxsPerBlock ?? 4;
  // Compressed secp256k1-shaped keys; the chain only hashes them (no signature is ever verified).
  const keys = Array.from({ length: options.accounts ?? 8 }, (_, i) =>
    Buffer.concat([Buffer.from([2]), sha256(`devnet-${seed}-key-${i}`)]),
  );
  const accounts = keys.map((k) => bech32.encode(prefix, bech32.toWords(ripemd160(sha256(k)))));
  const proposer = sha256(`devnet-${seed}-proposer`).subarray(0, 20).toString("hex").toUpperCase();
  const timeOf = (h: number) =>
    genesisMs + (h - 1) * interval + Math.floor(prng(seed * 7919 + h)() * interval * 0.2);

  function build(height: number) {
    const rand = prng(seed * 1_000_003 + height);
    const count = Math.floor(rand() * (maxTxs + 1));
    const raws: string[] = [];
    const rest: RestTx[] = [];
    const results: TxResult[] = [];
    const truth: TxTruth[] = [];
    for (let i = 0; i < count; i++) {
      const from = Math.floor(rand() * accounts.length);
      const to = (from + 1 + Math.floor(rand() * (accounts.length - 1))) % accounts.length;
      const sender = accounts[from] ?? "";
      const recipient = accounts[to] ?? "";
      const amount = String(1 + Math.floor(rand() * 1_000_000));
      const delegate = rand() < 0.2;
      const failed = rand() < 0.08;
      const typeUrl = delegate ? "/cosmos.staking.v1beta1.MsgDelegate" : "/cosmos.bank.v1beta1.MsgSend";
      const valoper = bech32.encode(`${prefix}valoper`, bech32.toWords(Buffer.from(proposer, "hex")));
      const msgValue = delegate
        ? MsgDelegate.encode({
            delegatorAddress: sender,
            validatorAddress: valoper,
            amount: { denom: "uinit", amount },
          }).finish()
        : MsgSend.encode({
            fromAddress: sender,
            toAddress: recipient,
            amount: [{ denom: "uinit", amount }],
          }).finish();
      const sequence = BigInt(height * 16 + i);
      const fee = String(1_000 + Math.floor(rand() * 4_000));
      const bodyBytes = TxBody.encode(
        TxBody.fromPartial({ messages: [{ typeUrl, value: msgValue }], memo: "" }),
      ).finish();
      const authInfoBytes = AuthInfo.encode(
        AuthInfo.fromPartial({
          signerInfos: [
            {
              publicKey: {
                typeUrl: "/cosmos.crypto.secp256k1.PubKey",
                value: PubKey.encode({ key: keys[from] ?? new Uint8Array() }).finish(),
              },
              modeInfo: { single: { mode: SignMode.SIGN_MODE_DIRECT } },
              sequence,
            },
          ],
          fee: { amount: [{ denom: "uinit", amount: fee }], gasLimit: 200_000n, payer: "", granter: "" },
        }),
      ).finish();
      const signature = Buffer.concat([
        sha256(`sig-${seed}-${height}-${i}-a`),
        sha256(`sig-${seed}-${height}-${i}-b`),
      ]);
      const raw = TxRaw.encode({ bodyBytes, authInfoBytes, signatures: [signature] }).finish();
      const base64 = Buffer.from(raw).toString("base64");
      raws.push(base64);
      const hash = sha256(raw).toString("hex").toUpperCase();
      const message = delegate
        ? {
            "@type": typeUrl,
            delegator_address: sender,
            validator_address: valoper,
            amount: { denom: "uinit", amount },
          }
        : {
            "@type": typeUrl,
            from_address: sender,
            to_address: recipient,
            amount: [{ denom: "uinit", amount }],
          };
      rest.push({
        body: {
          messages: [message],
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
              public_key: {
                "@type": "/cosmos.crypto.secp256k1.PubKey",
                key: (keys[from] ?? Buffer.alloc(0)).toString("base64"),
              },
              mode_info: { single: { mode: "SIGN_MODE_DIRECT" } },
              sequence: String(sequence),
            },
          ],
          fee: { amount: [{ denom: "uinit", amount: fee }], gas_limit: "200000", payer: "", granter: "" },
          tip: null,
        },
        signatures: [signature.toString("base64")],
      });
      const gasUsed = String(60_000 + Math.floor(rand() * 80_000));
      const moved = delegate
        ? []
        : [
            {
              type: "coin_spent",
              attributes: [
                { key: "spender", value: sender, index: true },
                { key: "amount", value: `${amount}uinit`, index: true },
                { key: "msg_index", value: "0", index: true },
              ],
            },
            {
              type: "coin_received",
              attributes: [
                { key: "receiver", value: recipient, index: true },
                { key: "amount", value: `${amount}uinit`, index: true },
                { key: "msg_index", value: "0", index: true },
              ],
            },
            {
              type: "transfer",
              attributes: [
                { key: "recipient", value: recipient, index: true },
                { key: "sender", value: sender, index: true },
                { key: "amount", value: `${amount}uinit`, index: true },
                { key: "msg_index", value: "0", index: true },
              ],
            },
          ];
      const events = [
        {
          type: "tx",
          attributes: [
            { key: "fee", value: `${fee}uinit`, index: true },
            { key: "fee_payer", value: sender, index: true },
          ],
        },
        { type: "tx", attributes: [{ key: "acc_seq", value: `${sender}/${sequence}`, index: true }] },
        ...(failed
          ? []
          : [
              {
                type: "message",
                attributes: [
                  { key: "action", value: typeUrl, index: true },
                  { key: "sender", value: sender, index: true },
                  { key: "module", value: delegate ? "staking" : "bank", index: true },
                  { key: "msg_index", value: "0", index: true },
                ],
              },
              ...moved,
            ]),
      ];
      results.push({
        code: failed ? 5 : 0,
        data: failed ? "" : Buffer.from(`\x12\x26\n\x24${typeUrl}Response`).toString("base64"),
        log: failed ? "failed to execute message; message index: 0: insufficient funds" : "",
        info: "",
        gas_wanted: "200000",
        gas_used: gasUsed,
        events,
        codespace: failed ? "sdk" : "",
      });
      truth.push({
        hash,
        height,
        index: i,
        code: failed ? 5 : 0,
        signer: sender,
        msgType: typeUrl.slice(1),
        accounts: failed || delegate ? [sender] : [...new Set([sender, recipient])],
      });
    }
    return { raws, rest, results, truth };
  }

  return {
    chainId,
    prefix,
    accounts,
    block(height) {
      const { raws, rest, results } = build(height);
      const time = new Date(timeOf(height))
        .toISOString()
        .replace("Z", `${String(height % 1000).padStart(3, "0")}123Z`);
      return {
        block: {
          block_id: {
            hash: sha256(`devnet-${seed}-block-${height}`).toString("hex").toUpperCase(),
            parts: { total: 1, hash: sha256(`parts-${height}`).toString("hex").toUpperCase() },
          },
          block: {
            header: {
              version: { block: "11", app: "0" },
              chain_id: chainId,
              height: String(height),
              time,
              last_block_id: {
                hash:
                  height > 1
                    ? sha256(`devnet-${seed}-block-${height - 1}`)
                        .toString("hex")
                        .toUpperCase()
                    : "",
                parts: { total: 0, hash: "" },
              },
              proposer_address: proposer,
            },
            data: { txs: raws },
            last_commit: { height: String(height - 1), round: 0, signatures: [] },
          },
        },
        results: {
          height: String(height),
          txs_results: raws.length === 0 ? null : results,
          finalize_block_events: [
            {
              type: "coinbase",
              attributes: [
                { key: "minter", value: accounts[0] ?? "", index: true },
                { key: "mode", value: "BeginBlock", index: true },
              ],
            },
          ],
          validator_updates: null,
          consensus_param_updates: null,
          app_hash: sha256(`app-${height}`).toString("base64"),
        },
        txs: rest,
      };
    },
    truth: (height) => build(height).truth,
  };
}
