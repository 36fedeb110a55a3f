/**
 * `weft serve --chains FILE` (CHAINS_FILE): every chain of the file served by this one deployment,
 * each chain's Indexer API under `/{chain_id}` (http/chain-mount.ts) over its own Postgres schema,
 * the Router API at the root. One app per chain: its handlers, head, response cache and 404s are
 * the chain's own, while the compiled validators are shared (http/operation-validators.ts), so a
 * chain costs a pool, a cache and its handlers, not a second compile of the spec.
 *
 * The file is read again while serving, as `weft ingest --chains` reads it
 * (chain/chains-file-watch.ts): commands/served-chains.ts mounts a chain added, unmounts a chain
 * removed and rebuilds the app of a chain whose entry changed.
 */
import type { Logger } from "pino";
import type { AppDeps } from "../app.js";
import { type ChainEntry, type ChainsFile, readChainsFile } from "../chain/chains-file.js";
import { diffChains, watchChainsFile } from "../chain/chains-file-watch.js";
import type { Config } from "../config.js";
import { chainSchemaName } from "../db/chain-schema.js";
import { type Database, migrationStatus, openDatabase, SchemaNotMigratedError } from "../db/database.js";
import type { DocsServer } from "../ops/api-docs.js";
import { CHAIN_POOL_MAX } from "../setting-defaults.js";
import { databaseOptions } from "./command-config.js";

export interface ServedChain {
  entry: ChainEntry;
  db: Database;
}

/**
 * Opens one chain's schema. `migrate`: creates it and applies the migrations, as `weft serve` does
 * for its one database. Without, the schema must have been migrated already, every migration of
 * this build: a process that does not migrate (an HTTP worker of `serve --workers N`) may read the
 * file before the primary migrated a chain just added, and must not serve a schema half made.
 */
export async function openServedChain(
  config: Config,
  logger: Logger,
  entry: ChainEntry,
  options: { migrate: boolean },
): Promise<Database> {
  const db = await openDatabase({
    ...databaseOptions(config, logger),
    schema: chainSchemaName(entry.chainId),
    poolMax: CHAIN_POOL_MAX,
    migrate: options.migrate,
  });
  if (options.migrate) return db;
  const { pending } = await migrationStatus(db.pool).catch(async (err: unknown) => {
    await db.close();
    throw err;
  });
  if (pending.length === 0) return db;
  await db.close();
  throw new SchemaNotMigratedError(
    `schema ${chainSchemaName(entry.chainId)} is not migrated yet (${pending.length} pending)`,
  );
}

/**
 * Reads CHAINS_FILE and opens each chain's schema (`openServedChain`). A file that does not read,
 * or (where this process migrates) a schema that cannot be opened, stops the process with one line:
 * nothing serves yet. A process that does not migrate (an HTTP worker) leaves a chain not migrated
 * yet out, said once: a chain added to the file while the primary started is one it has not
 * migrated, and the file's next read (served-chains.ts) mounts it once it is, instead of the worker
 * failing the whole start.
 */
export async function openServedChains(
  config: Config & { chainsFile: string },
  logger: Logger,
  options: { migrate: boolean },
): Promise<ServedChain[]> {
  let entries: ChainEntry[];
  try {
    entries = readChainsFile(config.chainsFile).chains;
  } catch (err) {
    process.stderr.write(`weft: ${(err as Error).message}\n`);
    process.exit(2);
  }
  const opened: ServedChain[] = [];
  try {
    for (const entry of entries) {
      const db = await openServedChain(config, logger, entry, options).catch((err: unknown) => {
        if (options.migrate || !(err instanceof SchemaNotMigratedError)) throw err;
        logger.warn(
          { chain_id: entry.chainId },
          `${entry.chainId}: not served yet: ${err.message}; tried again at the next read of the chains file`,
        );
        return undefined;
      });
      if (db) opened.push({ entry, db });
    }
  } catch (err) {
    await closeServedChains(opened);
    throw err;
  }
  return opened;
}

export async function closeServedChains(chains: readonly ServedChain[]): Promise<void> {
  await Promise.all(chains.map((c) => c.db.close()));
}

/**
 * Each chain's base, offered by the root's `/docs` page ("Try it out" against that chain). The
 * chains served at start: the page's document is built once, so a chain added while serving is
 * answered at its base but not offered here until the next start.
 */
export function docsServersOf(chains: readonly ServedChain[]): DocsServer[] {
  return chains.map(({ entry }) => ({
    url: `/${entry.chainId}`,
    description: `${entry.chainId}: its Indexer API (${entry.vmType})`,
  }));
}

/** What every chain's app shares with the root app. */
export type SharedAppDeps = Pick<
  AppDeps,
  "logger" | "spec" | "corsOrigins" | "bodyLimit" | "cacheTtlMs" | "cacheMaxBytes" | "build"
>;

/**
 * Each chain's response cache budget: RESPONSE_CACHE_MAX_BYTES is the deployment's (per process),
 * split evenly over the `chains` served, so 20 chains hold what one did, not 20 times it.
 */
export function chainCacheMaxBytes(maxBytes: number, chains: number): number {
  return Math.floor(maxBytes / Math.max(1, chains));
}

/**
 * The primary of `serve --workers N`, which serves nothing but migrates: reads the file again as
 * the workers do and migrates each chain it adds, so a worker opens it without migrating
 * (commands/serve.ts, `chainsSource`). A chain that cannot be migrated is tried again at the next
 * read. Settles once `signal` aborted.
 */
export function migrateChainsAdded(options: {
  config: Config;
  logger: Logger;
  /** The chains migrated at start. */
  migrated: readonly ChainEntry[];
  readChains: () => ChainsFile;
  signal: AbortSignal;
}): Promise<void> {
  const { config, logger } = options;
  const migrated = new Map(options.migrated.map((e) => [e.chainId, e]));
  /** Why each chain that could not be migrated failed last: said once per new reason. */
  const failing = new Map<string, string>();
  return watchChainsFile({
    readChains: options.readChains,
    logger,
    signal: options.signal,
    apply: async (file) => {
      const change = diffChains(migrated, file);
      for (const entry of change.removed) migrated.delete(entry.chainId);
      // Same chain id, same schema: nothing to migrate again.
      for (const entry of change.changed) migrated.set(entry.chainId, entry);
      for (const entry of change.added) {
        try {
          await (await openServedChain(config, logger, entry, { migrate: true })).close();
          migrated.set(entry.chainId, entry);
          logger.info({ chain_id: entry.chainId }, "chain added to the chains file; its schema migrated");
          failing.delete(entry.chainId);
        } catch (err) {
          const message = (err as Error).message;
          if (failing.get(entry.chainId) !== message)
            logger.error(
              { err, chain_id: entry.chainId },
              `${entry.chainId}: cannot migrate its schema: ${message}; tried again at the next read`,
            );
          failing.set(entry.chainId, message);
        }
      }
    },
  });
}
