/** A live chain's tx indexer, as a node keeps it: txs by hash and by `type.key=value` event attribute. */
import type { IndexedTx, LiveChain } from "./live-chain-types.js";

export interface TxIndex extends Pick<LiveChain, "findTx" | "searchTxs"> {
  add(tx: IndexedTx): void;
}

export function createTxIndex(): TxIndex {
  const byHash = new Map<string, IndexedTx>();
  /** `type.key=value` -> txs with that event attribute. */
  const byEvent = new Map<string, IndexedTx[]>();
  return {
    add(tx) {
      byHash.set(tx.hash, tx);
      for (const e of tx.result.events) {
        for (const a of e.attributes) {
          const key = `${e.type}.${a.key}=${a.value}`;
          const list = byEvent.get(key);
          if (list) list.push(tx);
          else byEvent.set(key, [tx]);
        }
      }
    },
    findTx: (hash) => byHash.get(hash.replace(/^0x/i, "").toUpperCase()),
    searchTxs(conditions) {
      const out: IndexedTx[] = [];
      const first = conditions[0];
      const candidates = first
        ? (byEvent.get(`${first.type}.${first.key}=${first.value}`) ?? [])
        : [...byHash.values()];
      for (const tx of new Set(candidates)) {
        const ok = conditions.every((c) =>
          tx.result.events.some(
            (e) => e.type === c.type && e.attributes.some((a) => a.key === c.key && a.value === c.value),
          ),
        );
        if (ok) out.push(tx);
      }
      return out.sort((a, b) => a.height - b.height || a.index - b.index);
    },
  };
}
