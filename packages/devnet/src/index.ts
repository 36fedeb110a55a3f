export type { Chain, ChainOptions, OpchildValidator } from "./chain/chain-types.js";
export { createChain } from "./chain/create-chain.js";
export type { EvmAccount } from "./chain/evm-accounts.js";
export type { EvmBlock, EvmInternalTxTruth, EvmTxTruth } from "./chain/evm-block-types.js";
export type { TxTruth } from "./chain/tx-truth.js";
export {
  depositCodec,
  msgCallCodec,
  msgExecuteCodec,
  TYPE_DEPOSIT,
  TYPE_MSG_CALL,
  TYPE_MSG_EXECUTE,
  TYPE_WITHDRAWAL,
  withdrawalCodec,
} from "./interchain/initia-protos.js";
export {
  EVM_L1,
  EVM_WRAPPER,
  INTERCHAIN,
  type Interchain,
  L1_CHAIN_ID,
  LAYER_ZERO_WETH,
  startInterchain,
} from "./interchain/interchain.js";
export type { LiveCollection, LiveNfts, LiveToken, NftVm } from "./interchain/nft/live-nfts.js";
export type { GenesisNftCollection } from "./interchain/nft/nft-genesis.js";
export type { PacketPlan } from "./interchain/relayer.js";
export { createTestKey, signTx, type TestKey } from "./interchain/test-keys.js";
export { createWallet, evmAddressOf, sendEvmTx, toAny, type Wallet } from "./interchain/test-wallet.js";
export type { NodeExtension } from "./node-server.js";
export { type DevnetNode, type Faults, startDevnetNode } from "./node-server.js";
export type { BlockPayload, RestTx, TxResult } from "./payloads.js";
export { prng } from "./prng.js";
