/**
 * The ingest loop of one chain: resume after the checkpoint, backfill to the node's head with
 * bounded-parallel fetches and strictly ordered writes, then follow the head by polling.
 *
 * Invariant (kept by the sink): the rows of block N are written in the same database transaction
 * that advances the checkpoint to N. So after a crash at any point the database holds exactly the
 * blocks up to its checkpoint, and resuming from checkpoint + 1 loses and duplicates nothing.
 */
import type { Logger } from "pino";
import type { BackfillBudget } from "./backfill-budget.js";
import { BACKOFF_MAX_MS, createBackoff, DATABASE_BACKOFF_MAX_MS } from "./backoff.js";
import {
  BlockError,
  ChainMismatchError,
  classifyIngestFailure,
  failureFields,
  type IngestFailure,
  WriterLockLostError,
} from "./ingest-failure.js";
import type { IngestStatus } from "./ingest-status.js";
import { fetchInOrder } from "./ordered-fetch.js";
import { type ChainLinks, linked, writeGrouped } from "./ordered-write.js";
import type { Progress } from "./progress.js";

export { ChainMismatchError };

/** A failure that repeats this many times in a row is logged at error, not warn. */
const REPEATED_FAILURES_ERROR = 3;

/**
 * A round of at most this many blocks is following the head, not backfilling: the backfill budget
 * never delays it. A poll finds one or two new blocks on a live chain (blocks every 0.5-1 s, a poll
 * every second); a caught-up chain must stay fresh however busy the others' backfills are.
 */
const FOLLOWING_BLOCKS = 4n;

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
  /**
   * First wait after a failed round before resuming from the checkpoint; it doubles (with jitter) on
   * each failure in a row up to `retryMaxDelayMs`, and starts over after a commit. @default 500
   */
  retryDelayMs?: number;
  /** @default BACKOFF_MAX_MS (30 s) */
  retryMaxDelayMs?: number;
  /** The backoff's jitter source (tests fix it). @default Math.random */
  random?: () => number;
  /**
   * Most blocks one transaction may carry (with `sink.writeBatch`). Blocks are only grouped when they
   * are already fetched while the previous write runs, i.e. when the writer is the bottleneck of a
   * backfill; following the head, every block is its own transaction. @default 1
   */
  commitBlocks?: number;
  /**
   * Writes sent to the sink before the oldest is answered (with `sink.writeBatch`, which must then
   * take them concurrently and apply them in order, each refused unless the one before committed).
   * Only a backfill has more than one block ready. @default 1
   */
  writesInFlight?: number;
  /**
   * While the node's head is below the checkpoint (a node still syncing, a fresh devnet), a warning
   * naming both heights is logged at once and again every this many ms. @default 30000
   */
  behindWarnIntervalMs?: number;
  /**
   * Paces the fetches of a backfill (rounds of more than FOLLOWING_BLOCKS blocks): one permit per
   * block, shared with the other chains of the process (backfill-budget.ts). None: as fast as it goes.
   */
  backfillBudget?: BackfillBudget | undefined;
  /** Stop once this height is committed (tests, datasets). */
  stopAtHeight?: bigint;
  signal: AbortSignal;
  logger: Logger;
  progress?: Progress;
  /** Heights, errors and stalls for metrics and /ready (ingest-status.ts). */
  status?: IngestStatus;
  /**
   * How a block names itself and its parent: each block's parent must be the block written before
   * it (or stored at the checkpoint), else ChainMismatchError. Costs no request: the header is
   * fetched anyway. None: not checked.
   */
  links?: ChainLinks<T>;
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
 * Every failure but a chain mismatch is retried with backoff from the checkpoint (a database or node
 * outage heals by itself; a deterministic failure is logged at error each time, with its height and
 * node method, so it is seen). Throws ChainMismatchError when the node turns out to serve another
 * chain than the one indexed.
 */
