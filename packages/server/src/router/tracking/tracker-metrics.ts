/**
 * The tracker's Prometheus series: the backlog due for a check (counted in Postgres at scrape time,
 * for every replica alike), what this process holds, and what it finished, failed and took over.
 */
import type pg from "pg";
import { Counter, Gauge, type Registry } from "prom-client";
import { countDue } from "./transfer-store.js";

/** `weft_tracker_due` counts up to this many rows: a scrape stays cheap whatever the backlog. */
export const DUE_COUNT_CAP = 100_000;
/** A scrape does not wait longer than this for the count (a database outage must not hang /metrics). */
const DUE_COUNT_TIMEOUT_MS = 1_000;

/** The terminal states other than success (status-json.ts TERMINAL_STATES). */
const FAILED_STATES = ["STATE_COMPLETED_ERROR", "STATE_ABANDONED"];

export interface TrackerMetrics {
  inFlight: Gauge;
  completed: Counter;
  failed: Counter<"state">;
  leaseExpiries: Counter;
  errors: Counter<"stage">;
}

/** Registers the tracker's series in `registry`; `pool` answers the scrape-time count of due transfers. */
export function createTrackerMetrics(registry: Registry, pool: Pick<pg.Pool, "query">): TrackerMetrics {
  new Gauge({
    name: "weft_tracker_due",
    help: `Transfers due for a check now and not leased by any tracker (counted up to ${DUE_COUNT_CAP}).`,
    registers: [registry],
    async collect() {
      // A failed count keeps the last value: the scrape still answers, and tracker errors and the
      // database's own health say what is wrong.
      const due = await countDue(pool, DUE_COUNT_CAP, DUE_COUNT_TIMEOUT_MS).catch(() => undefined);
      if (due !== undefined) this.set(due);
    },
  });
  const metrics: TrackerMetrics = {
    inFlight: new Gauge({
      name: "weft_tracker_in_flight",
      help: "Transfers this process has leased and is checking now.",
      registers: [registry],
    }),
    completed: new Counter({
      name: "weft_tracker_completed_total",
      help: "Transfers this process saw complete successfully (STATE_COMPLETED_SUCCESS).",
      registers: [registry],
    }),
    failed: new Counter({
      name: "weft_tracker_failed_total",
      help: "Transfers this process saw end otherwise, by final state (STATE_COMPLETED_ERROR, STATE_ABANDONED).",
      labelNames: ["state"] as const,
      registers: [registry],
    }),
    leaseExpiries: new Counter({
      name: "weft_tracker_lease_expiries_total",
      help: "Transfers this process took over after another tracker's lease ran out (it died or hung mid-check).",
      registers: [registry],
    }),
    errors: new Counter({
      name: "weft_tracker_errors_total",
      help: "Tracker failures, by stage: check (a chain could not be read; retried) or pass (claiming or saving failed, e.g. the database).",
      labelNames: ["stage"] as const,
      registers: [registry],
    }),
  };
  // Every labelled series exists from the first scrape: a rate or an alert needs its zero.
  for (const state of FAILED_STATES) metrics.failed.inc({ state }, 0);
  for (const stage of ["check", "pass"]) metrics.errors.inc({ stage }, 0);
  return metrics;
}
