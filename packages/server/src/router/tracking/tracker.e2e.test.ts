/**
 * Trackers in several processes share the work through leases in Postgres: concurrent passes never
 * check the same transfer twice, and a crashed tracker's claims return once their lease runs out.
 */
import { pino } from "pino";
import { Registry as MetricsRegistry } from "prom-client";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../_test/test-database.js";
import { loadRegistry } from "../registry/load-registry.js";
import type { ChainReader, ChainTx } from "./chain-reader.js";
import { createTracker } from "./tracker.js";
import { claimDue, findTransfer, insertTransfer } from "./transfer-store.js";

const database = useTestDatabase();
const registry = loadRegistry("devnet");
const logger = pino({ level: "silent" });

/** A chain that never shows the tx, slowly: long enough for passes to overlap. */
function countingReader(checked: string[]): ChainReader {
  return {
    tx: async (_chain, hash) => {
      checked.push(hash);
      await new Promise((r) => setTimeout(r, 30));
      return undefined;
    },
    search: async () => [],
    oftReceived: async () => undefined,
    cosmosTxHash: async () => undefined,
  };
}

describe("trackers sharing a database", () => {
  it("check every due transfer exactly once across concurrent passes of three trackers", async () => {
    const pool = database().db.pool;
    const hashes = Array.from({ length: 60 }, (_, i) => i.toString(16).padStart(64, "0").toUpperCase());
    for (const h of hashes) expect(await insertTransfer(pool, "weft-devnet-1", h)).toBe(true);
    expect(await insertTransfer(pool, "weft-devnet-1", hashes[0] ?? "")).toBe(false);
    const checked: string[] = [];
    const trackers = [1, 2, 3].map(() =>
      createTracker({ pool, registry, reader: countingReader(checked), logger, batch: 7, recheckMs: 60_000 }),
    );
    // Each tracker keeps claiming until nothing is due; together they must cover every row once.
    await Promise.all(
      trackers.map(async (t) => {
        while ((await t.tick()) > 0);
      }),
    );
    expect(checked.length).toBe(hashes.length);
    expect(new Set(checked).size).toBe(hashes.length);
    const row = await findTransfer(pool, "weft-devnet-1", hashes[5] ?? "");
    expect(row).toMatchObject({ state: "STATE_SUBMITTED", done: false });
  });

  it("gives a crashed tracker's claims to another once the lease runs out", async () => {
    const pool = database().db.pool;
    const hash = "F".repeat(64);
    await insertTransfer(pool, "weft-cosmos-1", hash);
    await pool.query(
      "UPDATE router_transfer SET next_check_at = now() - interval '1 hour' WHERE tx_hash = $1",
      [hash],
    );
    // The "crashed" tracker claims with a 200 ms lease and never saves.
    const claimed = await claimDue(pool, "crashed", 200, 1_000);
    expect(claimed.map((r) => r.tx_hash)).toContain(hash);
    expect((await claimDue(pool, "other", 30_000, 1_000)).map((r) => r.tx_hash)).not.toContain(hash);
    await new Promise((r) => setTimeout(r, 300));
    expect((await claimDue(pool, "other", 30_000, 1_000)).map((r) => r.tx_hash)).toContain(hash);
  });
});

/** The weft_tracker_* samples of a scrape, one line each, sorted. */
async function trackerSeries(metrics: MetricsRegistry): Promise<string[]> {
  const text = await metrics.metrics();
  return text
    .split("\n")
    .filter((line) => line.startsWith("weft_tracker_"))
    .sort();
}

