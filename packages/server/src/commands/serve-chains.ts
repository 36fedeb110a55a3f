/**
 * `weft serve --chains FILE` (CHAINS_FILE): every chain of the file served by this one deployment,
 * each chain's Indexer API under `/{chain_id}` (http/chain-mount.ts) over its own Postgres schema,
 * the Router API at the root. One app per chain: its handlers, head, response cache and 404s are
 * the chain's own, while the compiled validators are shared (http/operation-validators.ts), so a
 * chain costs a pool, a cache and its handlers, not a second compile of the spec.
 */
import type { Logger } from "pino";
import { type App, type AppDeps, createApp } from "../app.js";
import { type ChainEntry, readChainsFile } from "../chain/chains-file.js";
import type { Config } from "../config.js";
import { type ChainHead, type ChainHeads, createChainHead, perChainHeads } from "../db/chain-head.js";
import { chainSchemaName } from "../db/chain-schema.js";
import { type Database, openDatabase } from "../db/database.js";
import { mountChains } from "../http/chain-mount.js";
import { createApiServer } from "../http/client-error.js";
import type { Metrics } from "../http/metrics.js";
import type { DocsServer } from "../ops/api-docs.js";
import { databaseOptions } from "./command-config.js";
import { CHAIN_POOL_MAX } from "./ingest-chains.js";

export interface ServedChain {
  entry: ChainEntry;
  db: Database;
}

/**
 * Reads CHAINS_FILE and opens each chain's schema (`migrate`: creates it and applies the migrations,
 * as `weft serve` does for its one database). A file that does not read, or a schema that cannot be
 * opened, stops the process with one line: nothing serves yet.
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
    for (const entry of entries)
      opened.push({
        entry,
        db: await openDatabase({
          ...databaseOptions(config, logger),
          schema: chainSchemaName(entry.chainId),
          poolMax: CHAIN_POOL_MAX,
          migrate: options.migrate,
        }),
      });
  } catch (err) {
    await closeServedChains(opened);
    throw err;
  }
  return opened;
}

export async function closeServedChains(chains: readonly ServedChain[]): Promise<void> {
  await Promise.all(chains.map((c) => c.db.close()));
}

/** Each chain's base, offered by the root's `/docs` page ("Try it out" against that chain). */
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

/** Each chain's app and head, and the listener that routes `/{chain_id}/...` to them. */
export function chainApps(options: {
  chains: readonly ServedChain[];
  root: App;
  shared: SharedAppDeps;
  metrics: Metrics;
}): { app: App; heads: ChainHeads } {
  const followed = new Map<string, { head: ChainHead; pool: Database["pool"] }>();
  const apps = new Map<string, App>();
  for (const { entry, db } of options.chains) {
    const head = createChainHead();
    followed.set(entry.chainId, { head, pool: db.pool });
    apps.set(
      entry.chainId,
      createApp({
        ...options.shared,
        db,
        head,
        chain: {
          chainId: entry.chainId,
          prefix: entry.bech32Prefix,
          vmType: entry.vmType,
          restUrl: entry.restUrl,
        },
        metrics: options.metrics.forChain?.(entry.chainId) ?? options.metrics,
      }),
    );
  }
  const listener = mountChains({
    root: options.root,
    chains: apps,
    ...(options.shared.corsOrigins ? { corsOrigins: options.shared.corsOrigins } : {}),
  });
  const app: App = Object.assign(listener, {
    listen: (port: number, host?: string) => createApiServer(listener).listen(port, host),
    locals: options.root.locals,
  });
  return { app, heads: perChainHeads(followed) };
}
