/**
 * What ingestion is doing, for people and probes: the Prometheus series of the loop (height, node
 * height, lag, blocks, errors by kind, last commit time, stalled) and the stall check behind /ready.
 *
 * Stalled: nothing committed for `stallTimeoutMs` while there was something to do, i.e. the node was
 * ahead, or the node or database could not be read. A loop that is caught up, waits for a node behind
 * it, or stands by for another writer is not stalled: it reports that it is idle, which counts as
 * progress. An ingestion that stopped on a fatal failure (another chain) is stalled at once.
 */
import { Counter, Gauge, type Registry } from "prom-client";
import { INGEST_FAILURE_KINDS, type IngestFailure } from "./ingest-failure.js";

/** Default of INGEST_STALL_TIMEOUT_MS. */
export const INGEST_STALL_TIMEOUT_MS = 60_000;

/** Why ingestion is stalled: the 503 message of /ready and the metadata of its INGEST_STALLED detail. */
export interface IngestStall {
  message: string;
  /** height, node_height, seconds_since_commit, last_error (strings, as error details carry). */
  metadata: Record<string, string>;
}

/** What /ready asks of a process that ingests (AppDeps.ingestion). */
export interface IngestHealth {
  /** Undefined while ingestion progresses or has nothing to do. */
  stalled(): IngestStall | undefined;
}

/** The loop's reports (run-ingest.ts and ingest-loop.ts call these). */
export interface IngestStatus extends IngestHealth {
  /** The chain is known (labels every series from now on). */
  start(chainId: string): void;
  /** The node's latest height, as just read. */
  head(height: bigint): void;
  /** Blocks up to `height` committed (`blocks` of them in this transaction). */
  committed(height: bigint, blocks: number): void;
  /** Nothing to do right now (caught up, node behind, standing by): not a stall. */
  idle(): void;
  /** A failure the loop will retry. */
  failed(failure: IngestFailure): void;
  /** Ingestion ended for good on `failure` (a chain mismatch, a node unusable at startup). */
  stopped(failure: IngestFailure): void;
  /** The chain left this process (a chains file no longer lists it): its lag and stall leave the series. */
  detach(): void;
}

export interface IngestStatusOptions {
  /** Where the `weft_ingest_*` series go; none: health only. */
  registry?: Registry | undefined;
  /**
   * Series shared with other chains' statuses (`createIngestSeries`), instead of creating them on
   * `registry`: one registry cannot hold the same series twice, and a process that ingests several
   * chains reports them all under one name with their `chain_id` label.
   */
  series?: IngestSeries | undefined;
  /** @default INGEST_STALL_TIMEOUT_MS */
  stallTimeoutMs?: number | undefined;
  now?: () => number;
  /** Told of every commit (`weft dev`: the API's chain head follows ingestion in this process). */
  onCommit?: (chainId: string, height: bigint) => void;
}

export function createIngestStatus(options: IngestStatusOptions = {}): IngestStatus {
  const now = options.now ?? Date.now;
  const stallMs = options.stallTimeoutMs ?? INGEST_STALL_TIMEOUT_MS;
  let chainId: string | undefined;
  let height: bigint | undefined;
  let nodeHeight: bigint | undefined;
  let lastCommitAt: number | undefined;
  /** Last commit or idle report (or the start): the stall clock runs from here. */
  let progressAt = now();
  let lastError: IngestFailure | undefined;
  let fatal: IngestFailure | undefined;

  const stalled = (): IngestStall | undefined => {
    const since = now() - progressAt;
    if (!fatal && since < stallMs) return undefined;
    const sinceCommit = lastCommitAt === undefined ? undefined : Math.floor((now() - lastCommitAt) / 1000);
    const error = fatal ?? lastError;
    const metadata: Record<string, string> = {
      ...(chainId === undefined ? {} : { chain_id: chainId }),
      height: height === undefined ? "" : height.toString(),
      node_height: nodeHeight === undefined ? "" : nodeHeight.toString(),
      seconds_since_commit: sinceCommit === undefined ? "" : String(sinceCommit),
      last_error: error ? `${error.kind}: ${error.message}` : "",
    };
    const what = fatal
      ? "ingestion stopped"
      : `ingestion stalled: nothing committed for ${sinceCommit ?? Math.floor(since / 1000)} s`;
    return { message: error ? `${what}; last error (${error.kind}): ${error.message}` : what, metadata };
  };

  const series = options.series ?? (options.registry ? createIngestSeries(options.registry) : undefined);
  const unwatch = series?.watch({
    chainId: () => chainId,
    lag: () =>
      height !== undefined && nodeHeight !== undefined && nodeHeight > height
        ? Number(nodeHeight - height)
        : 0,
    stalled: () => (stalled() ? 1 : 0),
  });

  return {
    stalled,
    start(id) {
      chainId = id;
      progressAt = now();
      series?.zero(id);
    },
    head(h) {
      nodeHeight = h;
      if (chainId !== undefined) series?.nodeHeight.set({ chain_id: chainId }, Number(h));
    },
    committed(h, blocks) {
      height = h;
      lastCommitAt = now();
      progressAt = lastCommitAt;
      lastError = undefined;
      // Progress after a stop: the chain was started again (chain-supervisor.ts) and works.
      fatal = undefined;
      if (chainId === undefined) return;
      options.onCommit?.(chainId, h);
      series?.height.set({ chain_id: chainId }, Number(h));
      series?.blocks.inc({ chain_id: chainId }, blocks);
      series?.lastCommit.set({ chain_id: chainId }, lastCommitAt / 1000);
    },
    idle() {
      progressAt = now();
      lastError = undefined;
      fatal = undefined;
    },
    failed(failure) {
      lastError = failure;
      if (chainId !== undefined) series?.errors.inc({ chain_id: chainId, kind: failure.kind });
    },
    stopped(failure) {
      fatal = failure;
      if (chainId !== undefined) series?.errors.inc({ chain_id: chainId, kind: failure.kind });
    },
    detach() {
      unwatch?.();
    },
  };
}

