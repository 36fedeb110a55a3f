/**
 * The EVM txs of one devnet block, in both forms a minievm node serves them: as a Cosmos tx carrying
 * one `/minievm.evm.v1.MsgCall` (or `MsgCreate`) signed with an ethsecp256k1 key, whose events hold
 * the `call` return and the `evm` logs; and as an Ethereum tx with its receipt and callTracer trace.
 * The Ethereum hash is keccak256 of the RLP-serialised signed tx; the Cosmos hash is SHA-256 of the
 * Cosmos tx bytes; nodes link the two by the tx's position in the block.
 */
import { createHash } from "node:crypto";
import { BinaryWriter } from "cosmjs-types/binary";
import { SignMode } from "cosmjs-types/cosmos/tx/signing/v1beta1/signing";
import { keccak256, serializeTransaction } from "viem";
import type { AbciEvent, RestTx, TxResult } from "../../payloads.js";
import { restTxOf, signedTx, txHash, unsignedTx } from "../../tx-envelope.js";
import { type DensityOptions, forcedScenario, freshEvmPeer } from "../density.js";
import type { EvmAccount } from "../evm-accounts.js";
import { type Contracts, type Log, pickScenario, revert, type Scenario } from "../evm-scenarios.js";
import type { TxTruth } from "../tx-truth.js";
import { feeTxEvents, msgResponseData } from "./tx-result.js";

/** The denom EVM txs pay their Cosmos-side fee in. */
export const EVM_FEE_DENOM = "GAS";
/** Gas price of every devnet EVM tx (wei). */
export const EVM_GAS_PRICE = 2_812_500n;
const REVERT_RATE = 0.12;

export interface EvmTxBuild {
  scenario: Scenario;
  from: EvmAccount;
  nonce: number;
  /** 0x + 64 lower-case hex. */
  hash: string;
  raw: string;
  rest: RestTx;
  result: TxResult;
  status: "0x1" | "0x0";
  gasUsed: number;
  /** The fields of the signed Ethereum tx. */
  eth: { to: string | null; input: string; gas: number; r: string; s: string; yParity: number };
}

const sha = (s: string) => createHash("sha256").update(s).digest();

/**
 * What minievm emits for a successful MsgCall (the chain adds msg_index): `call` (the contract and
 * its return data), then one `evm` event holding every log as JSON, none when there are no logs.
 */
export function evmCallEvents(contract: string, ret: string, logs: Log[]): AbciEvent[] {
  return [
    {
      type: "call",
      attributes: [
        { key: "contract", value: contract, index: true },
        { key: "ret", value: ret, index: true },
      ],
    },
    ...(logs.length === 0
      ? []
      : [
          {
            type: "evm",
            attributes: logs.map((l) => ({ key: "log", value: JSON.stringify(l), index: true })),
          },
        ]),
  ];
}

/** Protobuf of MsgCall {sender=1, contract_addr=2, input=3, value=4} or MsgCreate {sender=1, code=2, value=3}. */
function encodeMsg(sender: string, to: string | null, input: string): Uint8Array {
  const w = BinaryWriter.create();
  w.uint32(10).string(sender);
  if (to === null) w.uint32(18).string(input.slice(2)).uint32(26).string("0");
  else w.uint32(18).string(to).uint32(26).string(input).uint32(34).string("0");
  return w.finish();
}

