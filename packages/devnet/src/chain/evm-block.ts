/**
 * The JSON-RPC view of one devnet block's EVM txs, in the shapes of a real node (see the real
 * fixtures under fixtures/real-rpc/evm): `eth_getBlockByNumber` (hashes or full txs),
 * `eth_getBlockReceipts` and `debug_traceBlockByNumber` with the callTracer (geth key order, no
 * `value` on STATICCALL/DELEGATECALL frames), plus the ground truth an indexer must arrive at.
 */
import { logsBloom } from "./evm-accounts.js";
import { type Frame, flatten } from "./evm-scenarios.js";
import { EVM_GAS_PRICE, type EvmTxBuild } from "./msgs/evm-call.js";

const hex = (n: number | bigint) => `0x${n.toString(16)}`;
const ZERO_HASH = `0x${"0".repeat(64)}`;
const ADDRESS_TOPIC_PREFIX = "0x000000000000000000000000";

export interface EvmInternalTxTruth {
  index: number;
  parentIndex: number;
  type: string;
  /** 0x + 40 lower-case hex. */
  from: string;
  to: string;
  /** Accounts of the frame's edges: from and to. */
  accounts: string[];
}

export interface EvmTxTruth {
  hash: string;
  height: number;
  /** Position among the block's EVM txs. */
  index: number;
  from: string;
  /** "" for a deployment. */
  to: string;
  contractAddress: string | null;
  status: "0x1" | "0x0";
  /** Every account the tx involves (from, to, created contract, log addresses, address topics), deduplicated, from first. */
  accounts: string[];
  /** The frames an indexer can read from the node's callTracer (none at the genesis height). */
  internalTxs: EvmInternalTxTruth[];
}

const GENESIS_HEIGHT = 1;

export interface EvmBlock {
  block(fullTxs: boolean): Record<string, unknown>;
  receipts: Record<string, unknown>[];
  traces: { txHash: string; result: Record<string, unknown> }[];
  truth: EvmTxTruth[];
}

function traceFrame(f: Frame): Record<string, unknown> {
  const out: Record<string, unknown> = {
    from: f.from,
    gas: hex(f.gas),
    gasUsed: hex(f.gasUsed),
    to: f.to,
    input: f.input,
  };
  if (f.output !== "0x" || f.type === "CALL") out.output = f.output;
  if (f.error) out.error = f.error;
  if (f.calls.length > 0) out.calls = f.calls.map(traceFrame);
  if (f.type !== "STATICCALL" && f.type !== "DELEGATECALL") out.value = f.value;
  out.type = f.type;
  return out;
}

export function evmBlock(options: {
  height: number;
  /** 0x + 64 lower-case hex: the CometBFT block hash. */
  hash: string;
  parentHash: string;
  timeMs: number;
  miner: string;
  evmChainId: number;
  txs: EvmTxBuild[];
}): EvmBlock {
  const { height, hash, txs } = options;
  const number = hex(height);
  let cumulative = 0;
  let logIndex = 0;
  const receipts = txs.map((tx, i) => {
    cumulative += tx.gasUsed;
    const logs = tx.scenario.logs.map((l) => ({
      address: l.address,
      topics: l.topics,
      data: l.data,
      blockNumber: number,
      transactionHash: tx.hash,
      transactionIndex: hex(i),
      blockHash: hash,
      logIndex: hex(logIndex++),
      removed: false,
    }));
    return {
      blockHash: hash,
      blockNumber: number,
      contractAddress: tx.scenario.created && tx.status === "0x1" ? tx.scenario.created : null,
      cumulativeGasUsed: hex(cumulative),
      effectiveGasPrice: hex(EVM_GAS_PRICE),
      from: tx.from.address,
      gasUsed: hex(tx.gasUsed),
      logs,
      logsBloom: logsBloom(logs),
      status: tx.status,
      to: tx.eth.to,
      transactionHash: tx.hash,
      transactionIndex: hex(i),
      type: "0x2",
    };
  });
  const truth: EvmTxTruth[] = txs.map((tx, i) => {
    const receipt = receipts[i];
    const accounts = new Set([tx.from.address]);
    if (tx.eth.to) accounts.add(tx.eth.to);
    if (receipt?.contractAddress) accounts.add(receipt.contractAddress);
    for (const l of receipt?.logs ?? []) {
      accounts.add(l.address);
      for (const t of l.topics.slice(1))
        if (t.startsWith(ADDRESS_TOPIC_PREFIX)) accounts.add(`0x${t.slice(ADDRESS_TOPIC_PREFIX.length)}`);
    }
    return {
      hash: tx.hash,
      height,
      index: i,
      from: tx.from.address,
      to: tx.eth.to ?? "",
      contractAddress: receipt?.contractAddress ?? null,
      status: tx.status,
      accounts: [...accounts],
      // The node cannot trace its genesis height (-32000 "genesis is not traceable", as a real minievm
      // node answers), so an indexer sees no frames there: a real chain's first block has no txs.
      internalTxs: (height === GENESIS_HEIGHT ? [] : flatten(tx.scenario.top)).map(
        ({ frame, index, parentIndex }) => ({
          index,
          parentIndex,
          type: frame.type,
          from: frame.from,
          to: frame.to,
          accounts: [...new Set([frame.from, frame.to])],
        }),
      ),
    };
  });
  const allLogs = receipts.flatMap((r) => r.logs);
  const gasUsed = txs.reduce((n, t) => n + t.gasUsed, 0);
  return {
    block: (fullTxs) => ({
      baseFeePerGas: "0x0",
      difficulty: "0x0",
      extraData: "0x",
      gasLimit: hex(100_000_000),
      gasUsed: hex(gasUsed),
      hash,
      logsBloom: logsBloom(allLogs),
      miner: options.miner,
      mixHash: ZERO_HASH,
      nonce: "0x0000000000000000",
      number,
      parentHash: options.parentHash,
      receiptsRoot: ZERO_HASH,
      sha3Uncles: "0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347",
      size: hex(1_000 + txs.length * 200),
      stateRoot: ZERO_HASH,
      timestamp: hex(Math.floor(options.timeMs / 1000)),
      transactions: txs.map((tx, i) =>
        fullTxs
          ? {
              accessList: [],
              blockHash: hash,
              blockNumber: number,
              chainId: hex(options.evmChainId),
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
              transactionIndex: hex(i),
              type: "0x2",
              v: hex(tx.eth.yParity),
              value: "0x0",
              yParity: hex(tx.eth.yParity),
            }
          : tx.hash,
      ),
      transactionsRoot: ZERO_HASH,
      uncles: [],
    }),
    receipts,
    traces: txs.map((tx) => ({ txHash: tx.hash, result: traceFrame(tx.scenario.top) })),
    truth,
  };
}
