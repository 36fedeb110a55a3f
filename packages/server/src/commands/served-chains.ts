/**
 * The chains one `weft serve --chains` process serves, as the chains file has them now: each
 * chain's app mounted under `/{chain_id}` (http/chain-mount.ts), its head fed by the process's one
 * commit listener (db/chain-head.ts `perChainHeads`), and the file read again every
 * CHAINS_FILE_POLL_MS (chain/chains-file-watch.ts, as `weft ingest --chains` reads it):
 * - a chain added: its schema opened (`open`), its app created, its head followed (the listener
 *   reads its checkpoint once), then mounted;
 * - a chain removed: unmounted at once (its base answers the root's 404, as a chain never served),
 *   its pool closed `retireAfterMs` later, so the requests in flight on it finish;
 * - a chain whose entry changed (its URLs, prefix or VM): its app rebuilt over the same schema,
 *   pool and head (the schema is named by the chain id, which did not change);
 * - a file that no longer reads: said once, nothing changes.
 * A chain that cannot be opened yet is left out and tried again at the next read.
 */
import type { Logger } from "pino";
import { type App, createApp } from "../app.js";
import type { ChainEntry, ChainsFile } from "../chain/chains-file.js";
import { diffChains, watchChainsFile } from "../chain/chains-file-watch.js";
import { type ChainHead, type ChainHeads, createChainHead, perChainHeads } from "../db/chain-head.js";
import type { Database } from "../db/database.js";
import { mountChains } from "../http/chain-mount.js";
import { createApiServer } from "../http/client-error.js";
import type { Metrics } from "../http/metrics.js";
import { DEFAULT_MAX_BYTES } from "../http/response-cache.js";
import { chainCacheMaxBytes, type ServedChain, type SharedAppDeps } from "./serve-chains.js";

/** Where the chains of a running server come from and go to. */
export interface ChainsSource {
  /** Reads CHAINS_FILE again; throws when it does not read. */
  readChains: () => ChainsFile;
  /** Opens the schema of a chain the file added (migrated by the process that migrates: serve.ts). */
  open: (entry: ChainEntry) => Promise<Database>;
  /** How long a removed chain's pool stays open for the requests in flight on it. */
  retireAfterMs: number;
  /** @default CHAINS_FILE_POLL_MS */
  pollMs?: number;
}

export interface ServedChains {
  /** The listener: each chain's app under `/{chain_id}`, the root's for everything else. */
  app: App;
  /** The heads the commit listener feeds; chains added while serving join it. */
  heads: ChainHeads;
  /** Starts reading the file again (once serving: a process that fails to listen reads nothing). */
  watch(source: ChainsSource): void;
  /** Stops reading the file and closes every chain's pool, those served and those retiring. */
  close(): Promise<void>;
}

