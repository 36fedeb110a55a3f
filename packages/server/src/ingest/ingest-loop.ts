/**
 * The ingest loop of one chain: resume after the checkpoint, backfill to the node's head with
 * bounded-parallel fetches and strictly ordered writes, then follow the head by polling.
 *
 * Invariant (kept by the sink): the rows of block N are written in the same database transaction
 * that advances the checkpoint to N. So after a crash at any point the database holds exactly the
 * blocks up to its checkpoint, and resuming from checkpoint + 1 loses and duplicates nothing.
 */
import type { Logger } from "pino";
import { fetchInOrder } from "./ordered-fetch.js";
import type { Progress } from "./progress.js";

export interface BlockSource<T> {
  /** The latest height the node can serve. */
  head(signal: AbortSignal): Promise<bigint>;
  /** Everything the sink needs for one block (fetches retry inside). */
  fetch(height: bigint, signal: AbortSignal): Promise<T>;
  /** The hash of block `height` as the node reports it (hex, any case); enables the reset check. */
  blockHash?(height: bigint, signal: AbortSignal): Promise<string>;
}

export interface BlockSink<T> {
  /** The last committed height, or null before the first block. */
  checkpoint(): Promise<bigint | null>;
  /** Writes block `height` and advances the checkpoint to it, in one transaction. */
  write(height: bigint, block: T): Promise<void>;
  /** Writes consecutive blocks and advances the checkpoint to the last, in one transaction. */
  writeBatch?(blocks: { height: bigint; value: T }[]): Promise<void>;
  /** The hash stored for block `height` (hex, any case), or null when that block is not stored. */
  blockHash?(height: bigint): Promise<string | null>;
}

/**
 * The node serves another chain than the one indexed: its block at `height` has another hash than
 * the one stored (the node was reset, or points at another network). Never retried: following it
 * would mix two chains in one index.
 */
export class ChainMismatchError extends Error {
  constructor(
    readonly height: bigint,
    readonly indexedHash: string,
    readonly nodeHash: string,
  ) {
    super(`the hashes of block ${height} differ: indexed ${indexedHash}, node ${nodeHash}`);
    this.name = "ChainMismatchError";
  }
}

export interface IngestLoopOptions<T> {
  chainId: string;
  source: BlockSource<T>;
  sink: BlockSink<T>;
  /** First height to ingest on an empty database. @default 1n */
  startHeight?: bigint;
  /** Blocks fetched at once during backfill. @default 8 */
  concurrency?: number;
  /** How long to wait for a new block once caught up. @default 1000 */
  pollIntervalMs?: number;
  /** Head is re-read at least every this many blocks during a long backfill. @default 1000 */
  batchBlocks?: number;
  /** Wait after a failed round before resuming from the checkpoint. @default 1000 */
  retryDelayMs?: number;
  /**
   * Most blocks one transaction may carry (with `sink.writeBatch`). Blocks are only grouped when they
   * are already fetched while the previous write runs, i.e. when the writer is the bottleneck of a
   * backfill; following the head, every block is its own transaction. @default 1
   */
  commitBlocks?: number;
  /**
   * While the node's head is below the checkpoint (a node still syncing, a fresh devnet), a warning
   * naming both heights is logged at once and again every this many ms. @default 30000
   */
  behindWarnIntervalMs?: number;
  /** Stop once this height is committed (tests, datasets). */
  stopAtHeight?: bigint;
  signal: AbortSignal;
  logger: Logger;
  progress?: Progress;
}

/**
 * Waits `ms`, or less when `signal` aborts. The abort listener goes when the wait ends either way: the
 * loop sleeps once a poll for the life of the process, so a listener left behind per sleep piled up
 * on the one stop signal (MaxListenersExceededWarning after 10 polls, and a leak).
 */
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });

/**
 * Writes blocks as they arrive, in order: each write takes every block that arrived while the
 * previous one ran (at most `most`), so a fast writer writes one block at a time and a slow one
 * amortises its per-transaction cost. At most two writes' worth of blocks wait: past that, fetching
 * waits for the writer. Returns once everything that arrived is written (or throws the write's error).
 */
