/**
 * A chain whose recent blocks are built once. A node serves every block several times (`/block`,
 * `/block_results`, the REST txs, the EVM receipts and traces, retries), and rebuilding a seeded block
 * signs no tx but still encodes and hashes every one of them: without this the devnet spent more
 * CPU per block than the indexer it feeds, on the same cores. Served blocks never change, so a
 * cached one is always the block.
 */
import type { Chain } from "./chain/chain-types.js";

/** Remembers the latest `size` values of `build`, evicting the oldest inserted. */
function memo<T>(build: (height: number) => T, size: number): (height: number) => T {
  const cache = new Map<number, T>();
  return (height) => {
    let value = cache.get(height);
    if (value === undefined) {
      value = build(height);
      cache.set(height, value);
      if (cache.size > size) cache.delete(cache.keys().next().value as number);
    }
    return value;
  };
}

/** `chain` with `block` and `evm` cached; everything else (getters of a live chain too) reads through. */
export function cachedChain<C extends Chain>(chain: C, size = 512): C {
  const block = memo((h) => chain.block(h), size);
  const evm = memo((h) => chain.evm(h), size);
  return Object.create(chain, { block: { value: block }, evm: { value: evm } }) as C;
}