export function buildEvmTx(options: {
  seed: number;
  height: number;
  position: number;
  rand: () => number;
  users: EvmAccount[];
  contracts: Contracts;
  evmChainId: number;
  /** Benchmark density (fresh peers, forced mints). @default {} */
  density?: DensityOptions;
  /** Token ids are `height * tokenIdStride + position`: at least the most EVM txs in a block. @default 16 */
  tokenIdStride?: number;
}): EvmTxBuild {
  const { rand, users, height, position } = options;
  const fromIndex = Math.floor(rand() * users.length);
  const from = users[fromIndex] as EvmAccount;
  const peer = users[(fromIndex + 1 + Math.floor(rand() * (users.length - 1))) % users.length] as EvmAccount;
  const label = `devnet-${options.seed}-evm-${height}-${position}`;
  const where = { ...options.density, seed: options.seed, height, position };
  const picked = pickScenario({
    rand,
    user: from.address,
    peer: freshEvmPeer(where) ?? peer.address,
    contracts: options.contracts,
    label,
    tokenId: height * (options.tokenIdStride ?? 16) + position,
    force: forcedScenario(where),
  });
  const reverted = rand() < REVERT_RATE;
  const scenario = reverted ? revert(picked) : picked;
  const nonce = height * 16 + position;
  const to = scenario.created ? null : scenario.top.to;
  const input = scenario.top.input;
  const gas = scenario.top.gas;
  const r = `0x${sha(`${label}-r`).toString("hex")}` as const;
  const s = `0x${sha(`${label}-s`).toString("hex")}` as const;
  const yParity = (sha(`${label}-v`)[0] ?? 0) % 2;
  const serialized = serializeTransaction(
    {
      type: "eip1559",
      chainId: options.evmChainId,
      nonce,
      to: to as `0x${string}` | null,
      data: input as `0x${string}`,
      value: 0n,
      gas: BigInt(gas),
      maxFeePerGas: EVM_GAS_PRICE,
      maxPriorityFeePerGas: 0n,
    },
    { r, s, yParity },
  );
  const hash = keccak256(serialized);

  const typeUrl = to === null ? "/minievm.evm.v1.MsgCreate" : "/minievm.evm.v1.MsgCall";
  const fee = String(BigInt(gas) * EVM_GAS_PRICE);
  const auth = {
    signer: {
      pubkeyType: "/initia.crypto.v1beta1.ethsecp256k1.PubKey",
      key: from.publicKey,
      mode: SignMode.SIGN_MODE_EIP_191,
      sequence: BigInt(nonce),
    },
    fee: [{ denom: EVM_FEE_DENOM, amount: fee }],
    gasLimit: BigInt(gas),
  };
  const signature = Buffer.concat([
    Buffer.from(r.slice(2), "hex"),
    Buffer.from(s.slice(2), "hex"),
    Buffer.from([yParity]),
  ]);
  const cosmos = signedTx(
    unsignedTx({ messages: [{ typeUrl, value: encodeMsg(from.bech32, to, input) }], auth }),
    [signature],
  );
  const message =
    to === null
      ? { "@type": typeUrl, sender: from.bech32, code: input.slice(2), value: "0", access_list: [] }
      : { "@type": typeUrl, sender: from.bech32, contract_addr: to, input, value: "0", access_list: [] };
  const rest = restTxOf({ messages: [message], auth }, [signature]);
  const gasUsed = scenario.top.gasUsed;
  const txEvents = [
    ...feeTxEvents(`${fee}${EVM_FEE_DENOM}`, from.bech32, nonce),
    { type: "tx", attributes: [{ key: "signature", value: signature.toString("base64"), index: true }] },
  ];
  const called = scenario.created ?? scenario.top.to;
  const result: TxResult = reverted
    ? {
        code: 2,
        data: "",
        log: `failed to execute message; message index: 0: ${scenario.top.output}: execution reverted`,
        info: "",
        gas_wanted: String(gas),
        gas_used: String(gasUsed),
        events: txEvents,
        codespace: "evm",
      }
    : {
        code: 0,
        data: msgResponseData(`${typeUrl}Response`),
        log: "",
        info: "",
        gas_wanted: String(gas),
        gas_used: String(gasUsed),
        codespace: "",
        events: [
          ...txEvents,
          {
            type: "message",
            attributes: [
              { key: "action", value: typeUrl, index: true },
              { key: "sender", value: from.bech32, index: true },
              { key: "module", value: "evm", index: true },
              { key: "msg_index", value: "0", index: true },
            ],
          },
          ...evmCallEvents(called, scenario.top.output, scenario.logs).map((e) => ({
            ...e,
            attributes: [...e.attributes, { key: "msg_index", value: "0", index: true }],
          })),
        ],
      };
  return {
    scenario,
    from,
    nonce,
    hash,
    raw: cosmos.base64,
    rest,
    result,
    status: reverted ? "0x0" : "0x1",
    gasUsed,
    eth: { to, input, gas, r, s, yParity },
  };
}

const ADDRESS_TOPIC_PREFIX = "0x000000000000000000000000";

/**
 * The Cosmos-side truth of an EVM tx: its signer, and when it succeeded the called contract and
 * what its `evm` logs name (log addresses and address-shaped topics after the first).
 */
export function evmCallTruth(tx: EvmTxBuild, height: number, index: number): TxTruth {
  const accounts = new Set([tx.from.bech32]);
  if (tx.status === "0x1") {
    accounts.add(tx.scenario.created ?? tx.scenario.top.to);
    for (const log of tx.scenario.logs) {
      accounts.add(log.address);
      for (const topic of log.topics.slice(1))
        if (topic.startsWith(ADDRESS_TOPIC_PREFIX))
          accounts.add(`0x${topic.slice(ADDRESS_TOPIC_PREFIX.length)}`);
    }
  }
  return {
    hash: txHash(Buffer.from(tx.raw, "base64")),
    height,
    index,
    code: tx.result.code,
    signer: tx.from.bech32,
    msgType: (tx.rest.body.messages[0]?.["@type"] ?? "").slice(1),
    accounts: [...accounts],
    // EVM tokens move as ERC-20 logs (the receipts are their truth), not bank coins.
    moved: [],
  };
}
