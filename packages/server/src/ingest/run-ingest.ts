/**
 * `weft ingest`: one chain's writer. Waits its turn for the per-chain writer lock (other processes
 * may stand by), then runs the ingest loop until stopped. Progress goes to the terminal when there
 * is one, to structured logs otherwise.
 *
 * Nothing the database does stops it: a lost lock connection (a restart, a failover, a partition,
 * pg_terminate_backend) stops the writes at once, then the lock is taken again with backoff (or,
 * when another process took it meanwhile, this one stands by) and ingestion resumes from the
 * checkpoint. Only what cannot heal ends it: a node unusable at startup, another chain.
 */
import type { Logger } from "pino";
import { createHttpJson, RPC_TIMEOUT_MS } from "../chain/http-json.js";
import type { Database } from "../db/database.js";
import { COMMIT_BLOCKS, INGEST_CONCURRENCY, WRITES_IN_FLIGHT } from "../setting-defaults.js";
import { acquireWriterLock, logFailure, sleep } from "./acquire-writer-lock.js";
import type { BackfillBudget } from "./backfill-budget.js";
import { createBackoff } from "./backoff.js";
import { createCw721Collections } from "./cw721-collections.js";
import { type BlockBundle, deriveBlock } from "./derive/derive-block.js";
import { createErc721Metadata } from "./erc721-metadata.js";
import { ChainMismatchError, classifyIngestFailure, DeriveError } from "./ingest-failure.js";
import { type BlockSource, runIngestLoop } from "./ingest-loop.js";
import type { IngestStatus } from "./ingest-status.js";
import { createInitialBalances } from "./initial-balances.js";
import { createMoveFungibleDenoms } from "./move-fungible-denoms.js";
import { createMoveNftUris } from "./move-nft-uris.js";
import { probeNode } from "./node-probe.js";
import { createNodeSource } from "./node-source.js";
import { createPostgresSink } from "./postgres-sink.js";
import { createProgress } from "./progress.js";

const STANDBY_POLL_MS = 5_000;
/**
 * Retries of the first request to each endpoint: enough for a blip, few enough that a wrong URL is
 * reported within a second instead of after the loop's full backoff.
 */
const PROBE_RETRIES = 2;

export interface RunIngestOptions {
  /** `embedded` unknown: treated as embedded (one write in flight). */
  db: Pick<Database, "pool"> & Partial<Pick<Database, "embedded">>;
  logger: Logger;
  rpcUrl: string;
  restUrl: string;
  /** Whether REST_URL was set (else `restUrl` is the RPC URL); only changes the hint of a REST failure. @default true */
  restUrlSet?: boolean;
  /** EVM chains: the node's JSON-RPC, read for receipts and call traces. */
  jsonRpcUrl?: string | undefined;
  chainId?: string | undefined;
  /**
   * Refuse a node that reports another chain id than `chainId` (a chains file naming the wrong URL
   * would otherwise write one chain's blocks into another's schema). @default false: CHAIN_ID
   * overrides what a one-chain node reports, as it always has.
   */
  checkNetwork?: boolean;
  prefix: string;
  startHeight: bigint;
  /** Blocks fetched in parallel while backfilling. @default INGEST_CONCURRENCY */
  concurrency?: number;
  /** Most blocks one transaction carries while backfilling (ingest-loop.ts). @default COMMIT_BLOCKS */
  commitBlocks?: number;
  /**
   * Writes sent before the oldest is answered while backfilling (ingest-loop.ts, query-pipeline.ts).
   * Always 1 on the embedded database (or when `db` does not say which it is).
   * @default WRITES_IN_FLIGHT
   */
  writesInFlight?: number;
  /** Paces backfills (INGEST_BACKFILL_RATE; backfill-budget.ts), shared with other chains. None: unpaced. */
  backfillBudget?: BackfillBudget | undefined;
  signal: AbortSignal;
  stopAtHeight?: bigint;
  tty?: NodeJS.WriteStream | undefined;
  /** How long one request to the node may take before it is abandoned and retried. @default RPC_TIMEOUT_MS */
  rpcTimeoutMs?: number | undefined;
  /** How often a node behind the checkpoint is reported again (ingest-loop.ts). @default 30000 */
  behindWarnIntervalMs?: number;
  /** Heights, errors and stalls for /metrics and /ready (ingest-status.ts); none: not reported. */
  status?: IngestStatus | undefined;
  /** First retry delay of the loop and of taking the lock again (backoff.ts). @default 500 */
  retryDelayMs?: number;
  /** Longest retry delay. @default 30000 */
  retryMaxDelayMs?: number;
  /** How often a standby tries to take the lock. @default STANDBY_POLL_MS */
  standbyPollMs?: number;
  /** How often the lock holder checks its connection (writer-lock.ts). @default 5000 */
  lockHeartbeatMs?: number;
}

