/**
 * Tracking and status polling over HTTP. The stand-in answers /v2/tx/track and /v2/tx/status
 * (this branch's server answers 501 there) so failures and terminal states can be scripted.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { L1 } from "./_test/devnet-fixtures.js";
import { useInProcessWeft } from "./_test/in-process-weft.js";
import { statusBody, useStandInTracker } from "./_test/stand-in-tracker.js";
import type { TxStatus } from "./router-types.js";
import { TransferError } from "./transfer-error.js";
import {
  isSuccess,
  isTerminal,
  pollStatus,
  type TrackingContext,
  trackUntilAccepted,
} from "./tx-tracking.js";
import { createRouterClient } from "./weft-client.js";

const weftUrl = useInProcessWeft();
const tracker = useStandInTracker(weftUrl);
const TX = { tx_hash: "AB".repeat(32), chain_id: L1 };
const TRACKED = { status: 200, body: { tx_hash: TX.tx_hash, explorer_link: "" } };
const UNAVAILABLE = { status: 503, body: { code: 14, message: "the database is unavailable", details: [] } };

beforeEach(() => tracker.reset());

function context(overrides: Partial<TrackingContext> = {}): TrackingContext & { waits: number[] } {
  const waits: number[] = [];
  return {
    client: createRouterClient({ baseUrl: tracker.url() }),
    signal: undefined,
    sleep: async (ms) => {
      waits.push(ms);
    },
    random: () => 1,
    waits,
    ...overrides,
  };
}

async function drain(
  polling: AsyncGenerator<TxStatus, TxStatus>,
): Promise<{ yielded: TxStatus[]; last: TxStatus }> {
  const yielded: TxStatus[] = [];
  for (;;) {
    const next = await polling.next();
    if (next.done) return { yielded, last: next.value };
    yielded.push(next.value);
  }
}

describe("trackUntilAccepted", () => {
  it("retries a 503, a dropped connection and a 404 with backoff until the track is accepted", async () => {
    tracker.track.push(
      UNAVAILABLE,
      "drop",
      { status: 404, body: { code: 5, message: "tx not found", details: [] } },
      TRACKED,
    );
    const ctx = context();
    expect(await trackUntilAccepted(ctx, TX)).toEqual(TRACKED.body);
    expect(tracker.seen.map((s) => s.body)).toEqual([TX, TX, TX, TX]);
    expect(ctx.waits).toEqual([1_000, 2_000, 4_000]);
  });

  it("gives up after the attempt limit with the last answer", async () => {
    tracker.track.push(UNAVAILABLE, UNAVAILABLE, UNAVAILABLE);
    const error = (await trackUntilAccepted(context(), TX, { attempts: 3 }).catch(
      (e: unknown) => e,
    )) as TransferError;
    expect(error).toBeInstanceOf(TransferError);
    expect({ step: error.step, status: error.status, body: error.body, message: error.message }).toEqual({
      step: "track",
      status: 503,
      body: UNAVAILABLE.body,
      message:
        "track gave up after 3 attempts; last: track failed with HTTP 503: the database is unavailable",
    });
    expect(tracker.seen).toHaveLength(3);
  });

  it("does not retry a 400: a malformed hash stays malformed", async () => {
    const refusal = {
      code: 3,
      message: "invalid tx hex encoding: tx_hash must be 64 hex digits",
      details: [{ field: "body.tx_hash", description: "must match ^(0x)?[0-9a-fA-F]{64}$" }],
    };
    tracker.track.push({ status: 400, body: refusal }, TRACKED);
    const error = (await trackUntilAccepted(context(), TX).catch((e: unknown) => e)) as TransferError;
    expect(error).toMatchObject({ step: "track", status: 400, body: refusal });
    expect(tracker.seen).toHaveLength(1);
  });
});

describe("pollStatus", () => {
  it("rides out 5xx and dropped connections, re-tracks on a 404, and returns the terminal status", async () => {
    tracker.status.push(
      { status: 200, body: statusBody("STATE_SUBMITTED") },
      UNAVAILABLE,
      "drop",
      { status: 404, body: { code: 5, message: "tx not found", details: [] } },
      { status: 200, body: statusBody("STATE_PENDING") },
      { status: 200, body: statusBody("STATE_ABANDONED") },
    );
    const { yielded, last } = await drain(pollStatus(context(), TX));
    expect(yielded.map((s) => s.state)).toEqual(["STATE_SUBMITTED", "STATE_PENDING", "STATE_ABANDONED"]);
    expect(last).toEqual(statusBody("STATE_ABANDONED"));
    expect(last.status).toBe("STATE_FAILED");
    // The 404 made it track again, between the 4th and 5th status requests.
    expect(tracker.seen.map((s) => s.method)).toEqual(["GET", "GET", "GET", "GET", "POST", "GET", "GET"]);
  });

  it("gives up after too many failures in a row, naming the last", async () => {
    tracker.status.push(UNAVAILABLE, UNAVAILABLE, UNAVAILABLE);
    const error = (await drain(pollStatus(context(), TX, { maxConsecutiveErrors: 2 })).catch(
      (e: unknown) => e,
    )) as TransferError;
    expect(error).toMatchObject({
      step: "status",
      status: 503,
      message: "status failed with HTTP 503: the database is unavailable",
    });
    expect(tracker.seen).toHaveLength(3);
  });

  it("caps the wait between polls", async () => {
    for (let i = 0; i < 6; i++) tracker.status.push({ status: 200, body: statusBody("STATE_PENDING") });
    tracker.status.push({ status: 200, body: statusBody("STATE_COMPLETED_SUCCESS") });
    const ctx = context();
    await drain(pollStatus(ctx, TX, { intervalMs: 100, maxIntervalMs: 300, factor: 2 }));
    expect(ctx.waits).toEqual([100, 200, 300, 300, 300, 300]);
  });
});

describe("terminal states", () => {
  it("stops on STATE_COMPLETED and STATE_FAILED, and on a terminal state under any status (Skip reports failures as COMPLETED)", () => {
    expect(isTerminal(statusBody("STATE_SUBMITTED"))).toBe(false);
    expect(isTerminal(statusBody("STATE_PENDING"))).toBe(false);
    expect(isTerminal(statusBody("STATE_PENDING_ERROR"))).toBe(false);
    expect(isTerminal(statusBody("STATE_COMPLETED_SUCCESS"))).toBe(true);
    expect(isTerminal(statusBody("STATE_COMPLETED_ERROR"))).toBe(true);
    expect(isTerminal(statusBody("STATE_ABANDONED"))).toBe(true);
    const skipFailure = statusBody("STATE_COMPLETED_ERROR", { status: "STATE_COMPLETED" });
    expect(isTerminal(skipFailure)).toBe(true);
    expect(isSuccess(skipFailure)).toBe(false);
    expect(isTerminal(statusBody("STATE_ABANDONED", { status: "STATE_PENDING" }))).toBe(true);
    expect(isTerminal(statusBody("STATE_PENDING", { status: "STATE_FAILED" }))).toBe(true);
    expect(isSuccess(statusBody("STATE_COMPLETED_SUCCESS"))).toBe(true);
  });
});
