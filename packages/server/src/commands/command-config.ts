/**
 * What every command does first: its settings from flags and environment (one line and exit 2 on a
 * bad one), the database options they imply, and the router registry when one is configured.
 */
import type { Logger } from "pino";
import { type Config, ConfigError, loadConfig } from "../config.js";
import { createBackfillBudget } from "../ingest/backfill-budget.js";
import { loadRegistry } from "../router/registry/load-registry.js";
import type { Registry } from "../router/registry/registry.js";

type Flags = Record<string, string | undefined>;

/** commander camel-cases flag names; our settings are keyed by the kebab-case flag. */
export function kebabFlags(opts: Record<string, unknown>): Flags {
  const out: Flags = {};
  for (const [k, v] of Object.entries(opts)) {
    if (typeof v === "string") out[k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)] = v;
  }
  return out;
}

export function configOrExit(opts: Record<string, unknown>): Config {
  try {
    return loadConfig(process.env, kebabFlags(opts));
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`weft: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
}

/** Where the database is and how long its connections and queries may take (DATABASE_* settings). */
export function databaseOptions(config: Config, logger: Logger) {
  return {
    url: config.databaseUrl,
    dataDir: config.dataDir,
    logger,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    queryTimeoutMs: config.databaseQueryTimeoutMs,
    preparedStatements: config.databasePreparedStatements,
  };
}

/** Loads ROUTER_REGISTRY, if set; a registry that does not load stops the process with one line. */
export function registryOrExit(config: Config): Registry | undefined {
  if (!config.routerRegistry) return undefined;
  try {
    return loadRegistry(config.routerRegistry);
  } catch (err) {
    process.stderr.write(`weft: ${(err as Error).message}\n`);
    process.exit(2);
  }
}

/**
 * How the ingest loops of a command backfill (INGEST_* settings). Call it once per process: the
 * backfill budget it makes is the whole process's, shared by every chain it follows. A bounded
 * backfill is said at start: a catch-up slower than the node allows is otherwise a mystery.
 */
export function ingestLoopOptions(config: Config, logger: Logger) {
  if (config.ingestBackfillRate > 0)
    logger.info(
      { ingest_backfill_rate: config.ingestBackfillRate },
      `backfill bounded to ${config.ingestBackfillRate} blocks/s for the whole process (INGEST_BACKFILL_RATE; 0 lifts it)`,
    );
  return {
    concurrency: config.ingestConcurrency,
    commitBlocks: config.ingestCommitBlocks,
    writesInFlight: config.ingestWritesInFlight,
    backfillBudget:
      config.ingestBackfillRate > 0 ? createBackfillBudget(config.ingestBackfillRate) : undefined,
  };
}
