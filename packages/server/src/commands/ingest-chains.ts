/**
 * `weft ingest --chains FILE` (CHAINS_FILE): every chain of the file in this one process
 * (ingest/chain-supervisor.ts), each written to its own Postgres schema of DATABASE_URL. The
 * deployment's own schema (`public`) is migrated too: it is what `/ready` checks and where the
 * Router API's tables live.
 */
import type { Logger } from "pino";
import { readChainsFile } from "../chain/chains-file.js";
import type { Config } from "../config.js";
import { chainSchemaName } from "../db/chain-schema.js";
import { openDatabase } from "../db/database.js";
import { createMetrics } from "../http/metrics.js";
import { superviseChains } from "../ingest/chain-supervisor.js";
import { createIngestSeries, createIngestStatus } from "../ingest/ingest-status.js";
import { startIngestMonitor } from "../ops/ingest-monitor.js";
import { CHAIN_POOL_MAX } from "../setting-defaults.js";
import { databaseOptions, ingestLoopOptions } from "./command-config.js";

export async function ingestChains(options: {
  config: Config & { chainsFile: string };
  logger: Logger;
  signal: AbortSignal;
}): Promise<void> {
  const { config, logger, signal } = options;
  if (!config.databaseUrl) {
    process.stderr.write(
      "weft: ingesting several chains (CHAINS_FILE) needs a real Postgres, each chain in its own schema: set DATABASE_URL\n",
    );
    process.exit(2);
  }
  const ignored = (
    [
      ["RPC_URL", config.rpcUrl],
      ["REST_URL", config.restUrl],
      ["JSON_RPC_URL", config.jsonRpcUrl],
      ["CHAIN_ID", config.chainId],
    ] as const
  ).filter(([, value]) => value !== undefined);
  if (ignored.length > 0)
    logger.warn(
      `${ignored.map(([name]) => name).join(", ")} ignored: with CHAINS_FILE each chain's node comes from the file`,
    );
  // Unreachable at startup: the one-line exit of `weft ingest`, before any chain starts.
  const root = await openDatabase({ ...databaseOptions(config, logger), poolMax: 2 });
  const metrics = createMetrics();
  const series = createIngestSeries(metrics.registry);
  let supervisor: ReturnType<typeof superviseChains> | undefined;
  // Before any chain starts, as for one chain: a port that cannot be served is a one-line exit.
  const monitor =
    config.metricsPort === undefined
      ? undefined
      : await startIngestMonitor({
          registry: metrics.registry,
          db: root,
          ingestion: { stalled: () => supervisor?.health.stalled() },
          chains: () => supervisor?.states() ?? [],
          chainHealth: (chainId) => supervisor?.chains().get(chainId)?.status,
          host: config.host,
          port: config.metricsPort,
          logger,
        }).catch(async (err: unknown) => {
          await root.close();
          throw new Error(`cannot serve METRICS_PORT ${config.metricsPort}: ${(err as Error).message}`);
        });
  if (monitor) logger.info({ url: monitor.url }, "ingest metrics, health and readiness served");
  try {
    supervisor = superviseChains({
      readChains: () => readChainsFile(config.chainsFile),
      openChainDatabase: (chain) =>
        openDatabase({
          ...databaseOptions(config, logger),
          schema: chainSchemaName(chain.chainId),
          poolMax: CHAIN_POOL_MAX,
        }),
      createStatus: () => createIngestStatus({ series, stallTimeoutMs: config.ingestStallTimeoutMs }),
      ingest: {
        startHeight: BigInt(config.startHeight),
        ...ingestLoopOptions(config, logger),
      },
      logger,
      signal,
    });
  } catch (err) {
    await monitor?.close();
    await root.close();
    process.stderr.write(`weft: ${(err as Error).message}\n`);
    process.exit(2);
  }
  try {
    await supervisor.done;
  } finally {
    await monitor?.close();
    await root.close();
  }
}
