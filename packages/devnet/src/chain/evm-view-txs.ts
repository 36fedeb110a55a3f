/**
 * The txs of a block's EVM view in block order, as minievm v1.2.18's EVM indexer lists them
 * (indexer/utils.go, `extractEthTxInfo`): every signed EVM tx (MsgCall / MsgCreate), and every
 * successful other Cosmos tx that emitted EVM logs. On minievm every bank denom is an ERC-20, so a
 * bank send logs a `Transfer` (fixtures/real-node/minievm-v1.2.18/eth_getBlockReceipts.bank-send);
 * the indexer gives such a tx an Ethereum face: an unsigned legacy tx whose only field is its data,
 * the Cosmos tx hash, so its hash is keccak256 of that RLP, its sender the zero address, its `to` null.
 */
import { keccak_256 } from "@noble/hashes/sha3.js";
import type { AbciEvent } from "../payloads.js";
import { txHash } from "../tx-envelope.js";
import type { BlockTxs } from "./block-txs.js";
import type { ChainSetup } from "./chain-setup.js";
import type { Frame, Log } from "./evm-scenarios.js";
import { cosmosTxTrace, evmTxTrace, ZERO_ADDRESS } from "./evm-trace-root.js";
import { EVM_GAS_PRICE, type EvmTxBuild } from "./msgs/evm-call.js";

export interface EvmViewTx {
  /** keccak256 tx hash, 0x + 64 lower-case hex. */
  hash: string;
  /** The Cosmos tx's hash, upper-case hex, as `cosmos_cosmosTxHashByTxHash` maps it. */
  cosmosHash: string;
  from: string;
  to: string | null;
  contractAddress: string | null;
  status: "0x1" | "0x0";
  gasUsed: number;
  logs: Log[];
  /** The callTracer tree, minievm's wrapper root first (evm-trace-root.ts). */
  trace: Frame;
  /** `0x2` for a signed EVM tx, `0x0` (legacy) for a Cosmos tx's Ethereum face. */
  type: "0x0" | "0x2";
  effectiveGasPrice: bigint;
  /** `eth_getBlockByNumber`'s full tx object, given the fields that place it in its block. */
  rpcTx(at: { blockHash: string; blockNumber: string; transactionIndex: string }): Record<string, unknown>;
}

const hex = (n: number | bigint) => `0x${n.toString(16)}`;

/**
 * go-ethereum's chain id of a legacy tx with v = 0, which the indexer stores with the tx:
 * `(v - 35) / 2` in uint64 arithmetic.
 */
const UNSIGNED_LEGACY_CHAIN_ID = (2n ** 64n - 35n) / 2n;

/**
 * The keccak256 hash of the legacy tx `{nonce 0, gasPrice 0, gas 0, to nil, value 0, data, v 0,
 * r 0, s 0}` whose data is the 32-byte Cosmos tx hash: its RLP list is nine fields of which only
 * the data is not the empty string (0x80).
 */
export function cosmosTxEthHash(cosmosHash: string): string {
  const empty = Buffer.from([0x80]);
  const data = Buffer.concat([Buffer.from([0x80 + 32]), Buffer.from(cosmosHash, "hex")]);
  const payload = Buffer.concat([empty, empty, empty, empty, empty, data, empty, empty, empty]);
  return `0x${Buffer.from(keccak_256(Buffer.concat([Buffer.from([0xc0 + payload.length]), payload]))).toString("hex")}`;
}

/** The logs of a tx's `evm` events (one JSON `log` attribute each), addresses lower-cased. */
function evmLogsOf(events: AbciEvent[]): Log[] {
  return events
    .filter((e) => e.type === "evm")
    .flatMap((e) => e.attributes.filter((a) => a.key === "log"))
    .map((a) => {
      const log = JSON.parse(a.value) as Log;
      return { address: log.address.toLowerCase(), topics: log.topics, data: log.data };
    });
}