export function servedChains(options: {
  /** The chains opened at start; from here on, this owns their pools. */
  chains: readonly ServedChain[];
  root: App;
  shared: SharedAppDeps;
  metrics: Metrics;
}): ServedChains {
  const { shared, metrics } = options;
  const logger: Logger = shared.logger;
  const served = new Map<string, ServedChain & { head: ChainHead }>();
  // The mount reads this map on every request: what is set or deleted here is served at once.
  const apps = new Map<string, App>();
  const heads = perChainHeads();
  const retiring = new Map<Database, NodeJS.Timeout>();
  const stop = new AbortController();
  let watching: Promise<void> | undefined;
  const maxBytes = shared.cacheMaxBytes ?? DEFAULT_MAX_BYTES;

  // A chain's budget is its share when it is mounted: one added later gets the share of the number
  // served then; the others keep theirs (a cache's budget is fixed at its creation), so the sum may
  // exceed RESPONSE_CACHE_MAX_BYTES until the next start, at most by the chains added since.
  const appOf = (entry: ChainEntry, db: Database, head: ChainHead, chains: number) =>
    createApp({
      ...shared,
      cacheMaxBytes: chainCacheMaxBytes(maxBytes, chains),
      db,
      head,
      chain: {
        chainId: entry.chainId,
        prefix: entry.bech32Prefix,
        vmType: entry.vmType,
        restUrl: entry.restUrl,
      },
      metrics: metrics.forChain?.(entry.chainId) ?? metrics,
    });

  const mount = (entry: ChainEntry, db: Database, chains: number) => {
    const head = createChainHead();
    served.set(entry.chainId, { entry, db, head });
    // Followed before it answers: its first /status already reads the head, or the database
    // until the listener has read its checkpoint.
    heads.add(entry.chainId, { head, pool: db.pool });
    apps.set(entry.chainId, appOf(entry, db, head, chains));
  };

  for (const { entry, db } of options.chains) mount(entry, db, options.chains.length);

  /** Why each chain of the file that could not be opened failed last: said once per new reason. */
  const failing = new Map<string, string>();
  const apply = async (source: ChainsSource, file: ChainsFile) => {
    const change = diffChains(new Map([...served].map(([id, c]) => [id, c.entry])), file);
    for (const { chainId } of change.removed) {
      const gone = served.get(chainId);
      if (!gone) continue;
      served.delete(chainId);
      apps.get(chainId)?.close();
      apps.delete(chainId);
      heads.remove(chainId);
      const timer = setTimeout(() => {
        retiring.delete(gone.db);
        gone.db
          .close()
          .catch((err: unknown) => logger.warn({ err, chain_id: chainId }, "closing its pool failed"));
      }, source.retireAfterMs);
      timer.unref();
      retiring.set(gone.db, timer);
      logger.info(
        { chain_id: chainId, pool_closes_in_ms: source.retireAfterMs },
        "chain removed from the chains file; no longer served (its data is kept)",
      );
    }
    for (const entry of change.changed) {
      const chain = served.get(entry.chainId);
      if (!chain) continue;
      served.set(entry.chainId, { ...chain, entry });
      apps.get(entry.chainId)?.close();
      apps.set(entry.chainId, appOf(entry, chain.db, chain.head, served.size));
      logger.info({ chain_id: entry.chainId, vm: entry.vmType }, "chain entry changed; its app rebuilt");
    }
    for (const id of failing.keys()) if (!file.chains.some((c) => c.chainId === id)) failing.delete(id);
    for (const entry of change.added) {
      let db: Database;
      try {
        db = await source.open(entry);
      } catch (err) {
        const message = (err as Error).message;
        if (failing.get(entry.chainId) !== message)
          logger.error(
            { err, chain_id: entry.chainId },
            `${entry.chainId}: cannot be served yet: ${message}; tried again at the next read of the chains file`,
          );
        failing.set(entry.chainId, message);
        continue;
      }
      failing.delete(entry.chainId);
      // Stopped while it opened: close what nobody will.
      if (stop.signal.aborted) {
        await db.close();
        return;
      }
      mount(entry, db, served.size + 1);
      logger.info(
        { chain_id: entry.chainId, vm: entry.vmType },
        "chain added to the chains file; serving it",
      );
    }
  };

  const listener = mountChains({
    root: options.root,
    chains: apps,
    ...(shared.corsOrigins ? { corsOrigins: shared.corsOrigins } : {}),
  });
  const app: App = Object.assign(listener, {
    listen: (port: number, host?: string) => createApiServer(listener).listen(port, host),
    locals: options.root.locals,
    close: () => {
      for (const chainApp of apps.values()) chainApp.close();
      options.root.close();
    },
  });
  return {
    app,
    heads,
    watch(source) {
      watching ??= watchChainsFile({
        readChains: source.readChains,
        apply: (file) => apply(source, file),
        logger,
        signal: stop.signal,
        ...(source.pollMs === undefined ? {} : { pollMs: source.pollMs }),
      });
    },
    async close() {
      stop.abort();
      await watching;
      app.close();
      for (const timer of retiring.values()) clearTimeout(timer);
      const pools = [...served.values(), ...[...retiring.keys()].map((db) => ({ db }))];
      served.clear();
      retiring.clear();
      await Promise.all(pools.map(({ db }) => db.close()));
    },
  };
}
