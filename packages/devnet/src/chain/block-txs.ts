/**
 * The txs of one seeded block, in block order: the Cosmos SDK stream (msgs/sdk-tx.ts: MsgSend,
 * MsgDelegate), then the EVM stream (msgs/evm-call.ts: MsgCall, MsgCreate), then the NFT txs
 * (nft/nft-content.ts: Move MsgExecute or cw721 MsgInstantiateContract / MsgExecuteContract).
 * Each stream draws from its own generator, so turning one on or off leaves the others unchanged.
 */

import type { RestTx, TxResult } from "../payloads.js";
import { prng } from "../prng.js";
import type { ChainSetup } from "./chain-setup.js";
import { buildEvmTx, type EvmTxBuild, evmCallTruth } from "./msgs/evm-call.js";
import { sdkTx } from "./msgs/sdk-tx.js";
import type { TxTruth } from "./tx-truth.js";

export interface BlockTxs {
  /** TxRaw base64, as /block lists them. */
  raws: string[];
  rest: RestTx[];
  results: TxResult[];
  truth: TxTruth[];
  /** The EVM stream's txs, for the block's JSON-RPC view. */
  evmTxs: EvmTxBuild[];
}

export function blockTxs(setup: ChainSetup, height: number): BlockTxs {
  const { seed, maxEvmTxs } = setup;
  const raws: string[] = [];
  const rest: RestTx[] = [];
  const results: TxResult[] = [];
  const truth: TxTruth[] = [];
  const add = (tx: { raw: string; rest: RestTx; result: TxResult }, t: TxTruth) => {
    raws.push(tx.raw);
    rest.push(tx.rest);
    results.push(tx.result);
    truth.push(t);
  };
  const rand = prng(seed * 1_000_003 + height);
  const count = Math.floor(rand() * (setup.maxTxs + 1));
  for (let i = 0; i < count; i++) {
    const tx = sdkTx(setup, rand, height, i);
    add(tx, tx.truth);
  }
  // EVM txs draw from their own stream, so turning EVM on leaves the Cosmos txs above unchanged.
  const evmRand = prng(seed * 2_000_003 + height);
  const evmCount = Math.floor(evmRand() * (maxEvmTxs + 1));
  const evmTxs: EvmTxBuild[] = [];
  for (let j = 0; j < evmCount; j++) {
    const tx = buildEvmTx({
      seed,
      height,
      position: j,
      rand: evmRand,
      users: setup.evmUsers,
      contracts: setup.contracts,
      evmChainId: setup.evmChainId,
      density: setup.density,
      tokenIdStride: Math.max(16, maxEvmTxs),
    });
    evmTxs.push(tx);
    add(tx, evmCallTruth(tx, height, count + j));
  }
  // NFT txs come last and draw from nothing above: their schedule is its own (nft/nft-schedule.ts).
  for (const tx of setup.nft?.txs(height, truth.length) ?? []) add(tx, tx.truth);
  return { raws, rest, results, truth, evmTxs };
}
