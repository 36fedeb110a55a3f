/**
 * Trackers in several processes share the work through leases in Postgres: concurrent passes never
 * check the same transfer twice, and a crashed tracker's claims return once their lease runs out.
 */
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../_test/test-database.js";
import { loadRegistry } from "../registry/load-registry.js";
import type { ChainReader } from "./chain-reader.js";
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
