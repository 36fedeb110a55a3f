/**
 * The tracker: claims due transfers, advances each with what the chains show, computes its state and
 * saves it. Runs in every `weft serve` (replicas share the work through leases) and survives restarts:
 * everything it knows is in router_transfer.
 */
import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { Logger } from "pino";
import type { Registry as MetricsRegistry } from "prom-client";
import type { Registry } from "../registry/registry.js";
import type { ChainReader } from "./chain-reader.js";
import { advance } from "./progress.js";
import { statusJson, TERMINAL_STATES } from "./status-json.js";
import { createTrackerMetrics } from "./tracker-metrics.js";
import { claimDue, releaseClaim, saveCheck, type TransferRow } from "./transfer-store.js";

export interface TrackerOptions {
  pool: Pick<pg.Pool, "query">;
  registry: Registry;
  reader: ChainReader;
  logger: Logger;
  /** Pause between claims when nothing is due. @default 1000 */
  pollMs?: number;
  /** How long a claim holds a transfer; a crashed tracker's rows return after it. @default 30000 */
  leaseMs?: number;
  /** Transfers checked per claim. @default 50 */
  batch?: number;
  /** A tx not seen on its chain this long after tracking started is abandoned (Skip: 5 min). @default 300000 */
  submitWindowMs?: number;
  /** A transfer with no progress this long is abandoned (Skip: 30 min). @default 1800000 */
  progressWindowMs?: number;
  /** Wait before re-checking a transfer that did not move. @default 2000 */
  recheckMs?: number;
  /** Wait before re-checking a transfer that moved (its next step is usually a block away). @default 250 */
  movedRecheckMs?: number;
  /** Transfers checked at once; bounds the bursts of chain requests beside the API. @default 8 */
  concurrency?: number;
  /**
   * Where the weft_tracker_* series go (tracker-metrics.ts); the app's /metrics registry. Not named
   * `registry`: that is the chain registry above. @default none: not measured
   */
  metricsRegistry?: MetricsRegistry;
}

export interface Tracker {
  /** One claim-and-check pass; returns how many transfers were checked. */
  tick(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export function createTracker(options: TrackerOptions): Tracker {
  const owner = `tracker-${randomUUID()}`;
  const pollMs = options.pollMs ?? 1_000;
  const leaseMs = options.leaseMs ?? 30_000;
  const recheckMs = options.recheckMs ?? 2_000;
  const movedRecheckMs = options.movedRecheckMs ?? 250;
  const concurrency = options.concurrency ?? 8;
  const submitWindowMs = options.submitWindowMs ?? 300_000;
  const progressWindowMs = options.progressWindowMs ?? 1_800_000;
  const { pool, registry, reader, logger } = options;
  let running: Promise<void> | undefined;
  let stopping = false;
  const metrics = options.metricsRegistry ? createTrackerMetrics(options.metricsRegistry, pool) : undefined;

  async function check(row: TransferRow): Promise<void> {
    const progress = row.progress;
    let moved: boolean;
    try {
      moved = await advance(registry, reader, row.chain_id, row.tx_hash, progress);
    } catch (err) {
      metrics?.errors.inc({ stage: "check" });
      logger.warn({ err, chain_id: row.chain_id, tx_hash: row.tx_hash }, "tracking check failed; retrying");
      await releaseClaim(pool, row, owner, recheckMs);
      return;
    }
    const now = Date.now();
    if (!progress.source && now - row.created_at.getTime() > submitWindowMs) {
      progress.abandoned = `the tx was not found on ${row.chain_id} within ${Math.round(submitWindowMs / 1000)} s of tracking; track it again once it is on chain`;
    } else if (!moved && progress.source && now - row.progressed_at.getTime() > progressWindowMs) {
      progress.abandoned = `no progress for ${Math.round(progressWindowMs / 1000)} s`;
    }
    const { state } = statusJson(
      registry,
      progress,
      progress.abandoned ? { reason: progress.abandoned } : undefined,
    );
    const done = TERMINAL_STATES.has(state);
    const saved = await saveCheck(pool, row, owner, {
      progress,
      state,
      done,
      moved,
      nextCheckInMs: moved ? movedRecheckMs : recheckMs,
    });
    // Counted by the one tracker whose save landed: a done row is never claimed again.
    if (saved && done) {
      if (state === "STATE_COMPLETED_SUCCESS") metrics?.completed.inc();
      else metrics?.failed.inc({ state });
    }
    if (state !== row.state)
      logger.info({ chain_id: row.chain_id, tx_hash: row.tx_hash, state }, "transfer state changed");
  }

  async function tick(): Promise<number> {
    const rows = await claimDue(pool, owner, leaseMs, options.batch ?? 50);
    metrics?.leaseExpiries.inc(rows.filter((r) => r.lease_expired).length);
    metrics?.inFlight.inc(rows.length);
    const queue = [...rows];
    try {
      await Promise.all(
        Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
          for (let row = queue.shift(); row; row = queue.shift()) {
            try {
              await check(row);
            } finally {
              metrics?.inFlight.dec();
            }
          }
        }),
      );
    } finally {
      // A failed save ends the pass early: the rows no check took are no longer in flight either
      // (their leases run out and another pass takes them).
      metrics?.inFlight.dec(queue.length);
      queue.length = 0;
    }
    return rows.length;
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      let checked = 0;
      try {
        checked = await tick();
      } catch (err) {
        metrics?.errors.inc({ stage: "pass" });
        logger.error({ err }, "tracker pass failed");
      }
      if (checked === 0 && !stopping) await new Promise((r) => setTimeout(r, pollMs));
    }
  }

  return {
    tick,
    start() {
      running ??= loop();
    },
    async stop() {
      stopping = true;
      await running;
    },
  };
}