function signedView(tx: EvmTxBuild, evmChainId: number, feeToken: string): EvmViewTx {
  const { scenario } = tx;
  return {
    hash: tx.hash,
    cosmosHash: txHash(Buffer.from(tx.raw, "base64")),
    from: tx.from.address,
    to: tx.eth.to,
    contractAddress: scenario.created && tx.status === "0x1" ? scenario.created : null,
    status: tx.status,
    gasUsed: tx.gasUsed,
    logs: scenario.logs,
    trace: evmTxTrace(scenario.top, feeToken),
    type: "0x2",
    effectiveGasPrice: EVM_GAS_PRICE,
    rpcTx: (at) => ({
      accessList: [],
      blockHash: at.blockHash,
      blockNumber: at.blockNumber,
      chainId: hex(evmChainId),
      from: tx.from.address,
      gas: hex(tx.eth.gas),
      gasPrice: hex(EVM_GAS_PRICE),
      hash: tx.hash,
      input: tx.eth.input,
      maxFeePerGas: hex(EVM_GAS_PRICE),
      maxPriorityFeePerGas: "0x0",
      nonce: hex(tx.nonce),
      r: tx.eth.r,
      s: tx.eth.s,
      to: tx.eth.to,
      transactionIndex: at.transactionIndex,
      type: "0x2",
      v: hex(tx.eth.yParity),
      value: "0x0",
      yParity: hex(tx.eth.yParity),
    }),
  };
}

function cosmosView(options: {
  raw: string;
  gasWanted: number;
  gasUsed: number;
  logs: Log[];
  feeToken: string;
}): EvmViewTx {
  const cosmosHash = txHash(Buffer.from(options.raw, "base64"));
  const hash = cosmosTxEthHash(cosmosHash);
  return {
    hash,
    cosmosHash,
    from: ZERO_ADDRESS,
    to: null,
    contractAddress: null,
    status: "0x1",
    gasUsed: options.gasUsed,
    logs: options.logs,
    trace: cosmosTxTrace({
      feeToken: options.feeToken,
      gasLimit: options.gasWanted,
      gasUsed: options.gasUsed,
      logs: options.logs,
    }),
    type: "0x0",
    effectiveGasPrice: 0n,
    // minievm's RPCTransaction of the unsigned legacy tx, in the key order of the signed ones here;
    // a legacy tx has no yParity, and its nil access list encodes as null.
    rpcTx: (at) => ({
      accessList: null,
      blockHash: at.blockHash,
      blockNumber: at.blockNumber,
      chainId: hex(UNSIGNED_LEGACY_CHAIN_ID),
      from: ZERO_ADDRESS,
      gas: "0x0",
      gasPrice: "0x0",
      hash,
      input: `0x${cosmosHash.toLowerCase()}`,
      maxFeePerGas: "0x0",
      maxPriorityFeePerGas: "0x0",
      nonce: "0x0",
      r: "0x0",
      s: "0x0",
      to: null,
      transactionIndex: at.transactionIndex,
      type: "0x0",
      v: "0x0",
      value: "0x0",
    }),
  };
}

/**
 * The block's EVM view (EVM chains; empty elsewhere). The callTracer's `decimals()` calls go to
 * the fee denom's ERC-20 (`uinit`'s, which `eth_getBalance` also reads as the native balance).
 */
export function evmViewTxs(setup: ChainSetup, txs: BlockTxs): EvmViewTx[] {
  if (setup.vm !== "evm") return [];
  const feeToken = setup.contracts.token;
  const signed = new Map(txs.evmTxs.map((tx) => [tx.raw, tx]));
  const out: EvmViewTx[] = [];
  txs.raws.forEach((raw, i) => {
    const evmTx = signed.get(raw);
    if (evmTx) {
      out.push(signedView(evmTx, setup.evmChainId, feeToken));
      return;
    }
    const result = txs.results[i];
    if (result?.code !== 0) return;
    const logs = evmLogsOf(result.events);
    if (logs.length === 0) return;
    out.push(
      cosmosView({
        raw,
        gasWanted: Number(result.gas_wanted),
        gasUsed: Number(result.gas_used),
        logs,
        feeToken,
      }),
    );
  });
  return out;
}
