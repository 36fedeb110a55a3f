/**
 * What one write of consecutive blocks stores, flattened across them (write-statement.ts turns it
 * into the statement's parameters): tx indices numbered from the first block's first tx, the NFT
 * changes in that numbering, and balance deltas summed per holder.
 */
import { BalanceLedger } from "./derive/balance-deltas.js";
import type { BlockBundle } from "./derive/derive-block.js";
import { nftRows } from "./derive/nft-rows.js";

/** The rows of consecutive blocks, flattened across them; `tx` indices count from the first block's first tx. */
export interface WriteRows {
  bundles: BlockBundle[];
  /** Height and time (BlockRow.timestamp, microseconds) of each tx of the write, by its index. */
  txHeights: string[];
  txTimestamps: string[];
  nft: ReturnType<typeof nftRows>;
  balances: ReturnType<BalanceLedger["deltas"]>;
}

/** Flattens consecutive blocks: tx indices, NFT changes and balance deltas across all of them. */
export function writeRows(bundles: BlockBundle[]): WriteRows {
  const txHeights: string[] = [];
  const txTimestamps: string[] = [];
  const ledger = new BalanceLedger();
  const changes: BlockBundle["nftChanges"] = [];
  for (const bundle of bundles) {
    const base = txHeights.length;
    for (const c of bundle.nftChanges) changes.push({ ...c, tx: base + c.tx });
    for (const d of bundle.balances) ledger.add(d.denom, d.account, d.amount);
    for (let i = 0; i < bundle.txs.length; i++) {
      txHeights.push(String(bundle.block.height));
      txTimestamps.push(bundle.block.timestamp);
    }
  }
  return { bundles, txHeights, txTimestamps, nft: nftRows(changes), balances: ledger.deltas() };
}