export async function runIngestLoop<T>(options: IngestLoopOptions<T>): Promise<bigint | null> {
  const { source, sink, signal, logger, status } = options;
  const concurrency = options.concurrency ?? 8;
  const batch = BigInt(options.batchBlocks ?? 1000);
  const behindWarnMs = options.behindWarnIntervalMs ?? 30_000;
  const pollMs = options.pollIntervalMs ?? 1000;
  const log = logger.child({ chain_id: options.chainId });
  const backoff = createBackoff({
    baseMs: options.retryDelayMs ?? 500,
    maxMs: options.retryMaxDelayMs ?? BACKOFF_MAX_MS,
    ...(options.random ? { random: options.random } : {}),
  });
  /** The checkpoint as the database last said; undefined until read (again, after a failure). */
  let committed: bigint | null | undefined;
  /** The last height known committed, for the return value and logs even while the database is away. */
  let known: bigint | null = null;
  /** The checkpoint's block was compared with the node's (once per run, when the node has it). */
  let verified = false;
  let started = false;
  /**
   * The hash of the last block handed to the writer (`links`): the parent the next block must name.
   * Forgotten after a failure (that block may not have committed) and read again from the database.
   */
  let tip: string | undefined;
  /** When the node-behind warning was last logged; null while the node is not behind. */
  let behindWarnedAt: number | null = null;
  /** The failures since the last progress: when they began and the last one. */
  let failing: { since: number; last: IngestFailure } | undefined;
  const checkpointField = () => (known === null ? null : Number(known));

  /** Progress after failures: say what healed, and start the backoff over. */
  const recovered = (what: string) => {
    if (!failing) return;
    const seconds = ((Date.now() - failing.since) / 1000).toFixed(1);
    const reachable =
      failing.last.kind === "database"
        ? `database reachable again after ${seconds} s`
        : failing.last.kind === "node"
          ? `node reachable again after ${seconds} s`
          : `ingestion recovered after ${seconds} s`;
    log.info(
      { failures: backoff.failures, last_error: failing.last.message, checkpoint: checkpointField() },
      `${reachable}; ${what}`,
    );
    failing = undefined;
    backoff.reset();
  };
  const idle = () => {
    status?.idle();
    recovered("nothing to ingest right now");
  };

  while (!signal.aborted) {
    if (options.stopAtHeight !== undefined && known !== null && known >= options.stopAtHeight) break;
    try {
      if (committed === undefined) {
        committed = await sink.checkpoint();
        known = committed;
        if (!started) log.info({ checkpoint: checkpointField() }, "ingest starting");
        started = true;
        if (options.stopAtHeight !== undefined && committed !== null && committed >= options.stopAtHeight)
          break;
      }
      const head = await source.head(signal);
      status?.head(head);
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
        idle();
        await sleep(pollMs, signal);
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
        idle();
        await sleep(pollMs, signal);
        continue;
      }
      if (options.links && tip === undefined && committed !== null && sink.blockHash)
        tip = (await sink.blockHash(committed)) ?? undefined;
      const budget = to - from + 1n > FOLLOWING_BLOCKS ? options.backfillBudget : undefined;
      const fetched = fetchInOrder({
        from,
        to,
        concurrency,
        // The height rides along with the failure, into the logs and the classification.
        fetch: async (height, s) => {
          await budget?.take(s);
          return source.fetch(height, s).catch((err: unknown) => {
            throw new BlockError(height, "fetch", err);
          });
        },
        signal,
      });
      const blocks = options.links
        ? linked(fetched, options.links, tip, (hash) => {
            tip = hash;
          })
        : fetched;
      const onCommit = (height: bigint, count: number) => {
        committed = height;
        known = height;
        options.progress?.committed(height, head);
        status?.committed(height, count);
        recovered(`resumed at block ${height}`);
      };
      const commitBlocks = options.commitBlocks ?? 1;
      const writesInFlight = options.writesInFlight ?? 1;
      if (sink.writeBatch && (commitBlocks > 1 || writesInFlight > 1)) {
        await writeGrouped(blocks, sink.writeBatch.bind(sink), {
          most: commitBlocks,
          inFlight: writesInFlight,
          signal,
          onCommit,
        });
      } else {
        for await (const { height, value } of blocks) {
          if (signal.aborted) break;
          try {
            await sink.write(height, value);
          } catch (err) {
            throw new BlockError(height, "write", err);
          }
          onCommit(height, 1);
        }
      }
    } catch (err) {
      tip = undefined;
      if (signal.aborted) break;
      const failure = classifyIngestFailure(err);
      if (failure.fatal) {
        status?.stopped(failure);
        options.progress?.done();
        throw err instanceof BlockError && err.cause instanceof ChainMismatchError ? err.cause : err;
      }
      status?.failed(failure);
      failing = { since: failing?.since ?? Date.now(), last: failure };
      const delay = backoff.next(failure.kind === "database" ? DATABASE_BACKOFF_MAX_MS : undefined);
      const fields = {
        err,
        ...failureFields(failure),
        checkpoint: checkpointField(),
        failures: backoff.failures,
        retry_in_ms: delay,
      };
      const where = `${failure.height === undefined ? "" : ` at block ${failure.height}`}${failure.endpoint === undefined ? "" : ` (${failure.endpoint})`}`;
      const line = `ingest failed${where}, ${failure.kind}: ${failure.message}; retrying from the checkpoint in ${delay} ms`;
      // A deterministic failure will not heal by waiting: an operator has to see it.
      if (failure.deterministic || backoff.failures >= REPEATED_FAILURES_ERROR) log.error(fields, line);
      else log.warn(fields, line);
      await sleep(delay, signal);
      // The failure may have hit mid-write: trust only what the database committed.
      committed = undefined;
    }
  }
  options.progress?.done();
  // A lost writer lock pauses ingestion, it does not end it: run-ingest.ts says so and takes it again.
  if (!(signal.reason instanceof WriterLockLostError))
    log.info({ checkpoint: checkpointField() }, "ingest stopped");
  return known;
}
