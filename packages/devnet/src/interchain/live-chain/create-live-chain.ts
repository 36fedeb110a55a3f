/**
 * A chain that accepts broadcasts: signed txs enter a mempool (CheckTx verifies the signature, the
 * account number and sequence, as a node does) and run when the next block is sealed, through
 * message handlers (modules) that move balances and emit the events a real node emits. Relayers and
 * bridge executors add their own txs with `inject`. Each sealed block is the background chain's
 * block at that height with these txs appended, so a live L1 still carries the seeded traffic the
 * indexer is tested on. The pieces: ledger.ts (accounts, balances), mempool.ts and check-tx.ts
 * (admission), deliver-tx.ts (execution), coin-moves.ts (the coins txs move, and their events),
 * live-bank.ts (the bank state at a height), tx-index.ts (tx search).
 *
 * NFTs likewise: the background's seeded NFT txs, and the live NFTs (nft/live-nfts.ts) that live
 * txs create and move; `nftTruth` and the NFT queries (resources, contract records, eth_call) read
 * the live ones first.
 *
 * Balances have two sources: the background's bank (its seeded accounts and what its blocks move
 * in the fee denom) and the live ledger (genesis given here, and what live txs move). A read adds
 * the two, so `by_denom`, the bank state at the head and the blocks' coin events agree. Spending
 * checks the ledger alone: the background's accounts have no keys to sign with.
 */

import { FEE_DENOM } from "../../chain/chain-bank.js";
import type { Chain } from "../../chain/chain-types.js";
import type { TxTruth } from "../../chain/tx-truth.js";
import type { BlockPayload } from "../../payloads.js";
import { cw721Contract } from "../nft/cw721-nfts.js";
import { erc721EthCall } from "../nft/erc721-nfts.js";
import { createLiveNfts, mergeNftTruth } from "../nft/live-nfts.js";
import { moveNftResource } from "../nft/move-nfts.js";
import { type CoinMove, logMove } from "./coin-moves.js";
import { deliverTx, type MsgRoutes } from "./deliver-tx.js";
import { createLedger } from "./ledger.js";
import { liveBank } from "./live-bank.js";
import type { IndexedTx, LiveChain } from "./live-chain-types.js";
import { createMempool } from "./mempool.js";
import { createTxIndex } from "./tx-index.js";

export function createLiveChain(options: {
  background: Chain;
  /** Initial balances: address -> denom -> amount. */
  genesis?: Record<string, Record<string, bigint>>;
}): LiveChain {
  const { background } = options;
  const ledger = createLedger(options.genesis ?? {});
  const mempool = createMempool(background, ledger);
  const index = createTxIndex();
  const nfts = createLiveNfts();
  const routes: MsgRoutes = new Map();
  const sealed = new Map<
    number,
    { payload: BlockPayload; txs: IndexedTx[]; truth: TxTruth[]; moves: CoinMove[] }
  >();
  const listeners: ((height: number, txs: IndexedTx[]) => void)[] = [];
  let head = 0;
  /** The ledger moves of the block being sealed; undefined between seals. */
  let delivering: CoinMove[] | undefined;
  const bank =
    background.bank &&
    liveBank({
      prefix: background.prefix,
      background: background.bank,
      genesis: options.genesis ?? {},
      movesAt: (height) => sealed.get(height)?.moves ?? [],
    });
  const backgroundBalance = (address: string, denom: string) =>
    denom === FEE_DENOM && background.bank ? (background.bank.balances(head).get(address) ?? 0n) : 0n;

  const chain: LiveChain = {
    chainId: background.chainId,
    prefix: background.prefix,
    accounts: background.accounts,
    // The EVM view (JSON-RPC blocks of the indexer's EVM mode) is the background's.
    vm: background.vm,
    evmChainId: background.evmChainId,
    evmAccounts: background.evmAccounts,
    evm: (height) => background.evm(height),
    state: new Map(),
    nfts,
    ...(bank ? { bank } : {}),
    get head() {
      return head;
    },
    submit: mempool.submit,
    inject: mempool.inject,
    injectSigned: mempool.injectSigned,
    seal(height) {
      if (height !== head + 1) throw new Error(`seal ${height} after ${head}`);
      const base = background.block(height);
      const time = base.block.block.header.time;
      const txs: IndexedTx[] = [];
      const truth: TxTruth[] = [...background.truth(height)];
      const baseCount = base.block.block.data.txs.length;
      const moves: CoinMove[] = [];
      delivering = moves;
      try {
        for (const [i, entry] of mempool.drain().entries()) {
          const delivered = deliverTx(chain, routes, entry, { height, time, index: baseCount + i, moves });
          truth.push(delivered.truth);
          txs.push(delivered.tx);
          index.add(delivered.tx);
        }
      } finally {
        delivering = undefined;
      }
      const results = [...(base.results.txs_results ?? []), ...txs.map((t) => t.result)];
      const payload: BlockPayload = {
        block: {
          ...base.block,
          block: {
            ...base.block.block,
            data: { txs: [...base.block.block.data.txs, ...txs.map((t) => t.raw)] },
          },
        },
        results: { ...base.results, txs_results: results.length === 0 ? null : results },
        txs: [...base.txs, ...txs.map((t) => t.rest)],
      };
      sealed.set(height, { payload, txs, truth, moves });
      head = height;
      for (const l of listeners) l(height, txs);
    },
    block(height) {
      const b = sealed.get(height);
      if (!b) throw new Error(`block ${height} is not sealed (head ${head})`);
      return b.payload;
    },
    truth: (height) => sealed.get(height)?.truth ?? [],
    nftTruth: (height) => mergeNftTruth(background.nftTruth(height), nfts.truth(height)),
    wasmContract: (addr, height) =>
      cw721Contract(nfts, addr, height) ?? background.wasmContract(addr, height),
    moveResource: (address, structTag, height) =>
      moveNftResource(nfts, address, structTag, height) ??
      background.moveResource(address, structTag, height),
    evmCall(to, data, height) {
      const live = erc721EthCall(nfts, to, data, height ?? head);
      if (live) return "output" in live ? live.output : undefined;
      return background.evmCall(to, data);
    },
    contractByDenom: (denom) => background.contractByDenom(denom),
    validator: (valoper) => background.validator(valoper),
    findTx: index.findTx,
    searchTxs: index.searchTxs,
    account: ledger.account,
    balance: (address, denom) => ledger.balance(address, denom) + backgroundBalance(address, denom),
    credit(ctx, address, denom, amount) {
      ledger.credit(ctx, address, denom, amount);
      logMove(delivering, ctx, { to: address, denom, amount });
    },
    debit(ctx, address, denom, amount) {
      ledger.debit(ctx, address, denom, amount);
      logMove(delivering, ctx, { from: address, denom, amount });
    },
    handle(typeUrl, run, toJson, handleOptions) {
      routes.set(typeUrl, {
        run,
        bankEvents: handleOptions?.bankEvents ?? true,
        ...(toJson ? { toJson } : {}),
      });
    },
    onSealed(listener) {
      listeners.push(listener);
    },
  };
  return chain;
}
