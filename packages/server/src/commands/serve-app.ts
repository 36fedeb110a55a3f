/**
 * Serving the API from a command (`serve`, `dev`, and each HTTP worker of `serve --workers N`):
 * builds the app for an open database, listens, and stops gracefully when asked.
 */
import type { Logger } from "pino";
import { createApp } from "../app.js";
import { readBuildInfo } from "../build-info.js";
import { createHttpJson } from "../chain/http-json.js";
import type { WorkerLink } from "../cluster/worker-link.js";
import { applyServingFlagsInProcess } from "../cluster/worker-node-flags.js";
import type { Config } from "../config.js";
import { type ChainHead, createChainHead, singleChainHeads } from "../db/chain-head.js";
import { followCommits } from "../db/commit-listener.js";
import type { Database } from "../db/database.js";
import { openReadReplicas, type ReadReplicas } from "../db/read-replicas.js";
import { createMetrics, type Metrics } from "../http/metrics.js";
import { CHAIN_NOT_YET_KNOWN } from "../indexer/indexer-deps.js";
import type { IngestStatus } from "../ingest/ingest-status.js";
import { loadRegistry } from "../router/registry/load-registry.js";
import type { Registry } from "../router/registry/registry.js";
import { createChainReader } from "../router/tracking/chain-reader.js";
import { createTracker } from "../router/tracking/tracker.js";
import { listen } from "../server.js";
import { loadSpecDocument } from "../spec-document.js";
import { docsServersOf, type ServedChain, type SharedAppDeps } from "./serve-chains.js";
import { type ChainsSource, servedChains } from "./served-chains.js";

/** Reported by /status: the build's version and commit, fixed when the package was built. */
const BUILD = readBuildInfo();

/** The chain the API serves: configured, else the one ingestion recorded (undefined: none yet). */
export async function resolveChainId(
  config: Config,
  db: Pick<Database, "pool">,
): Promise<string | undefined> {
  if (config.chainId) return config.chainId;
  const { rows } = await db.pool.query<{ chain_id: string }>(
    "SELECT chain_id FROM ingest_checkpoint ORDER BY updated_at DESC",
  );
  if (rows.length > 1)
    throw new Error(`the database holds ${rows.length} chains; set CHAIN_ID to the one to serve`);
  return rows[0]?.chain_id;
}

/** How often an API started before any ingestion looks for the chain ingestion records. */
const CHAIN_WATCH_MS = 1_000;

/**
 * Builds the app for `db`, listens, prints where, and stops gracefully when `stop` aborts (then runs
 * `onClosed`, which must close what the caller opened).
 */
