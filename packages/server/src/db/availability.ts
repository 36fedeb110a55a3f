/**
 * A circuit breaker in front of the database, so an outage answers fast instead of making every
 * request wait for a connect or query timeout.
 *
 * Up: work runs. The first connection-level failure (db/unavailable.ts) marks the database down.
 * Down: work fails at once with DatabaseUnavailableError (the API answers 503), while probes (a
 * fresh connection and `SELECT 1`, never a pooled one) start every PROBE_INTERVAL_MS, several in
 * flight at once so a probe stuck in a black hole does not delay the next; the first that succeeds
 * marks it up again. Recovery therefore follows the database by at most one interval plus a connect.
 */
import type { Logger } from "pino";
import {
  type DatabaseUnavailability,
  DatabaseUnavailableError,
  databaseUnavailability,
} from "./unavailable.js";

/** How often a down database is probed. */
export const PROBE_INTERVAL_MS = 500;
/** Probes in flight at most (each lasts up to the connect timeout in a black hole). */
export const MAX_PROBES_IN_FLIGHT = 4;
/** Idle-connection errors logged at most once per this window (a restart fails every idle one). */
const IDLE_ERROR_LOG_WINDOW_MS = 10_000;

export interface DatabaseAvailability {
  /**
   * Runs `work` while the database is up; while it is down, throws DatabaseUnavailableError without
   * running it. A connection-level failure of `work` marks the database down.
   */
  guard<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Counts outages confirmed by a failed probe: a connection opened in an earlier generation may
   * never answer again (a failover, a partition) and is not reused. A blip that the first probe
   * disproves (one connection terminated, a pool briefly saturated) keeps the healthy connections.
   */
  readonly generation: number;
  readonly down: boolean;
  /** An idle pooled connection failed (pool "error" event): logged, quietly after the first. */
  idleError(err: unknown): void;
  /** Stops probing (the database is closing). */
  close(): void;
}

export function createDatabaseAvailability(options: {
  /** Opens a fresh connection and runs a trivial query; rejects when the database cannot answer. */
  probe: () => Promise<void>;
  logger: Logger;
  /** @default PROBE_INTERVAL_MS */
  probeIntervalMs?: number;
  /** @default MAX_PROBES_IN_FLIGHT */
  maxProbesInFlight?: number;
  now?: () => number;
}): DatabaseAvailability {
  const now = options.now ?? Date.now;
  const intervalMs = options.probeIntervalMs ?? PROBE_INTERVAL_MS;
  const maxInFlight = options.maxProbesInFlight ?? MAX_PROBES_IN_FLIGHT;
  const { logger } = options;
  let generation = 0;
  /** Counts every outage, confirmed or not: what work began under. */
  let outages = 0;
  let down:
    | { since: number; cause: DatabaseUnavailability; probes: number; refused: number; confirmed: boolean }
    | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  let inFlight = 0;
  let closed = false;
  let idleLoggedAt = Number.NEGATIVE_INFINITY;
  let idleQuiet = 0;

  const recover = () => {
    if (!down) return;
    logger.warn(
      { down_ms: now() - down.since, probes: down.probes, refused_requests: down.refused },
      "database available again",
    );
    down = undefined;
    clearInterval(timer);
    timer = undefined;
  };

  const probe = () => {
    if (!down || closed || inFlight >= maxInFlight) return;
    inFlight++;
    down.probes++;
    options.probe().then(
      () => {
        inFlight--;
        recover();
      },
      (err: unknown) => {
        inFlight--;
        // The latest cause is what a client is told (a refusal may turn into a timeout).
        const cause = databaseUnavailability(err) ?? {
          cause: String((err as Error)?.message ?? err),
          connectionLost: true,
        };
        if (!down) return;
        down.cause = cause;
        if (!down.confirmed) {
          down.confirmed = true;
          generation++;
        }
      },
    );
  };

  const trip = (cause: DatabaseUnavailability) => {
    if (down || closed) return;
    outages++;
    down = { since: now(), cause, probes: 0, refused: 0, confirmed: false };
    logger.warn(
      { cause: cause.cause },
      "database unavailable: requests answer 503 until a probe connects again",
    );
    timer = setInterval(probe, intervalMs);
    timer.unref();
    probe();
  };

  return {
    async guard(work) {
      if (down) {
        down.refused++;
        throw new DatabaseUnavailableError(down.cause);
      }
      const startedIn = outages;
      try {
        return await work();
      } catch (err) {
        // A failure of work begun before an outage already recorded is that outage, not a new one.
        const unavailable = databaseUnavailability(err);
        if (unavailable?.connectionLost && startedIn === outages) trip(unavailable);
        throw err;
      }
    },
    get generation() {
      return generation;
    },
    get down() {
      return down !== undefined;
    },
    idleError(err) {
      if (now() - idleLoggedAt < IDLE_ERROR_LOG_WINDOW_MS) {
        idleQuiet++;
        return;
      }
      logger.warn(
        { err, quieted_since_last: idleQuiet },
        `idle database connection failed (further ones logged at most every ${IDLE_ERROR_LOG_WINDOW_MS / 1000} s)`,
      );
      idleLoggedAt = now();
      idleQuiet = 0;
    },
    close() {
      closed = true;
      clearInterval(timer);
      timer = undefined;
    },
  };
}