async function writeGrouped<T>(
  blocks: AsyncIterable<{ height: bigint; value: T }>,
  writeBatch: (blocks: { height: bigint; value: T }[]) => Promise<void>,
  most: number,
  signal: AbortSignal,
  onCommit: (height: bigint) => void,
): Promise<void> {
  const queue: { height: bigint; value: T }[] = [];
  let writing: Promise<void> | undefined;
  let failure: { error: unknown } | undefined;
  const drain = async () => {
    while (queue.length > 0 && !failure) {
      const batch = queue.splice(0, most);
      await writeBatch(batch);
      onCommit((batch.at(-1) as { height: bigint }).height);
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

/** Throws ChainMismatchError when node and index both know block `height` under different hashes. */
async function checkSameChain<T>(
  source: BlockSource<T>,
  sink: BlockSink<T>,
  height: bigint,
  signal: AbortSignal,
): Promise<void> {
  if (height < 1n || !source.blockHash || !sink.blockHash) return;
  const indexed = await sink.blockHash(height);
  if (indexed === null) return;
  const node = await source.blockHash(height, signal);
  if (node.toUpperCase() !== indexed.toUpperCase())
    throw new ChainMismatchError(height, indexed.toUpperCase(), node.toUpperCase());
}

/**
 * Runs until `signal` aborts or `stopAtHeight` is committed; returns the last committed height.
 * Throws ChainMismatchError when the node turns out to serve another chain than the one indexed.
 */
export async function runIngestLoop<T>(options: IngestLoopOptions<T>): Promise<bigint | null> {
  const { source, sink, signal, logger } = options;
  const concurrency = options.concurrency ?? 8;
  const batch = BigInt(options.batchBlocks ?? 1000);
  const behindWarnMs = options.behindWarnIntervalMs ?? 30_000;
  const log = logger.child({ chain_id: options.chainId });
  let committed = await sink.checkpoint();
  log.info({ checkpoint: committed === null ? null : Number(committed) }, "ingest starting");
  /** The checkpoint's block was compared with the node's (once per run, when the node has it). */
  let verified = false;
  /** When the node-behind warning was last logged; null while the node is not behind. */
  let behindWarnedAt: number | null = null;
  while (!signal.aborted) {
    if (options.stopAtHeight !== undefined && committed !== null && committed >= options.stopAtHeight) break;
    try {
      const head = await source.head(signal);
      if (committed !== null && head < committed) {
        // Never wait in silence: say at once (and then now and again) that the node is behind, and
        // compare the newest block both have, so a reset chain stops here instead of being waited for.
        const now = Date.now();
        if (behindWarnedAt === null || now - behindWarnedAt >= behindWarnMs) {
          await checkSameChain(source, sink, head, signal);
          behindWarnedAt = now;
          log.warn(
            { node_height: Number(head), checkpoint: Number(committed) },
            `the node's latest height ${head} is below the indexed height ${committed}; waiting for the node to catch up`,
          );
        }
        await sleep(options.pollIntervalMs ?? 1000, signal);
        continue;
      }
      if (behindWarnedAt !== null) {
        behindWarnedAt = null;
        log.info({ node_height: Number(head), checkpoint: Number(committed) }, "the node has caught up");
      }
      if (!verified && committed !== null) {
        await checkSameChain(source, sink, committed, signal);
        verified = true;
      }
      const from = committed === null ? (options.startHeight ?? 1n) : committed + 1n;
      let to = head < from + batch - 1n ? head : from + batch - 1n;
      if (options.stopAtHeight !== undefined && to > options.stopAtHeight) to = options.stopAtHeight;
      if (to < from) {
        await sleep(options.pollIntervalMs ?? 1000, signal);
        continue;
      }
      const blocks = fetchInOrder({ from, to, concurrency, fetch: source.fetch, signal });
      const onCommit = (height: bigint) => {
        committed = height;
        options.progress?.committed(height, head);
      };
      const commitBlocks = options.commitBlocks ?? 1;
      if (sink.writeBatch && commitBlocks > 1) {
        await writeGrouped(blocks, sink.writeBatch.bind(sink), commitBlocks, signal, onCommit);
      } else {
        for await (const { height, value } of blocks) {
          if (signal.aborted) break;
          await sink.write(height, value);
          onCommit(height);
        }
      }
    } catch (err) {
      if (signal.aborted) break;
      if (err instanceof ChainMismatchError) {
        options.progress?.done();
        throw err;
      }
      log.warn(
        { err, checkpoint: committed === null ? null : Number(committed) },
        "ingest round failed; resuming from the checkpoint",
      );
      await sleep(options.retryDelayMs ?? 1000, signal);
      // The failure may have hit mid-write: trust only what the database committed.
      committed = await sink.checkpoint().catch(() => committed);
    }
  }
  options.progress?.done();
  log.info({ checkpoint: committed === null ? null : Number(committed) }, "ingest stopped");
  return committed;
}