export async function serveApp(options: {
  config: Config;
  db: Database;
  logger: Logger;
  /** Aborts when the process should stop (stop-signals.ts; a worker: the primary's request too). */
  stop: AbortSignal;
  /**
   * Undefined: nothing configured and nothing ingested yet (`weft serve` started beside a first
   * `weft ingest`); the API answers as chain "unknown" and takes the chain ingestion records as soon
   * as it appears, instead of serving "unknown" until restarted.
   */
  chainId: string | undefined;
  /** The node's Cosmos REST the read API asks (default: REST_URL, then RPC_URL). */
  restUrl?: string;
  onClosed: () => Promise<void>;
  banner?: string;
  /** The registry of ROUTER_REGISTRY, when the caller loaded it already (before opening `db`). */
  registry?: Registry;
  /** Router registry when ROUTER_REGISTRY is unset, and where its chains answer. */
  defaultRegistry?: { name: string; endpoints?: Record<string, string> };
  /** The app's metrics, when the caller adds series of its own (ingestion in `weft dev`). @default a new one */
  metrics?: Metrics;
  /** Ingestion running in this process: /ready reports its stalls. */
  ingestion?: IngestStatus;
  /** The chain head, when ingestion in this process advances it (`weft dev`). @default a new one */
  head?: ChainHead;
  /**
   * This process is one HTTP worker of `serve --workers N` (cluster/primary.ts): it reports to the
   * primary instead of printing where it serves, and leaves the transfer tracker to the primary.
   */
  worker?: WorkerLink;
  /**
   * CHAINS_FILE: the chains this deployment serves, each under `/{chain_id}` over its own schema
   * (serve-chains.ts); `db` then holds the Router API's tables and what `/ready` checks. `opened`:
   * those opened at start, whose pools are closed here from now on (before `onClosed`); `source`:
   * the file read again while serving (served-chains.ts).
   */
  chains?: { opened: readonly ServedChain[]; source: ChainsSource };
}): Promise<void> {
  const { config, db, logger } = options;
  // A worker was started with the serving flags; a process serving in itself gets what V8 still takes.
  applyServingFlagsInProcess();
  const registryName = config.routerRegistry ?? options.defaultRegistry?.name;
  let registry = options.registry;
  try {
    registry ??= registryName
      ? loadRegistry(
          registryName,
          config.routerRegistry ? {} : { endpoints: options.defaultRegistry?.endpoints ?? {} },
        )
      : undefined;
  } catch (err) {
    process.stderr.write(`weft: ${(err as Error).message}\n`);
    await options.onClosed();
    process.exit(2);
  }
  // One metrics registry for the app's series, the tracker's and (weft dev) ingestion's.
  const metrics = options.metrics ?? createMetrics();
  // A worker of `serve --workers N` leaves tracking to its primary: one tracker per server.
  const tracker = options.worker ? undefined : startTracker(config, registry, db, logger, metrics);
  const chain = {
    chainId: options.chainId ?? CHAIN_NOT_YET_KNOWN,
    prefix: config.prefix,
    vmType: config.vmType,
    restUrl: options.restUrl ?? config.restUrl ?? config.rpcUrl,
  };
  const chainWatch =
    options.chainId === undefined && !options.chains
      ? setInterval(() => {
          resolveChainId(config, db).then(
            (found) => {
              if (found === undefined || chainWatch === undefined) return;
              clearInterval(chainWatch);
              chain.chainId = found;
              logger.info({ chainId: found }, "serving the chain ingestion recorded");
            },
            (err: unknown) => logger.warn({ err }, "could not read the ingested chain yet"),
          );
        }, CHAIN_WATCH_MS)
      : undefined;
  chainWatch?.unref();
  // One document for every app of the process: the validators compiled from it are shared.
  const shared: SharedAppDeps = {
    build: BUILD,
    logger,
    spec: loadSpecDocument(),
    corsOrigins: config.corsOrigins,
    bodyLimit: config.bodyLimit,
    ...(config.responseCache ? {} : { cacheTtlMs: { list: 0, item: 0 } }),
    cacheMaxBytes: config.responseCacheMaxBytes,
  };
  // /status and the response cache follow the writer's commits (db/commit-listener.ts).
  const head = options.head ?? createChainHead();
  if (options.chains && config.databaseReadUrls.length > 0)
    logger.warn("DATABASE_READ_URLS ignored: replicas are not read per chain yet (CHAINS_FILE)");
  const readReplicas = options.chains ? undefined : openReplicasOf(config, db, head, logger, metrics);
  const root = createApp({
    ...shared,
    ...(options.chains ? {} : { head, chain }),
    ...(readReplicas ? { readReplicas } : {}),
    router: { registry },
    ...(options.chains ? { docsServers: docsServersOf(options.chains.opened) } : {}),
    db,
    metrics,
    ...(options.ingestion ? { ingestion: options.ingestion } : {}),
  });
  const served = options.chains
    ? servedChains({ chains: options.chains.opened, root, shared, metrics })
    : undefined;
  const app = served?.app ?? root;
  const commits = await followCommits({
    db,
    heads: served?.heads ?? singleChainHeads(head),
    logger,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
  });
  const running = await listen({
    app,
    host: config.host,
    port: config.port,
    logger,
    shutdownTimeoutMs: config.shutdownTimeoutMs,
    onClosed: async () => {
      clearInterval(chainWatch);
      await commits.close();
      await readReplicas?.close();
      await tracker?.stop();
      await served?.close();
      await options.onClosed();
    },
  });
  if (options.chains) served?.watch(options.chains.source);
  if (options.worker) {
    logger.debug({ url: running.url, pid: process.pid }, "worker serving");
    options.worker.listening(running.url);
  } else announce(logger, running.url, db, options.banner);
  const { stop } = options;
  const shutDown = () => {
    logger.info({ signal: stop.reason }, "shutting down");
    running.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  if (stop.aborted) shutDown();
  else stop.addEventListener("abort", shutDown, { once: true });
}

/** The read replicas of DATABASE_READ_URLS, if any (a real Postgres's: the embedded one has none). */
function openReplicasOf(
  config: Config,
  db: Database,
  head: ChainHead,
  logger: Logger,
  metrics: Metrics,
): ReadReplicas | undefined {
  if (config.databaseReadUrls.length === 0) return undefined;
  if (db.embedded) {
    logger.warn("DATABASE_READ_URLS ignored: the embedded database has no replicas (set DATABASE_URL)");
    return undefined;
  }
  return openReadReplicas({
    urls: config.databaseReadUrls,
    primary: db.pool,
    head,
    logger,
    maxLagBlocks: config.databaseReadMaxLagBlocks,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    queryTimeoutMs: config.databaseQueryTimeoutMs,
    preparedStatements: config.databasePreparedStatements,
    registry: metrics.registry,
  });
}

/** Tracking runs in every server that has a registry (unless ROUTER_TRACKER=off); replicas share it through leases. */
export function startTracker(
  config: Config,
  registry: Registry | undefined,
  db: Pick<Database, "pool">,
  logger: Logger,
  metrics: Metrics,
): { stop(): Promise<void> } | undefined {
  if (!registry || !config.routerTracker) return undefined;
  const tracker = createTracker({
    pool: db.pool,
    registry,
    reader: createChainReader(registry, createHttpJson()),
    logger,
    metricsRegistry: metrics.registry,
  });
  tracker.start();
  return tracker;
}

/** The log line, and for people (and scripts) starting it by hand, the one line that says where to go. */
export function announce(
  logger: Logger,
  url: string,
  db: Pick<Database, "embedded">,
  banner = "",
  fields: Record<string, unknown> = {},
): void {
  logger.info({ url, database: db.embedded ? "embedded" : "external", ...fields }, "weft is serving");
  process.stderr.write(`\nWeft is serving on ${url}  (API reference: ${url}/docs)\n${banner}\n`);
}
