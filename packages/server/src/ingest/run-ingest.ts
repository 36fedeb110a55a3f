/**
 * `weft ingest`: one chain's writer. Waits its turn for the per-chain writer lock (other processes
 * may stand by), then runs the ingest loop until stopped. Progress goes to the terminal when there
 * is one, to structured logs otherwise.
 */
import type { Logger } from "pino";
import type { Database } from "../db/database.js";
import { createCw721Collections } from "./cw721-collections.js";
import { type BlockBundle, deriveBlock } from "./derive/derive-block.js";
import { createErc721Metadata } from "./erc721-metadata.js";
import { createHttpJson, RPC_TIMEOUT_MS } from "./http-json.js";
import { type BlockSource, ChainMismatchError, runIngestLoop } from "./ingest-loop.js";
import { createInitialBalances } from "./initial-balances.js";
import { createMoveNftUris } from "./move-nft-uris.js";
import { probeNode } from "./node-probe.js";
import { createNodeSource } from "./node-source.js";
import { createPostgresSink } from "./postgres-sink.js";
import { createProgress } from "./progress.js";
import { tryAcquireWriterLock } from "./writer-lock.js";

const STANDBY_POLL_MS = 5_000;
/**
 * Retries of the first request to each endpoint: enough for a blip, few enough that a wrong URL is
 * reported within a second instead of after the loop's full backoff.
 */
const PROBE_RETRIES = 2;

export interface RunIngestOptions {
  db: Pick<Database, "pool">;
  logger: Logger;
  rpcUrl: string;
  restUrl: string;
  /** Whether REST_URL was set (else `restUrl` is the RPC URL); only changes the hint of a REST failure. @default true */
  restUrlSet?: boolean;
  /** EVM chains: the node's JSON-RPC, read for receipts and call traces. */
  jsonRpcUrl?: string | undefined;
  chainId?: string | undefined;
  prefix: string;
  startHeight: bigint;
  concurrency: number;
  /** Most blocks one transaction carries while backfilling (ingest-loop.ts). @default 64 */
  commitBlocks?: number;
  signal: AbortSignal;
  stopAtHeight?: bigint;
  tty?: NodeJS.WriteStream | undefined;
  /** How long one request to the node may take before it is abandoned and retried. @default RPC_TIMEOUT_MS */
  rpcTimeoutMs?: number | undefined;
  /** How often a node behind the checkpoint is reported again (ingest-loop.ts). @default 30000 */
  behindWarnIntervalMs?: number;
}

/**
 * Runs ingestion until `signal` aborts (or `stopAtHeight`). Throws, with a message that is the whole
 * line the CLI prints, when a node endpoint cannot be used at startup (NodeProbeError) or when the
 * node serves another chain than the one indexed.
 */
export async function runIngest(options: RunIngestOptions): Promise<bigint | null> {
  const timeoutMs = options.rpcTimeoutMs ?? RPC_TIMEOUT_MS;
  const probe = await probeNode({
    http: createHttpJson({ timeoutMs, retries: PROBE_RETRIES }),
    rpcUrl: options.rpcUrl,
    restUrl: options.restUrl,
    restUrlSet: options.restUrlSet ?? true,
    jsonRpcUrl: options.jsonRpcUrl,
    signal: options.signal,
  });
  const chainId = options.chainId ?? probe.network;
  if (!chainId) throw new Error(`the node at ${options.rpcUrl} does not report its chain id; set CHAIN_ID`);
  const log = options.logger.child({ chain_id: chainId });
  let lock = await tryAcquireWriterLock(options.db.pool, chainId);
  while (!lock && !options.signal.aborted) {
    log.info("another process is ingesting this chain; standing by");
    await new Promise((r) => setTimeout(r, STANDBY_POLL_MS));
    lock = await tryAcquireWriterLock(options.db.pool, chainId);
  }
  if (!lock) return null;
  // Losing the lock (its connection died) means another writer may start: stop at once.
  const stop = new AbortController();
  const onAbort = () => stop.abort(options.signal.reason);
  options.signal.addEventListener("abort", onAbort, { once: true });
  void lock.lost.then(() => stop.abort(new Error("writer lock lost")));
  const sink = createPostgresSink({ pool: options.db.pool, chainId });
  try {
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
    const erc721 = options.jsonRpcUrl
      ? createErc721Metadata({ http, jsonRpcUrl: options.jsonRpcUrl })
      : undefined;
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
    // Derive as each block arrives, while the writer waits on Postgres, not in the writer's turn.
    const source: BlockSource<BlockBundle> = {
      head: node.head,
      ...(node.blockHash ? { blockHash: node.blockHash } : {}),
      fetch: async (height, signal) => {
        const derived = deriveBlock(await node.fetch(height, signal), options.prefix);
        const named = await moveUris.enrich(await cw721.enrich(derived, signal), height, signal);
        const enriched = erc721 ? await erc721.enrich(named, height, signal) : named;
        // The loop starts an empty index at startHeight (ingest-loop.ts), and only an empty one.
        return initial && height === options.startHeight ? initial.apply(enriched, height, signal) : enriched;
      },
    };
    return await runIngestLoop<BlockBundle>({
      chainId,
      source,
      sink,
      startHeight: options.startHeight,
      concurrency: options.concurrency,
      commitBlocks: options.commitBlocks ?? 64,
      signal: stop.signal,
      logger: options.logger,
      progress: createProgress({ chainId, logger: options.logger, tty: options.tty }),
      ...(options.stopAtHeight !== undefined ? { stopAtHeight: options.stopAtHeight } : {}),
      ...(options.behindWarnIntervalMs !== undefined
        ? { behindWarnIntervalMs: options.behindWarnIntervalMs }
        : {}),
    });
  } catch (err) {
    if (err instanceof ChainMismatchError)
      throw new Error(
        `the chain at ${options.rpcUrl} is not the one indexed: the hashes of block ${err.height} differ ` +
          `(indexed ${err.indexedHash}, node ${err.nodeHash}), so the node was reset or serves another network; ` +
          "index it into a new database (another DATABASE_URL, or a new WEFT_DATA_DIR for the embedded one)",
        { cause: err },
      );
    throw err;
  } finally {
    sink.close();
    options.signal.removeEventListener("abort", onAbort);
    await lock.release();
  }
}