/** What the computed series read of one chain's status when scraped. */
interface ComputedSource {
  chainId: () => string | undefined;
  lag: () => number;
  stalled: () => number;
}

export type IngestSeries = ReturnType<typeof createIngestSeries>;

/**
 * The `weft_ingest_*` series in `registry`, for every chain whose status is created with them; lag
 * and stalled are computed when scraped, from each watched status.
 */
export function createIngestSeries(registry: Registry) {
  const sources = new Set<ComputedSource>();
  const labelNames = ["chain_id"] as const;
  const registers = [registry];
  const errors = new Counter({
    name: "weft_ingest_errors_total",
    help: "Ingest failures by kind (database, node, node_rejected, derive, mismatch, other); each is retried with backoff except mismatch.",
    labelNames: ["chain_id", "kind"] as const,
    registers,
  });
  const blocks = new Counter({
    name: "weft_ingest_blocks_total",
    help: "Blocks committed by this process (rate() gives blocks per second).",
    labelNames,
    registers,
  });
  // Every kind at 0 from the first scrape, so rate() and alerts see the series before the first error.
  const zero = (id: string) => {
    for (const kind of INGEST_FAILURE_KINDS) errors.inc({ chain_id: id, kind }, 0);
    blocks.inc({ chain_id: id }, 0);
  };
  const computedGauge = (name: string, help: string, value: (source: ComputedSource) => number) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers,
      collect() {
        for (const source of sources) {
          const id = source.chainId();
          if (id !== undefined) this.set({ chain_id: id }, value(source));
        }
      },
    });
  const lag = computedGauge(
    "weft_ingest_lag_blocks",
    "Blocks the node is ahead of the last committed height.",
    (source) => source.lag(),
  );
  const stalledGauge = computedGauge(
    "weft_ingest_stalled",
    "1 while ingestion has committed nothing for INGEST_STALL_TIMEOUT_MS with work to do (then /ready answers 503).",
    (source) => source.stalled(),
  );
  return {
    /** Computes lag and stalled from `source` at each scrape, until the returned function is called. */
    watch(source: ComputedSource): () => void {
      sources.add(source);
      return () => {
        sources.delete(source);
        const id = source.chainId();
        // A chain no longer ingested here reports no lag and no stall, rather than its last ones forever.
        if (id !== undefined) for (const gauge of [lag, stalledGauge]) gauge.remove({ chain_id: id });
      };
    },
    zero,
    errors,
    blocks,
    height: new Gauge({
      name: "weft_ingest_height",
      help: "Last committed block height.",
      labelNames,
      registers,
    }),
    nodeHeight: new Gauge({
      name: "weft_ingest_node_height",
      help: "The node's latest height, as last read.",
      labelNames,
      registers,
    }),
    lastCommit: new Gauge({
      name: "weft_ingest_last_commit_timestamp_seconds",
      help: "Unix time of the last commit.",
      labelNames,
      registers,
    }),
  };
}
