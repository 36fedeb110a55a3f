/**
 * The JSON-RPC view of one devnet block's EVM txs (evm-view-txs.ts: signed EVM txs and the
 * Ethereum face of Cosmos txs that logged), in the shapes of a real node (fixtures/real-rpc/evm,
 * fixtures/real-node/minievm-v1.2.18): `eth_getBlockByNumber` (hashes or full txs),
 * `eth_getBlockReceipts` and `debug_traceBlockByNumber` with the callTracer (geth key order, empty
 * `output` and STATICCALL/DELEGATECALL `value` left out, minievm's wrapper root), plus the ground
 * truth an indexer must arrive at.
 */
import { logsBloom } from "./evm-accounts.js";
import type { EvmBlock, EvmTxTruth } from "./evm-block-types.js";
import { type Frame, flatten } from "./evm-scenarios.js";
import type { EvmViewTx } from "./evm-view-txs.js";

const hex = (n: number | bigint) => `0x${n.toString(16)}`;
const ZERO_HASH = `0x${"0".repeat(64)}`;
const ADDRESS_TOPIC_PREFIX = "0x000000000000000000000000";

const GENESIS_HEIGHT = 1;

function traceFrame(f: Frame): Record<string, unknown> {
  const out: Record<string, unknown> = {
    from: f.from,
    gas: hex(f.gas),
    gasUsed: hex(f.gasUsed),
    to: f.to,
    input: f.input,
  };
  // go-ethereum's callTracer leaves out an empty output and a frame without value (`omitempty`).
  if (f.output !== "0x" && f.output !== "") out.output = f.output;
  if (f.error) out.error = f.error;
  if (f.calls.length > 0) out.calls = f.calls.map(traceFrame);
  if (f.value !== "") out.value = f.value;
  out.type = f.type;
  return out;
}

function truthOf(tx: EvmViewTx, height: number, index: number): EvmTxTruth {
  const accounts = new Set([tx.from]);
  if (tx.to) accounts.add(tx.to);
  if (tx.contractAddress) accounts.add(tx.contractAddress);
  if (tx.status === "0x1")
    for (const l of tx.logs) {
      accounts.add(l.address);
      for (const t of l.topics.slice(1))
        if (t.startsWith(ADDRESS_TOPIC_PREFIX)) accounts.add(`0x${t.slice(ADDRESS_TOPIC_PREFIX.length)}`);
    }
  return {
    hash: tx.hash,
    cosmosHash: tx.cosmosHash,
    height,
    index,
    from: tx.from,
    to: tx.to ?? "",
    contractAddress: tx.contractAddress,
    status: tx.status,
    accounts: [...accounts],
    // The node cannot trace its genesis height (-32000 "genesis is not traceable", as a real minievm
    // node answers), so an indexer sees no frames there: a real chain's first block has no txs.
    internalTxs: (height === GENESIS_HEIGHT ? [] : flatten(tx.trace)).map(
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
}

export function evmBlock(options: {
  height: number;
  /** 0x + 64 lower-case hex: the CometBFT block hash. */
  hash: string;
  parentHash: string;
  timeMs: number;
  miner: string;
  /** The block's EVM view, in block order. */
  txs: EvmViewTx[];
}): EvmBlock {
  const { height, hash, txs } = options;
  const number = hex(height);
  let cumulative = 0;
  let logIndex = 0;
  const receipts = txs.map((tx, i) => {
    cumulative += tx.gasUsed;
    // A failed tx keeps no logs (minievm's indexer drops them).
    const logs = (tx.status === "0x1" ? tx.logs : []).map((l) => ({
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
      contractAddress: tx.contractAddress,
      cumulativeGasUsed: hex(cumulative),
      effectiveGasPrice: hex(tx.effectiveGasPrice),
      from: tx.from,
      gasUsed: hex(tx.gasUsed),
      logs,
      logsBloom: logsBloom(logs),
      status: tx.status,
      to: tx.to,
      transactionHash: tx.hash,
      transactionIndex: hex(i),
      type: tx.type,
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
        fullTxs ? tx.rpcTx({ blockHash: hash, blockNumber: number, transactionIndex: hex(i) }) : tx.hash,
      ),
      transactionsRoot: ZERO_HASH,
      uncles: [],
    }),
    receipts,
    // What an indexer can trace: nothing at the genesis height (json-rpc.ts answers its error).
    traces:
      height === GENESIS_HEIGHT ? [] : txs.map((tx) => ({ txHash: tx.hash, result: traceFrame(tx.trace) })),
    truth: txs.map((tx, i) => truthOf(tx, height, i)),
  };
}
