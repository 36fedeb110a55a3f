/**
 * `weft serve`: the APIs on an existing database, in one process or, on a real Postgres, in one HTTP
 * worker per core behind a primary (WORKERS; cluster/primary.ts). The primary applies migrations,
 * runs the transfer tracker and assembles /metrics; the workers serve requests.
 */
import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import type { Logger } from "pino";
import { type ChainEntry, readChainsFile } from "../chain/chains-file.js";
import { startCluster } from "../cluster/primary.js";
import { workerCount } from "../cluster/worker-count.js";
import { connectWorker } from "../cluster/worker-link.js";
import type { Config } from "../config.js";
import { type Database, openDatabase, POOL_MAX } from "../db/database.js";
import { createMetrics } from "../http/metrics.js";
import { createLogger } from "../logger.js";
import type { Registry } from "../router/registry/registry.js";
import { CHAIN_POOL_MAX } from "../setting-defaults.js";
import { configOrExit, databaseOptions, registryOrExit } from "./command-config.js";
import { warnWithoutRestUrl } from "./rest-url-warning.js";
import { announce, resolveChainId, serveApp, startTracker } from "./serve-app.js";
import { closeServedChains, migrateChainsAdded, openServedChain, openServedChains } from "./serve-chains.js";
import type { ChainsSource } from "./served-chains.js";
import { terminationRequest } from "./stop-signals.js";

export async function serve(opts: Record<string, unknown>, stop: AbortSignal): Promise<void> {
  const config = configOrExit(opts);
  // Before the database opens and migrates: a registry that cannot serve stops the process untouched.
  const registry = registryOrExit(config);
  const logger = createLogger(config.logLevel, { format: config.logFormat });
  // Here, in the one process that starts the others: the workers of `serve --workers N` serve
  // without the URL too, but one warning says it.
  warnWithoutRestUrl(config, logger);
  const { chainsFile } = config;
  if (chainsFile && !config.databaseUrl) {
    process.stderr.write(
      "weft: serving several chains (CHAINS_FILE) needs a real Postgres, each chain in its own schema: set DATABASE_URL\n",
    );
    process.exit(2);
  }
  const db = await openDatabase(databaseOptions(config, logger));
  // Every chain's schema migrated here, once, before any worker serves it.
  const chains = chainsFile
    ? await openServedChains({ ...config, chainsFile }, logger, { migrate: true }).catch(
        async (err: unknown) => {
          await db.close();
          throw err;
        },
      )
    : undefined;
  let workers = 1;
  if (db.embedded && (config.workers ?? 1) > 1)
    logger.warn(
      { workers: config.workers },
      "the embedded database serves one process: one worker (set DATABASE_URL for more)",
    );
  else if (!db.embedded) {
    const count = workerCount({
      configured: config.workers,
      cores: availableParallelism(),
      maxConnections: await maxConnections(db),
      // Each worker opens every chain's pool beside its own.
      poolMax: POOL_MAX + (chains?.length ?? 0) * CHAIN_POOL_MAX,
    });
    workers = count.workers;
    if (count.note) logger.warn({ workers }, count.note);
  }
  if (workers > 1) {
    // The workers open their own; the primary only migrated them.
    if (chains) await closeServedChains(chains);
    return servePrimary({
      config,
      db,
      logger,
      registry,
      workers,
      stop,
      ...(chains ? { chains: chains.map((c) => c.entry) } : {}),
    });
  }
  await serveApp({
    config,
    db,
    logger,
    stop,
    chainId: chains ? undefined : await resolveChainId(config, db),
    ...(registry ? { registry } : {}),
    ...(chainsFile && chains
      ? { chains: { opened: chains, source: chainsSource(config, chainsFile, logger, { migrate: true }) } }
      : {}),
    // The chains' pools are serveApp's to close once it serves: they come and go with the file.
    onClosed: () => db.close(),
  });
}

/**
 * Where a serving process takes the chains the file adds. `migrate`: this process migrated the
 * first ones and migrates those added. A worker of `serve --workers N` does not: the primary
 * migrates every chain, once, before the workers open it (at start before forking; while serving
 * as it reads the file: `migrateChainsAdded`), and a worker that reads the file first finds the
 * schema missing or not fully migrated (openServedChain checks every migration) and takes the chain
 * at its next read. Workers migrating too would be safe from each other for the migrations
 * themselves (migrate.ts holds an advisory lock) but not for the `CREATE SCHEMA IF NOT EXISTS`
 * before it (db/database.ts), which two sessions at once can fail with a unique violation.
 */
