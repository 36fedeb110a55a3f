/**
 * Taking the writer lock (writer-lock.ts) for as long as it takes: a standby polls while another
 * process holds it, and a database that cannot be reached is retried with backoff, each failure
 * logged with its kind and the recovery said once it heals.
 */
import type pg from "pg";
import type { Logger } from "pino";
import { type Backoff, DATABASE_BACKOFF_MAX_MS } from "./backoff.js";
import { classifyIngestFailure, failureFields, type IngestFailure } from "./ingest-failure.js";
import type { IngestStatus } from "./ingest-status.js";
import { tryAcquireWriterLock, type WriterLock } from "./writer-lock.js";

/** Waits `ms`, or less when `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}

/** Logs a retried failure: warn, or error when it will not heal by waiting or keeps coming. */
export function logFailure(
  log: Logger,
  failure: IngestFailure,
  err: unknown,
  backoff: Backoff,
  line: string,
) {
  const fields = { err, ...failureFields(failure), failures: backoff.failures };
  if (failure.deterministic || backoff.failures >= 3) log.error(fields, line);
  else log.warn(fields, line);
}

/**
 * Takes the writer lock, standing by while another process holds it and retrying with backoff
 * while the database cannot be reached. Undefined only once `signal` aborts.
 */
export async function acquireWriterLock(options: {
  pool: pg.Pool;
  chainId: string;
  signal: AbortSignal;
  log: Logger;
  backoff: Backoff;
  status: IngestStatus | undefined;
  standbyPollMs: number;
  heartbeatMs: number | undefined;
  /** Say when it is taken (after a loss), not only when it is not. */
  again: boolean;
}): Promise<WriterLock | undefined> {
  const { log, backoff, signal } = options;
  let standingBy = false;
  let failingSince: number | undefined;
  while (!signal.aborted) {
    try {
      const lock = await tryAcquireWriterLock(options.pool, options.chainId, {
        ...(options.heartbeatMs === undefined ? {} : { heartbeatMs: options.heartbeatMs }),
      });
      if (failingSince !== undefined)
        log.info(`database reachable again after ${((Date.now() - failingSince) / 1000).toFixed(1)} s`);
      failingSince = undefined;
      if (lock) {
        if (options.again || standingBy) log.info("writer lock acquired; resuming from the checkpoint");
        return lock;
      }
      if (!standingBy) log.info("another process is ingesting this chain; standing by");
      standingBy = true;
      // A standby is where it should be: not a stall.
      options.status?.idle();
      await sleep(options.standbyPollMs, signal);
    } catch (err) {
      if (signal.aborted) break;
      const failure = classifyIngestFailure(err);
      options.status?.failed(failure);
      failingSince ??= Date.now();
      const delay = backoff.next(failure.kind === "database" ? DATABASE_BACKOFF_MAX_MS : undefined);
      logFailure(
        log,
        failure,
        err,
        backoff,
        `cannot take the writer lock, ${failure.kind}: ${failure.message}; retrying in ${delay} ms`,
      );
      await sleep(delay, signal);
    }
  }
  return undefined;
}