describe("the tracker's metrics", () => {
  it("count the due backlog, what is in flight, completed, failed, taken over and failing", async () => {
    const pool = database().db.pool;
    await pool.query("TRUNCATE router_transfer");
    const hash = (c: string) => c.repeat(64);
    const [succeeds, fails, missing, unreadable, orphaned, later, leased] = [
      "A",
      "B",
      "C",
      "D",
      "E",
      "1",
      "2",
    ].map(hash);
    for (const h of [succeeds, fails, missing, unreadable, orphaned, later, leased])
      await insertTransfer(pool, "weft-devnet-1", h ?? "");
    // Not due: checked again in an hour; leased by a live tracker. Due: a lease that ran out.
    await pool.query(
      "UPDATE router_transfer SET next_check_at = now() + interval '1 hour' WHERE tx_hash = $1",
      [later],
    );
    await pool.query(
      "UPDATE router_transfer SET claimed_by = 'alive', claimed_until = now() + interval '1 hour' WHERE tx_hash = $1",
      [leased],
    );
    await pool.query(
      "UPDATE router_transfer SET claimed_by = 'crashed', claimed_until = now() - interval '1 second' WHERE tx_hash = $1",
      [orphaned],
    );
    const metrics = new MetricsRegistry();
    const opened: (() => void)[] = [];
    const gate = new Promise<void>((resolve) => opened.push(resolve));
    const onChain = (h: string, code: number): ChainTx => ({
      hash: h,
      height: 5,
      code,
      log: code ? "out of gas" : "",
      events: [],
      time: "2026-01-01T00:00:00Z",
    });
    const reader: ChainReader = {
      tx: async (_chain, h) => {
        await gate;
        if (h === unreadable) throw new Error("node down");
        if (h === succeeds || h === orphaned) return onChain(h, 0);
        if (h === fails) return onChain(h, 5);
        return undefined;
      },
      search: async () => [],
      oftReceived: async () => undefined,
      cosmosTxHash: async () => undefined,
    };
    // A window of 0 abandons a tx not found at its first check.
    const tracker = createTracker({
      pool,
      registry,
      reader,
      logger,
      submitWindowMs: 0,
      metricsRegistry: metrics,
    });
    expect(await trackerSeries(metrics)).toEqual([
      "weft_tracker_completed_total 0",
      "weft_tracker_due 5",
      'weft_tracker_errors_total{stage="check"} 0',
      'weft_tracker_errors_total{stage="pass"} 0',
      'weft_tracker_failed_total{state="STATE_ABANDONED"} 0',
      'weft_tracker_failed_total{state="STATE_COMPLETED_ERROR"} 0',
      "weft_tracker_in_flight 0",
      "weft_tracker_lease_expiries_total 0",
    ]);
    const pass = tracker.tick();
    // The five due rows are leased and being checked: no longer due, all in flight.
    for (let i = 0; i < 200 && !(await trackerSeries(metrics)).includes("weft_tracker_in_flight 5"); i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(await trackerSeries(metrics)).toEqual([
      "weft_tracker_completed_total 0",
      "weft_tracker_due 0",
      'weft_tracker_errors_total{stage="check"} 0',
      'weft_tracker_errors_total{stage="pass"} 0',
      'weft_tracker_failed_total{state="STATE_ABANDONED"} 0',
      'weft_tracker_failed_total{state="STATE_COMPLETED_ERROR"} 0',
      "weft_tracker_in_flight 5",
      "weft_tracker_lease_expiries_total 1",
    ]);
    for (const open of opened) open();
    expect(await pass).toBe(5);
    expect(await trackerSeries(metrics)).toEqual([
      "weft_tracker_completed_total 2",
      "weft_tracker_due 0",
      'weft_tracker_errors_total{stage="check"} 1',
      'weft_tracker_errors_total{stage="pass"} 0',
      'weft_tracker_failed_total{state="STATE_ABANDONED"} 1',
      'weft_tracker_failed_total{state="STATE_COMPLETED_ERROR"} 1',
      "weft_tracker_in_flight 0",
      "weft_tracker_lease_expiries_total 1",
    ]);
    // Done rows are never claimed again: the next pass counts nothing twice.
    await pool.query("UPDATE router_transfer SET next_check_at = now() - interval '1 second' WHERE NOT done");
    await tracker.tick();
    expect(await trackerSeries(metrics)).toContain("weft_tracker_completed_total 2");
  });

  it("count a failed pass, and a scrape answers while the database does not", async () => {
    const metrics = new MetricsRegistry();
    const down = { query: async () => Promise.reject(new Error("connection refused")) } as unknown as Pick<
      Parameters<typeof createTracker>[0]["pool"],
      "query"
    >;
    const tracker = createTracker({
      pool: down,
      registry,
      reader: countingReader([]),
      logger,
      pollMs: 10,
      metricsRegistry: metrics,
    });
    tracker.start();
    for (let i = 0; i < 200 && !(await trackerSeries(metrics)).some((l) => l.includes('stage="pass"')); i++)
      await new Promise((r) => setTimeout(r, 10));
    await tracker.stop();
    const series = await trackerSeries(metrics);
    expect(series.filter((l) => l.startsWith("weft_tracker_errors_total"))).toEqual([
      'weft_tracker_errors_total{stage="check"} 0',
      expect.stringMatching(/^weft_tracker_errors_total\{stage="pass"\} [1-9]\d*$/),
    ]);
    // The due count failed: the gauge keeps its last value (none yet) instead of failing the scrape.
    expect(series).toContain("weft_tracker_due 0");
  });
});