function chainsSource(
  config: Config,
  chainsFile: string,
  logger: Logger,
  options: { migrate: boolean },
): ChainsSource {
  return {
    readChains: () => readChainsFile(chainsFile),
    open: (entry) => openServedChain(config, logger, entry, options),
    // Requests in flight on a removed chain get what a graceful stop gives them.
    retireAfterMs: config.shutdownTimeoutMs,
  };
}

/** The server's max_connections, or undefined when it cannot be read (then nothing is capped). */
async function maxConnections(db: Database): Promise<number | undefined> {
  try {
    const { rows } = await db.pool.query<{ max_connections: string }>("SHOW max_connections");
    const n = Number(rows[0]?.max_connections);
    return Number.isInteger(n) && n > 0 ? n : undefined;
  } catch {
    return undefined;
  }
}

/** The primary of `serve --workers N`: migrations (done by the caller), tracker, workers, /metrics. */
async function servePrimary(options: {
  config: Config;
  db: Database;
  logger: Logger;
  registry: Registry | undefined;
  workers: number;
  stop: AbortSignal;
  /** CHAINS_FILE's chains, migrated: the file is read again and the chains it adds migrated. */
  chains?: ChainEntry[];
}) {
  const { config, db, logger, workers, stop } = options;
  const metrics = createMetrics();
  const tracker = startTracker(config, options.registry, db, logger, metrics);
  const stopMigrating = new AbortController();
  const { chainsFile } = config;
  const migrating =
    chainsFile && options.chains
      ? migrateChainsAdded({
          config,
          logger,
          migrated: options.chains,
          readChains: () => readChainsFile(chainsFile),
          signal: stopMigrating.signal,
        })
      : undefined;
  const closeAll = async () => {
    stopMigrating.abort();
    await migrating;
    await tracker?.stop();
    await db.close();
  };
  let running: Awaited<ReturnType<typeof startCluster>>;
  try {
    running = await startCluster({
      workers,
      logger,
      shutdownTimeoutMs: config.shutdownTimeoutMs,
      registry: metrics.registry,
    });
  } catch (err) {
    await closeAll();
    throw err;
  }
  announce(logger, running.url, db, "", { workers, pids: running.pids() });
  const shutDown = () => {
    logger.info({ signal: stop.reason }, "shutting down");
    running
      .stop()
      .then(closeAll)
      .then(
        () => {
          logger.info("server stopped");
          process.exit(0);
        },
        (err: unknown) => {
          logger.error({ err }, "shutdown failed");
          process.exit(1);
        },
      );
  };
  if (stop.aborted) shutDown();
  else stop.addEventListener("abort", shutDown, { once: true });
}

/**
 * One HTTP worker of `serve --workers N`. A Ctrl-C reaches every process of the terminal's group: the
 * worker leaves it to the primary, which stops the workers in order; it stops on the primary's request,
 * on SIGTERM sent to it alone, or when the primary is gone.
 */
export async function serveWorker(opts: Record<string, unknown>): Promise<void> {
  const config = configOrExit(opts);
  const logger = createLogger(config.logLevel, { format: config.logFormat });
  const metrics = createMetrics();
  const link = connectWorker(metrics.registry);
  metrics.exposition = () => link.metricsText();
  process.on("SIGINT", () => undefined);
  try {
    // The primary applied the migrations before forking.
    const db = await openDatabase({ ...databaseOptions(config, logger), migrate: false });
    const { chainsFile } = config;
    const chains = chainsFile
      ? await openServedChains({ ...config, chainsFile }, logger, { migrate: false })
      : undefined;
    await serveApp({
      config,
      db,
      logger,
      stop: AbortSignal.any([link.stop, terminationRequest()]),
      chainId: chains ? undefined : await resolveChainId(config, db),
      metrics,
      worker: link,
      ...(chainsFile && chains
        ? { chains: { opened: chains, source: chainsSource(config, chainsFile, logger, { migrate: false }) } }
        : {}),
      // The chains' pools are serveApp's to close once it serves: they come and go with the file.
      onClosed: () => db.close(),
    }).catch(async (err: unknown) => {
      if (chains) await closeServedChains(chains);
      await db.close();
      throw err;
    });
  } catch (err) {
    link.failed(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}

export const isWorker = () => cluster.isWorker;
