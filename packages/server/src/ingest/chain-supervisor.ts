/**
 * `weft ingest --chains FILE`: one process following several chains. Each chain runs the very loop a
 * one-chain `weft ingest` runs (run-ingest.ts) on a database of its own (its Postgres schema:
 * db/chain-schema.ts), with its own writer lock, backoff, progress and status, so a slow or broken
 * node stalls its chain alone. What would end a one-chain process (a node unusable at startup, a node
 * serving another chain) is here logged and retried with that chain's own backoff: the others must
 * keep going, and the operator fixes the file or the node without restarting them.
 *
 * The file is read again every `pollMs`: a chain added is started, a chain removed is stopped (its
 * schema and data are kept), a chain whose entry changed is restarted; the others are not touched.
 * A file that no longer reads is logged and the running chains go on as they were.
 */
import type { Logger } from "pino";
import type { ChainEntry, ChainsFile } from "../chain/chains-file.js";
import { diffChains, watchChainsFile } from "../chain/chains-file-watch.js";
import type { Database } from "../db/database.js";
import { sleep } from "./acquire-writer-lock.js";
import { createBackoff } from "./backoff.js";
import type { IngestHealth, IngestStall, IngestStatus } from "./ingest-status.js";
import { type RunIngestOptions, runIngest } from "./run-ingest.js";

/** What every chain's loop shares: the CLI's ingest settings. */
export type SharedIngestOptions = Pick<
  RunIngestOptions,
  | "startHeight"
  | "concurrency"
  | "commitBlocks"
  | "writesInFlight"
  | "backfillBudget"
  | "rpcTimeoutMs"
  | "retryDelayMs"
  | "retryMaxDelayMs"
  | "standbyPollMs"
  | "lockHeartbeatMs"
>;

export interface ChainSupervisorOptions {
  /** The chains to follow, read at start and every `pollMs`; throws when the file does not read. */
  readChains: () => ChainsFile;
  /** Opens (and migrates) the database a chain is written to: its own schema. */
  openChainDatabase: (chain: ChainEntry) => Promise<Pick<Database, "pool" | "embedded" | "close">>;
  /** The status of a chain, kept across its restarts (its series carry the chain's label). */
  createStatus: (chainId: string) => IngestStatus;
  ingest: SharedIngestOptions;
  logger: Logger;
  signal: AbortSignal;
  /** @default CHAINS_FILE_POLL_MS (chain/chains-file-watch.ts) */
  pollMs?: number;
  /** First wait before a chain that failed is started again, doubled per failure. @default 1000 */
  restartDelayMs?: number;
  /** @default 30000 */
  restartMaxDelayMs?: number;
}

export interface ChainSupervisor {
  /** The chains running now, by id, with their status. */
  chains(): ReadonlyMap<string, { entry: ChainEntry; status: IngestStatus }>;
  /**
   * The process's readiness: stalled only when every chain is (one stalled chain must not take the
   * others out of a load balancer; its own `weft_ingest_stalled` series says so).
   */
  health: IngestHealth;
  /** Each chain followed, in the file's order, and whether it progresses (`/ready`'s `chains`). */
  states(): { chain_id: string; state: "ingesting" | "stalled"; reason?: string }[];
  /** Settles once `signal` aborted and every chain stopped. */
  done: Promise<void>;
}

interface Running {
  /** The entry as compared on each read (chain/chains-file-watch.ts): any change restarts the chain. */
  entry: ChainEntry;
  status: IngestStatus;
  stop: AbortController;
  done: Promise<void>;
}

