export { type Chain, type ChainOptions, createChain, type TxTruth } from "./chain.js";
export type { EvmAccount } from "./evm-accounts.js";
export type { EvmBlock, EvmInternalTxTruth, EvmTxTruth } from "./evm-block.js";
export { type DevnetNode, type Faults, startDevnetNode } from "./node-server.js";
export type { BlockPayload, RestTx, TxResult } from "./payloads.js";
