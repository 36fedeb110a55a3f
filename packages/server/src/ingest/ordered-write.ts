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

export interface WriteGroupedOptions {
  /** Most blocks one write (one transaction) may carry. */
  most: number;
  /**
   * Writes sent before the oldest one is answered; each must be a transaction of its own that refuses
   * to write unless the one before it committed (the sink's checkpoint advance does). @default 1
   */
  inFlight?: number;
  signal: AbortSignal;
  /** Called in height order as each write commits. */
  onCommit(height: bigint, blocks: number): void;
}

/**
 * Writes blocks as they arrive, in order: each write takes every block that arrived while the
 * writes before it ran (at most `most`), so a fast writer writes one block at a time and a slow one
 * amortises its per-transaction cost. Up to `inFlight` writes are under way at once (the sink
 * pipelines them on its connection, query-pipeline.ts); they commit in the order sent, and after a
 * failed one the later ones are refused by the checkpoint, never applied. At most two writes' worth of
 * blocks wait: past that, fetching waits for the writer. Returns once everything that arrived is
 * written (or throws the first failed write's error).
 */
export async function writeGrouped<T>(
  blocks: AsyncIterable<{ height: bigint; value: T }>,
  writeBatch: (blocks: { height: bigint; value: T }[]) => Promise<void>,
  options: WriteGroupedOptions,
): Promise<void> {
  const { most, signal, onCommit } = options;
  const inFlight = Math.max(1, options.inFlight ?? 1);
  const queue: { height: bigint; value: T }[] = [];
  /** Writes sent, oldest first. */
  const writes: { first: bigint; last: bigint; done: Promise<void> }[] = [];
  let failure: { error: unknown } | undefined;
  /** Wakes whoever waits for the writer to make progress (a commit or a failure). */
  let progressed: () => void = () => undefined;
  let progress = new Promise<void>((resolve) => {
    progressed = resolve;
  });
  const notify = () => {
    progressed();
    progress = new Promise<void>((resolve) => {
      progressed = resolve;
    });
  };
  let settling: Promise<void> | undefined;

  /** Commits the sent writes in order, sending queued blocks as slots free up. */
  const settle = async () => {
    for (let write = writes[0]; write; write = writes[0]) {
      try {
        await write.done;
      } catch (err) {
        throw new BlockError(write.first, "write", err);
      }
      writes.shift();
      onCommit(write.last, Number(write.last - write.first) + 1);
      notify();
      send();
    }
  };
  const send = () => {
    // Behind a write under way, only a full write goes out: a partial one would split the blocks that
    // arrive while the first runs into more transactions than one write after it (measured: grouping
    // up to 64 blocks got slower with every ready block sent at once).
    while (
      !failure &&
      !signal.aborted &&
      writes.length < inFlight &&
      (writes.length === 0 ? queue.length > 0 : queue.length >= most)
    ) {
      const batch = queue.splice(0, most);
      const done = writeBatch(batch);
      // Awaited in order by settle(); a later write's refusal after an earlier failure is expected.
      done.catch(() => undefined);
      const first = (batch[0] as { height: bigint }).height;
      writes.push({ first, last: (batch.at(-1) as { height: bigint }).height, done });
    }
    settling ??= settle()
      .catch((error: unknown) => {
        failure ??= { error };
        notify();
      })
      .finally(() => {
        settling = undefined;
        // Whoever waits for room in the queue looks again (an abort may have left it full).
        notify();
        // A write sent after settle() saw none left and before this ran has no one awaiting it yet.
        if (writes.length > 0 && !failure) send();
      });
  };
  try {
    for await (const block of blocks) {
      if (failure || signal.aborted) break;
      queue.push(block);
      send();
      while (queue.length >= 2 * most && settling && !failure && !signal.aborted) await progress;
    }
    // Blocks that arrived as the last writes were finishing.
    while (!failure && !signal.aborted && (queue.length > 0 || settling)) {
      send();
      if (settling) await settling;
    }
  } finally {
    // Never leave a write running behind the caller: it owns the connection and the checkpoint.
    while (settling) await settling;
    await Promise.allSettled(writes.map((w) => w.done));
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
