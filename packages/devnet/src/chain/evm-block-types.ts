/**
 * The types of a devnet block's EVM view and its ground truth, apart from the module that builds
 * them (evm-block.ts), so the chain's types can name them without importing how blocks are made.
 */
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
  /** The Cosmos tx's hash, upper-case hex (TxTruth.hash). */
  cosmosHash: string;
  height: number;
  /** Position among the block's receipts. */
  index: number;
  /** The zero address for a Cosmos tx's Ethereum face. */
  from: string;
  /** "" for a deployment and a Cosmos tx. */
  to: string;
  contractAddress: string | null;
  status: "0x1" | "0x0";
  /** Every account the tx involves (from, to, created contract, log addresses, address topics), deduplicated, from first. */
  accounts: string[];
  /**
   * The frames an indexer can read from the node's callTracer, depth-first pre-order from minievm's
   * wrapper root (index 0, parent -1); none at the genesis height.
   */
  internalTxs: EvmInternalTxTruth[];
}

export interface EvmBlock {
  block(fullTxs: boolean): Record<string, unknown>;
  receipts: Record<string, unknown>[];
  /** `debug_traceBlockByNumber`'s callTracer entries; none at the genesis height, which a node cannot trace. */
  traces: { txHash: string; result: Record<string, unknown> }[];
  truth: EvmTxTruth[];
}