export function superviseChains(options: ChainSupervisorOptions): ChainSupervisor {
  const { logger, signal } = options;
  const running = new Map<string, Running>();
  const statuses = new Map<string, IngestStatus>();

  const statusOf = (chainId: string) => {
    let status = statuses.get(chainId);
    if (!status) {
      status = options.createStatus(chainId);
      statuses.set(chainId, status);
    }
    return status;
  };

  const start = (entry: ChainEntry) => {
    const stop = new AbortController();
    const onAbort = () => stop.abort(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    const status = statusOf(entry.chainId);
    const done = followChain(entry, status, stop.signal).finally(() =>
      signal.removeEventListener("abort", onAbort),
    );
    running.set(entry.chainId, { entry, status, stop, done });
  };

  const followChain = async (entry: ChainEntry, status: IngestStatus, stop: AbortSignal) => {
    const log = logger.child({ chain_id: entry.chainId });
    const maxDelayMs = options.restartMaxDelayMs ?? 30_000;
    const backoff = createBackoff({
      baseMs: options.restartDelayMs ?? 1_000,
      maxMs: maxDelayMs,
    });
    while (!stop.aborted) {
      const before = Date.now();
      let failure: { err: unknown } | undefined;
      let db: Pick<Database, "pool" | "embedded" | "close"> | undefined;
      try {
        db = await options.openChainDatabase(entry);
        await runIngest({
          ...options.ingest,
          db,
          logger,
          rpcUrl: entry.rpcUrl,
          restUrl: entry.restUrl,
          jsonRpcUrl: entry.vmType === "evm" ? entry.jsonRpcUrl : undefined,
          chainId: entry.chainId,
          checkNetwork: true,
          prefix: entry.bech32Prefix,
          signal: stop,
          status,
        });
      } catch (err) {
        failure = { err };
      } finally {
        // Closed before any wait: a chain waiting out its backoff holds no connections.
        await db?.close().catch(() => undefined);
      }
      if (stop.aborted) break;
      if (!failure) {
        // Only a stop height ends runIngest otherwise: this chain is done.
        log.info({ ms: Date.now() - before }, "chain ingested up to its stop height");
        return;
      }
      // An attempt that lasted longer than the longest wait was either healthy (its failure is new
      // trouble, retried soon, not the tail of a streak from hours ago) or slow enough to pace itself.
      if (Date.now() - before > maxDelayMs) backoff.reset();
      const waitMs = backoff.next();
      const message = (failure.err as Error).message;
      // The line a one-chain `weft ingest` would exit with, and when this chain is tried again.
      log.error(
        { err: failure.err, retry_in_ms: waitMs },
        `${entry.chainId}: ${message}; trying again in ${Math.round(waitMs / 1000)} s (the other chains go on)`,
      );
      await sleep(waitMs, stop);
    }
  };

  const apply = (file: ChainsFile) => {
    const change = diffChains(new Map([...running].map(([id, r]) => [id, r.entry])), file);
    const stopping: Promise<void>[] = [];
    for (const entry of [...change.removed, ...change.changed]) {
      const changed = change.changed.includes(entry);
      const { chainId } = entry;
      const run = running.get(chainId) as Running;
      running.delete(chainId);
      run.stop.abort(changed ? "its entry changed" : "removed from the chains file");
      logger.info(
        { chain_id: chainId },
        changed
          ? "chain entry changed; restarting it"
          : "chain removed from the chains file; stopping it (its data is kept)",
      );
      // A changed chain starts again only once its old loop ended: never two writers of one chain.
      stopping.push(
        run.done.then(() => {
          if (!changed) {
            run.status.detach();
            statuses.delete(chainId);
          } else if (!signal.aborted) start(entry);
        }),
      );
    }
    for (const entry of change.added) {
      logger.info({ chain_id: entry.chainId, vm: entry.vmType, rpc: entry.rpcUrl }, "following chain");
      start(entry);
    }
    return Promise.all(stopping);
  };

  // A file that does not read at startup is the caller's one-line exit: nothing runs yet.
  const first = options.readChains();
  for (const skipped of first.skipped)
    logger.info({ chain_id: skipped.chainId }, `not indexed: ${skipped.reason}`);
  void apply(first);

  const done = (async () => {
    await watchChainsFile({
      readChains: options.readChains,
      apply,
      logger,
      signal,
      ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }),
    });
    await Promise.all([...running.values()].map((r) => r.done));
  })();

  const health: IngestHealth = {
    stalled(): IngestStall | undefined {
      const stalls = [...running.values()].map((r) => ({
        chainId: r.entry.chainId,
        stall: r.status.stalled(),
      }));
      if (stalls.length === 0 || stalls.some((s) => s.stall === undefined)) return undefined;
      return {
        message: `every chain is stalled: ${stalls.map((s) => `${s.chainId} (${s.stall?.message})`).join("; ")}`,
        metadata: { chains: stalls.map((s) => s.chainId).join(",") },
      };
    },
  };

  return {
    states: () =>
      [...running.values()].map((r) => {
        const stall = r.status.stalled();
        return stall
          ? { chain_id: r.entry.chainId, state: "stalled" as const, reason: stall.message }
          : { chain_id: r.entry.chainId, state: "ingesting" as const };
      }),
    chains: () => new Map([...running].map(([id, r]) => [id, { entry: r.entry, status: r.status }])),
    health,
    done,
  };
}
