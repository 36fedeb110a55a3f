/**
 * Issue 16's acceptance, from outside: `weft serve` under load and `weft ingest` following a growing
 * chain, both on Postgres through a proxy that refuses connections for 10 s (a restart) and then
 * black-holes them for 10 s (a partition). The API answers 503 code 14 with Retry-After within its
 * timeouts and never 500, comes back by itself within seconds, ingestion resumes by itself without
 * exiting, and every table ends equal to a clean ingest of the same chain.
 */

import { runOutageScenario } from "@weft/testkit/outage-scenario";
import { formatSummary, summarizePhases } from "@weft/testkit/outage-summary";
import type { Logger } from "pino";
import { describe, expect, it } from "vitest";
import { CLI_PATH } from "../_test/spawn-weft.js";
import { realPostgresAvailable, silentLogger } from "../_test/test-database.js";
import { type Database, openDatabase } from "../db/database.js";
import { runIngest } from "../ingest/run-ingest.js";

const ADMIN_URL = process.env.WEFT_TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const CONNECT_TIMEOUT_MS = 1_000;
const QUERY_TIMEOUT_MS = 2_000;
/**
 * The longest a request may take while the database is away: a connection attempt and a query
 * each running into their timeout, plus room for two busy shared cores. A request that waited
 * for the database to come back (the 10 s of an outage) exceeds it.
 */
const REQUEST_BOUND_MS = CONNECT_TIMEOUT_MS + QUERY_TIMEOUT_MS + 1_500;
/** The API's first 200 after the database is back (the breaker probes every 500 ms). */
const API_RECOVERY_MS = 5_000;
/**
 * Ingestion's first commit after each outage. After a database failure its retries wait at most 2 s
 * (ingest/backoff.ts DATABASE_BACKOFF_MAX_MS; measured 0.04-4 s), then it takes the writer lock again
 * (Postgres frees the old session's at once when the proxy resets it, or at the heartbeat's timeout
 * after a black hole) and commits: the cap, the lock, a commit, with room for two busy cores.
 */
const INGEST_RECOVERY_MS = 15_000;
/** A commit sent just before an outage may still land in its first moments. */
const SETTLE_MS = 1_000;

const available = await realPostgresAvailable();

describe.runIf(available || process.env.CI === "true")("a database outage under load", () => {
  it("answers 503 within the bound and never 500, recovers by itself, and ingests exactly a clean run", async () => {
    const result = await runOutageScenario<Database, Logger>({
      cliPath: CLI_PATH,
      server: { openDatabase, runIngest, silent: silentLogger },
      adminUrl: ADMIN_URL,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      queryTimeoutMs: QUERY_TIMEOUT_MS,
    });
    console.log(
      `database outage (connect ${CONNECT_TIMEOUT_MS} ms, query ${QUERY_TIMEOUT_MS} ms):\n${formatSummary(result)}`,
    );
    const context = `\n--- weft ingest ---\n${result.ingestLog.slice(-4_000)}\n--- weft serve ---\n${result.serveLog.slice(-4_000)}`;
    const phases = summarizePhases(result);

    // The outages were real: the proxy stood between the API and its database.
    for (const mode of ["refuse", "blackhole"]) {
      const phase = phases.find((p) => p.name === mode);
      expect(phase?.unavailable, `503s during ${mode}`).toBeGreaterThan(20);
    }
    // Every answer is a 200 or a 503: no 500, no other error, no request left unanswered.
    const wrong = result.samples.filter((s) => s.status !== 200 && s.status !== 503);
    expect(wrong.slice(0, 5), `${wrong.length} answers neither 200 nor 503${context}`).toEqual([]);
    // Every 503 is the envelope of an unavailable database, with Retry-After.
    for (const s of result.samples.filter((x) => x.status === 503)) {
      expect({ path: s.path, body: s.body, retryAfter: s.retryAfter }).toEqual({
        path: s.path,
        body: {
          code: 14,
          message: expect.stringMatching(/^database unavailable: .+; retry in \d+ s$/),
          details: [{ reason: "DATABASE_UNAVAILABLE", description: expect.any(String) }],
        },
        retryAfter: expect.stringMatching(/^[1-9]\d*$/),
      });
    }
    // Within the bound, during the outages and outside them.
    const slow = result.samples.filter((s) => s.endMs - s.startMs > REQUEST_BOUND_MS);
    expect(
      slow.slice(0, 5).map((s) => ({ path: s.path, status: s.status, ms: s.endMs - s.startMs })),
      `${slow.length} requests over ${REQUEST_BOUND_MS} ms`,
    ).toEqual([]);
    // The API comes back by itself after each outage.
    for (const outage of result.outages) {
      const phase = phases.find((p) => p.name === outage.mode);
      expect(phase?.apiRecoveryMs, `API recovery after ${outage.mode}`).toBeLessThanOrEqual(API_RECOVERY_MS);
    }
    // While the database is up (before the first outage, and once recovered from each) every
    // answer is a 200. Requests still in flight when an outage began are that outage's.
    const upFrom = [0, ...result.outages.map((o) => o.endMs + API_RECOVERY_MS)];
    for (const [i, fromMs] of upFrom.entries()) {
      const toMs = result.outages[i]?.startMs ?? Number.POSITIVE_INFINITY;
      const errors = result.samples.filter((s) => s.status !== 200 && s.startMs >= fromMs && s.endMs < toMs);
      expect(
        errors.slice(0, 5).map((s) => ({ path: s.path, atMs: s.startMs, status: s.status, body: s.body })),
        `${errors.length} errors while the database was up (${fromMs}-${toMs} ms)`,
      ).toEqual([]);
    }
    // Ingestion went through the proxy too: nothing committed during an outage (but a commit that
    // reached Postgres just before it began).
    for (const outage of result.outages) {
      const during = result.checkpoints.filter(
        (c) => c.atMs >= outage.startMs + SETTLE_MS && c.atMs <= outage.endMs,
      );
      expect(during.length, `checkpoints read during ${outage.mode}`).toBeGreaterThan(10);
      expect(new Set(during.map((c) => c.height)).size, `heights committed during ${outage.mode}`).toBe(1);
    }
    // Ingestion resumed by itself after each outage, within seconds.
    for (const outage of result.outages) {
      const phase = phases.find((p) => p.name === outage.mode);
      expect(phase?.ingestRecoveryMs, `ingest recovery after ${outage.mode}${context}`).toBeLessThanOrEqual(
        INGEST_RECOVERY_MS,
      );
    }
    expect(result.ingestExited, `weft ingest exited${context}`).toBeNull();
    expect(result.serveExited, `weft serve exited${context}`).toBeNull();
    expect(result.reached, `ingestion reached the head${context}`).toBe(result.target);
    // Every table equal to a clean run; the chain had grown through the outages.
    expect(result.clean.block?.rows).toBe(result.target);
    expect(result.target).toBeGreaterThan(100);
    expect(result.clean.tx?.rows).toBeGreaterThan(0);
    expect(result.faulty).toEqual(result.clean);
  }, 240_000);
});
