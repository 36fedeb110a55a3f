/**
 * The EVM JSON-RPC payloads ingestion reads on EVM chains, as far as derivation looks into them:
 * `eth_getBlockReceipts` receipts and `debug_traceBlockByNumber` callTracer entries. Fields a node
 * may omit are optional; derivation fills them the way the reference's Go structs would ("").
 */
export interface EvmLogPayload {
  address: string;
  topics?: string[] | null;
  data?: string;
  blockNumber?: string;
  transactionHash?: string;
  transactionIndex?: string;
  blockHash?: string;
  logIndex?: string;
  removed?: boolean;
  [k: string]: unknown;
}

export interface EvmReceipt {
  blockHash: string;
  blockNumber: string;
  contractAddress?: string | null;
  cumulativeGasUsed?: string;
  effectiveGasPrice?: string;
  from: string;
  gasUsed?: string;
  logs?: EvmLogPayload[] | null;
  logsBloom?: string;
  status?: string;
  to?: string | null;
  transactionHash: string;
  transactionIndex?: string;
  type?: string;
  [k: string]: unknown;
}

/** One callTracer frame. */
export interface CallFrame {
  type: string;
  from?: string;
  to?: string;
  value?: string;
  gas?: string;
  gasUsed?: string;
  input?: string;
  output?: string;
  error?: string;
  revertReason?: string;
  calls?: CallFrame[] | null;
}

/**
 * One entry of `debug_traceBlockByNumber`: a tx's top frame, or the error that stopped its trace
 * (minievm reports per-tx failures inside a successful response). Older nodes omit `txHash`.
 */
export interface TraceEntry {
  txHash?: string;
  result?: CallFrame | null;
  error?: string;
}

/** The EVM side of one block, fetched from the node's JSON-RPC. */
export interface EvmBlockPayload {
  receipts: EvmReceipt[];
  traces: TraceEntry[];
}
