/**
 * How many HTTP workers `weft serve` starts. Each opens up to POOL_MAX connections to Postgres and one
 * more to follow commits, and the primary a pool of its own (the tracker): one worker per core on a
 * large machine would pass Postgres's max_connections (100 by default) and its requests would fail
 * with "too many clients". WORKERS=auto stays within what the server allows; an explicit count is
 * the operator's, with a warning when it does not fit.
 */

/** Connections left for everyone else: `weft ingest` (lock and writer), psql, monitoring. */
export const RESERVED_CONNECTIONS = 10;

export interface WorkerCount {
  workers: number;
  /** Why auto chose fewer than the cores, or why an explicit count may fail; undefined when it fits. */
  note?: string;
}

export function workerCount(options: {
  /** WORKERS, or undefined for auto. */
  configured: number | undefined;
  cores: number;
  /** The server's max_connections; undefined when it could not be read (no cap then). */
  maxConnections: number | undefined;
  poolMax: number;
}): WorkerCount {
  const { configured, cores, maxConnections, poolMax } = options;
  const perWorker = poolMax + 1;
  const fit =
    maxConnections === undefined
      ? Number.POSITIVE_INFINITY
      : Math.floor((maxConnections - RESERVED_CONNECTIONS - poolMax) / perWorker);
  const needs = (n: number) => n * perWorker + poolMax + RESERVED_CONNECTIONS;
  if (configured !== undefined) {
    return configured <= fit
      ? { workers: configured }
      : {
          workers: configured,
          note: `WORKERS=${configured} may open ${needs(configured)} connections to Postgres, past its max_connections (${maxConnections}) less ${RESERVED_CONNECTIONS} kept for others: lower WORKERS or raise max_connections`,
        };
  }
  const workers = Math.max(1, Math.min(cores, fit));
  return workers < cores
    ? {
        workers,
        note: `WORKERS=auto: ${workers} of ${cores} cores, so that up to ${needs(workers)} connections stay under Postgres's max_connections (${maxConnections}); raise it for more`,
      }
    : { workers };
}