/**
 * Runs ingestion until `signal` aborts (or `stopAtHeight`). Throws, with a message that is the whole
 * line the CLI prints, when a node endpoint cannot be used at startup (NodeProbeError) or when the
 * node serves another chain than the one indexed. Database failures never end it (see the module
 * comment).
 */
export async function runIngest(options: RunIngestOptions): Promise<bigint | null> {
  const timeoutMs = options.rpcTimeoutMs ?? RPC_TIMEOUT_MS;
  const { status } = options;
  if (options.chainId) status?.start(options.chainId);
  let probe: Awaited<ReturnType<typeof probeNode>>;
  try {
    probe = await probeNode({
      http: createHttpJson({ timeoutMs, retries: PROBE_RETRIES }),
      rpcUrl: options.rpcUrl,
      restUrl: options.restUrl,
      restUrlSet: options.restUrlSet ?? true,
      jsonRpcUrl: options.jsonRpcUrl,
      signal: options.signal,
    });
  } catch (err) {
    // A node unusable at startup ends ingestion: /ready says so at once.
    if (!options.signal.aborted) status?.stopped({ ...classifyIngestFailure(err), fatal: true });
    throw err;
  }
  if (options.checkNetwork && options.chainId && probe.network && probe.network !== options.chainId) {
    const failure = new Error(
      `the node at ${options.rpcUrl} serves chain ${probe.network}, not ${options.chainId}: fix the chain's URLs`,
    );
    status?.stopped({ ...classifyIngestFailure(failure), fatal: true });
    throw failure;
  }
  const chainId = options.chainId ?? probe.network;
  if (!chainId) throw new Error(`the node at ${options.rpcUrl} does not report its chain id; set CHAIN_ID`);
  if (!options.chainId) status?.start(chainId);
  const log = options.logger.child({ chain_id: chainId });
  const http = createHttpJson({ timeoutMs });
  const node = createNodeSource({
    rpcUrl: options.rpcUrl,
    restUrl: options.restUrl,
    jsonRpcUrl: options.jsonRpcUrl,
    http,
  });
  // Collection names (and ERC-721 token URIs) live in the contracts, not in their events.
  const cw721 = createCw721Collections({ http, restUrl: options.restUrl, prefix: options.prefix });
  // A Move NFT's uri lives in its object's 0x1::nft::Nft resource, not in its mint event.
  const moveUris = createMoveNftUris({ http, restUrl: options.restUrl });
  // A Move coin's store changes name its metadata object; the node names its denom.
  const moveDenoms = createMoveFungibleDenoms({ http, restUrl: options.restUrl });
  const erc721 = options.jsonRpcUrl
    ? createErc721Metadata({ http, jsonRpcUrl: options.jsonRpcUrl })
    : undefined;
  const progress = createProgress({ chainId, logger: options.logger, tty: options.tty });
  const backoff = createBackoff({
    ...(options.retryDelayMs === undefined ? {} : { baseMs: options.retryDelayMs }),
    ...(options.retryMaxDelayMs === undefined ? {} : { maxMs: options.retryMaxDelayMs }),
  });
  let committed: bigint | null = null;
  let lostBefore = false;
  while (!options.signal.aborted) {
    const lock = await acquireWriterLock({
      pool: options.db.pool,
      chainId,
      signal: options.signal,
      log,
      backoff,
      status,
      standbyPollMs: options.standbyPollMs ?? STANDBY_POLL_MS,
      heartbeatMs: options.lockHeartbeatMs,
      again: lostBefore,
    });
    if (!lock) break;
    // Losing the lock (its connection died or went silent) means another writer may start: stop
    // writing at once, then take it again from the top.
    const stop = new AbortController();
    const onAbort = () => stop.abort(options.signal.reason);
    options.signal.addEventListener("abort", onAbort, { once: true });
    // A stop that came while the lock was being taken fires no event now: without this, ingestion
    // followed the head for good (a Ctrl-C during `weft dev`'s startup never ended the process).
    if (options.signal.aborted) onAbort();
    void lock.lost.then((reason) => {
      if (stop.signal.aborted) return;
      // Said at once: a write in flight may still take up to its timeout to end (a black hole).
      log.warn({ err: reason }, "writer lock lost; stopping writes");
      stop.abort(reason);
    });
    const sink = createPostgresSink({
      pool: options.db.pool,
      chainId,
      ownSession: options.db.embedded === false,
    });
    try {
      // On an empty index the first block also carries every account's balances after it, read from
      // the node, so the rich list starts from the chain's balances (initial-balances.ts). They commit
      // with that block and its checkpoint: read once, never twice.
      const initial =
        (await sink.checkpoint()) === null
          ? createInitialBalances({
              http,
              probe: createHttpJson({ timeoutMs, retries: 0 }),
              restUrl: options.restUrl,
              prefix: options.prefix,
              evm: options.jsonRpcUrl !== undefined,
              logger: log,
            })
          : undefined;
      // Each block's parent, as its header names it, for the loop's chain check (`links`).
      const parents = new WeakMap<BlockBundle, string>();
      // Derive as each block arrives, while the writer waits on Postgres, not in the writer's turn.
      const source: BlockSource<BlockBundle> = {
        head: node.head,
        ...(node.blockHash ? { blockHash: node.blockHash } : {}),
        fetch: async (height, signal) => {
          const payload = await node.fetch(height, signal);
          let derived: BlockBundle;
          try {
            derived = deriveBlock(payload, options.prefix);
          } catch (err) {
            throw new DeriveError(height, err);
          }
          const coins = await moveDenoms.enrich(derived, signal);
          const named = await moveUris.enrich(await cw721.enrich(coins, signal), height, signal);
          const enriched = erc721 ? await erc721.enrich(named, height, signal) : named;
          // The loop starts an empty index at startHeight (ingest-loop.ts), and only an empty one.
          const bundle =
            initial && height === options.startHeight
              ? await initial.apply(enriched, height, signal)
              : enriched;
          const parent = payload.block.block.header.last_block_id?.hash;
          if (parent) parents.set(bundle, parent);
          return bundle;
        },
      };
      const before: bigint | null = committed;
      committed =
        (await runIngestLoop<BlockBundle>({
          chainId,
          source,
          sink,
          startHeight: options.startHeight,
          concurrency: options.concurrency ?? INGEST_CONCURRENCY,
          commitBlocks: options.commitBlocks ?? COMMIT_BLOCKS,
          // PGlite serves every connection from one session: one write at a time there.
          writesInFlight: options.db.embedded === false ? (options.writesInFlight ?? WRITES_IN_FLIGHT) : 1,
          backfillBudget: options.backfillBudget,
          signal: stop.signal,
          logger: options.logger,
          progress,
          status,
          links: { hash: (b) => b.block.hash.toString("hex"), parent: (b) => parents.get(b) },
          ...(options.retryDelayMs === undefined ? {} : { retryDelayMs: options.retryDelayMs }),
          ...(options.retryMaxDelayMs === undefined ? {} : { retryMaxDelayMs: options.retryMaxDelayMs }),
          ...(options.stopAtHeight !== undefined ? { stopAtHeight: options.stopAtHeight } : {}),
          ...(options.behindWarnIntervalMs !== undefined
            ? { behindWarnIntervalMs: options.behindWarnIntervalMs }
            : {}),
        })) ?? committed;
      if (options.signal.aborted) break;
      if (options.stopAtHeight !== undefined && committed !== null && committed >= options.stopAtHeight)
        break;
      if (committed !== before) backoff.reset();
      // Only a lost lock ends the loop otherwise.
      const reason = stop.signal.reason as unknown;
      const failure = classifyIngestFailure(reason);
      status?.failed(failure);
      log.info(
        { err: reason, checkpoint: committed === null ? null : Number(committed) },
        "writes stopped; taking the writer lock again (another process may take over meanwhile)",
      );
    } catch (err) {
      if (err instanceof ChainMismatchError)
        throw new Error(
          `the chain at ${options.rpcUrl} is not the one indexed: the hashes of block ${err.height} differ ` +
            `(indexed ${err.indexedHash}, node ${err.nodeHash}), so the node was reset or serves another network; ` +
            "index it into a new database (another DATABASE_URL, or a new WEFT_DATA_DIR for the embedded one)",
          { cause: err },
        );
      if (options.signal.aborted) break;
      // Before the loop ran (the checkpoint read of the initial balances): the database went away.
      const failure = classifyIngestFailure(err);
      status?.failed(failure);
      logFailure(log, failure, err, backoff, `ingest could not start, ${failure.kind}: ${failure.message}`);
    } finally {
      sink.close();
      options.signal.removeEventListener("abort", onAbort);
      // Our own release is not a loss: ending (a stop height reached, a fatal error) warns of nothing.
      stop.abort("ingestion ended");
      await lock.release();
    }
    lostBefore = true;
    await sleep(backoff.next(), options.signal);
  }
  return committed;
}
