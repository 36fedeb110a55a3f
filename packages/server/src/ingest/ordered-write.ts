/**
 * The writing half of the ingest loop: blocks arrive in height order (ordered-fetch.ts) and are
 * checked to form one chain, then written, grouped into transactions while the writer is the
 * bottleneck.
 */
import { BlockError, ChainMismatchError } from "./ingest-failure.js";

/** How a block names itself and its parent (hex hashes, any case). */
export interface ChainLinks<T> {
  hash(value: T): string;
  parent(value: T): string | undefined;
}

/**
 * Writes blocks as they arrive, in order: each write takes every block that arrived while the
 * previous one ran (at most `most`), so a fast writer writes one block at a time and a slow one
 * amortises its per-transaction cost. At most two writes' worth of blocks wait: past that, fetching
 * waits for the writer. Returns once everything that arrived is written (or throws the write's error).
 */
export async function writeGrouped<T>(
  blocks: AsyncIterable<{ height: bigint; value: T }>,
  writeBatch: (blocks: { height: bigint; value: T }[]) => Promise<void>,
  most: number,
  signal: AbortSignal,
  onCommit: (height: bigint, blocks: number) => void,
): Promise<void> {
  const queue: { height: bigint; value: T }[] = [];
  let writing: Promise<void> | undefined;
  let failure: { error: unknown } | undefined;
  const drain = async () => {
    while (queue.length > 0 && !failure) {
      const batch = queue.splice(0, most);
      const last = (batch.at(-1) as { height: bigint }).height;
      try {
        await writeBatch(batch);
      } catch (err) {
        throw new BlockError((batch[0] as { height: bigint }).height, "write", err);
      }
      onCommit(last, batch.length);
    }
  };
  const start = () => {
    writing ??= drain()
      .catch((error: unknown) => {
        failure = { error };
      })
      .finally(() => {
        writing = undefined;
      });
  };
  try {
    for await (const block of blocks) {
      if (failure || signal.aborted) break;
      queue.push(block);
      start();
      while (queue.length >= 2 * most && writing) await writing;
    }
  } finally {
    // Never leave a write running behind the caller: it owns the connection and the checkpoint.
    while (writing) await writing;
  }
  // Blocks that arrived as the last write was finishing.
  while (queue.length > 0 && !failure && !signal.aborted) {
    start();
    while (writing) await writing;
  }
  if (failure) throw failure.error;
}

/**
 * Passes `blocks` on while each one's parent is the block before it (the first one's: `tip`, the
 * hash stored at the checkpoint); throws ChainMismatchError at the first that is not. Calls `onTip`
 * with each block's hash as it passes.
 */
export async function* linked<T>(
  blocks: AsyncIterable<{ height: bigint; value: T }>,
  links: ChainLinks<T>,
  tip: string | undefined,
  onTip: (hash: string) => void,
): AsyncGenerator<{ height: bigint; value: T }> {
  let expected = tip?.toUpperCase();
  for await (const block of blocks) {
    const parent = links.parent(block.value)?.toUpperCase();
    if (expected && parent && parent !== expected)
      throw new ChainMismatchError(block.height - 1n, expected, parent);
    expected = links.hash(block.value).toUpperCase();
    onTip(expected);
    yield block;
  }
}
