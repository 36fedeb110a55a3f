/**
 * A deterministic chain: every block is a pure function of (seed, height), so the same seed gives a
 * byte-identical chain, any block can be served without keeping history in memory, and the ground
 * truth of any height is recomputable. Txs are real protobuf TxRaw bytes, so their hashes are what
 * a node would report. The pieces: chain-setup.ts (what the options fix), block-txs.ts (a block's
 * txs, one builder per message kind in msgs/), block-payload.ts (the node's block shapes),
 * chain-bank.ts (balances), evm-queries.ts (eth_call, contracts/by_denom), nft/ (NFT content).
 */
import { blockPayload, evmBlockOf } from "./block-payload.js";
import { blockTxs } from "./block-txs.js";
import { chainBank } from "./chain-bank.js";
import { chainSetup } from "./chain-setup.js";
import type { Chain, ChainOptions } from "./chain-types.js";
import { contractByDenom, evmCall } from "./evm-queries.js";
import { fungibleAssetMetadata } from "./move-fungible-asset.js";

export function createChain(options: ChainOptions = {}): Chain {
  const setup = chainSetup(options);
  const { vm, nft } = setup;
  const txsOf = (height: number) => blockTxs(setup, height);
  const bank = chainBank(setup, txsOf);
  return {
    chainId: setup.chainId,
    prefix: setup.prefix,
    vm,
    evmChainId: setup.evmChainId,
    accounts: setup.accounts,
    evmAccounts: setup.evmUsers,
    evm: (height) => evmBlockOf(setup, height, txsOf(height)),
    block: (height) => blockPayload(setup, height, txsOf(height)),
    truth: (height) => txsOf(height).truth,
    nftTruth: (height) => nft?.truth(height) ?? { collections: [], tokens: [] },
    wasmContract: (addr, height) => nft?.contract(addr, height),
    moveResource(address, structTag, height) {
      if (structTag === "0x1::fungible_asset::Metadata")
        return vm === "move" ? fungibleAssetMetadata(address) : undefined;
      return structTag === "0x1::nft::Nft" ? nft?.nftResource(address.toLowerCase(), height) : undefined;
    },
    evmCall: (to, data, height) => evmCall(setup, bank, to, data, height),
    bank,
    contractByDenom: (denom) => contractByDenom(setup, denom),
    validator: (valoper) => (valoper === setup.proposerValoper ? setup.proposerValidator : undefined),
  };
}
