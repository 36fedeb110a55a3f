/**
 * Tracking and status polling against the real server and its tracker (on the local interchain),
 * through a hop that injects failures: the retries, the give-ups and the re-track on a 404 all meet
 * the real server's real answers. Terminal states themselves are covered end to end in transfer.test.ts.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { L1 } from "./_test/devnet-fixtures.js";
import { useFlakyHop } from "./_test/flaky-hop.js";
import { useInProcessWeft } from "./_test/in-process-weft.js";
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

const SUBMIT_WINDOW_MS = 1_500;
const weft = useInProcessWeft({ interchain: { genesis: {}, submitWindowMs: SUBMIT_WINDOW_MS } });
const hop = useFlakyHop(weft);
const UNAVAILABLE = { status: 503, body: { code: 14, message: "the database is unavailable", details: [] } };
const NOT_FOUND = { status: 404, body: { code: 5, message: "tx not found", details: [] } };

beforeEach(() => hop.reset());

let hashes = 0;
/** A fresh hash per test (the server keeps what it tracked), lower-case to see it normalised. */
const newTx = () => ({ tx_hash: (++hashes).toString(16).padStart(64, "a"), chain_id: L1 });

/** Real pacing (so the tracker moves between polls), with each requested wait recorded. */
function context(): TrackingContext & { waits: number[] } {
  const waits: number[] = [];
  return {
    client: createRouterClient({ baseUrl: hop.url() }),
    signal: undefined,
    sleep: async (ms) => {
      waits.push(ms);
      await new Promise((resolve) => setTimeout(resolve, 20));
    },
    random: () => 1,
    waits,
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

const requests = () =>
  hop.seen.map((s) => `${s.method} ${s.path.split("?")[0]} ${s.forwarded ? "forwarded" : "failed"}`);

describe("trackUntilAccepted", () => {
  it("retries a 503, a dropped connection and a 404 with backoff, then the real server accepts", async () => {
    hop.fail("/v2/tx/track", UNAVAILABLE, "drop", NOT_FOUND);
    const ctx = context();
    const tx = newTx();
    expect(await trackUntilAccepted(ctx, tx)).toEqual({
      tx_hash: tx.tx_hash.toUpperCase(),
      explorer_link: "",
    });
    expect(requests()).toEqual([
      "POST /v2/tx/track failed",
      "POST /v2/tx/track failed",
      "POST /v2/tx/track failed",
      "POST /v2/tx/track forwarded",
    ]);
    expect(hop.seen.every((s) => JSON.stringify(s.body) === JSON.stringify(tx))).toBe(true);
    expect(ctx.waits).toEqual([1_000, 2_000, 4_000]);
  });

  it("gives up after the attempt limit with the last answer", async () => {
    hop.fail("/v2/tx/track", UNAVAILABLE, UNAVAILABLE, UNAVAILABLE);
    const error = (await trackUntilAccepted(context(), newTx(), { attempts: 3 }).catch(
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
    expect(requests()).toEqual(Array.from({ length: 3 }, () => "POST /v2/tx/track failed"));
  });

  it("does not retry the real server's 400: a malformed hash stays malformed", async () => {
    const error = (await trackUntilAccepted(context(), { tx_hash: "0xnothex", chain_id: L1 }).catch(
      (e: unknown) => e,
    )) as TransferError;
    expect({ step: error.step, status: error.status, body: error.body }).toEqual({
      step: "track",
      status: 400,
      body: {
        code: 3,
        message: 'invalid tx_hash: must match pattern "^(0x)?[0-9a-fA-F]{64}$"',
        details: [{ field: "body.tx_hash", description: 'must match pattern "^(0x)?[0-9a-fA-F]{64}$"' }],
      },
    });
    expect(requests()).toEqual(["POST /v2/tx/track forwarded"]);
  });

  it("does not retry the real server's 404 for a chain its registry lacks", async () => {
    const error = (await trackUntilAccepted(context(), { ...newTx(), chain_id: "nosuch-1" }).catch(
      (e: unknown) => e,
    )) as TransferError;
    expect({ step: error.step, status: error.status, body: error.body }).toEqual({
      step: "track",
      status: 404,
      body: {
        code: 5,
        message: "chain ID not supported: nosuch-1 (GET /v2/info/chains lists them)",
        details: [{ field: "body.chain_id", description: "not a chain of this router's registry" }],
      },
    });
    expect(requests()).toEqual(["POST /v2/tx/track forwarded"]);
  });
});

describe("pollStatus", () => {
  it("re-tracks on the real 404 of an untracked tx, rides out 5xx and drops, and returns the real terminal status", async () => {
    const tx = newTx();
    // First poll: the real server has never seen the hash (404), so it is tracked again.
    const ctx = context();
    const polling = pollStatus(ctx, tx);
    const first = await polling.next();
    expect(first.value).toMatchObject({ status: "STATE_SUBMITTED", state: "STATE_SUBMITTED" });
    expect(requests()).toEqual([
      "GET /v2/tx/status forwarded",
      "POST /v2/tx/track forwarded",
      "GET /v2/tx/status forwarded",
    ]);
    // Then transient failures between polls, until the tracker abandons the never-seen tx.
    hop.fail("/v2/tx/status", UNAVAILABLE, "drop");
    const { yielded, last } = await drain(polling);
    expect(yielded.map((s) => s.state)).toEqual(["STATE_ABANDONED"]);
    expect(last).toMatchObject({
      status: "STATE_FAILED",
      state: "STATE_ABANDONED",
      error: { type: "STATUS_ERROR_INDEXING" },
    });
    expect(requests().slice(3, 6)).toEqual([
      "GET /v2/tx/status failed",
      "GET /v2/tx/status failed",
      "GET /v2/tx/status forwarded",
    ]);
  }, 20_000);

  it("gives up after too many failures in a row, naming the last", async () => {
    hop.fail("/v2/tx/status", UNAVAILABLE, UNAVAILABLE, UNAVAILABLE);
    const error = (await drain(pollStatus(context(), newTx(), { maxConsecutiveErrors: 2 })).catch(
      (e: unknown) => e,
    )) as TransferError;
    expect(error).toMatchObject({
      step: "status",
      status: 503,
      message: "status failed with HTTP 503: the database is unavailable",
    });
    expect(requests()).toEqual(Array.from({ length: 3 }, () => "GET /v2/tx/status failed"));
  });

  it("backs off between polls up to the cap while the real server says SUBMITTED", async () => {
    const tx = newTx();
    const ctx = context();
    await trackUntilAccepted(ctx, tx);
    // The tx never reaches a chain: SUBMITTED (yielded once) until the tracker abandons it.
    const { yielded } = await drain(pollStatus(ctx, tx, { intervalMs: 100, maxIntervalMs: 300, factor: 2 }));
    expect(yielded.map((s) => s.state)).toEqual(["STATE_SUBMITTED", "STATE_ABANDONED"]);
    expect(ctx.waits.length).toBeGreaterThanOrEqual(4);
    expect(ctx.waits.slice(0, 4)).toEqual([100, 200, 300, 300]);
    expect(new Set(ctx.waits.slice(3))).toEqual(new Set([300]));
  }, 20_000);
});

describe("terminal states", () => {
  const status = (state: TxStatus["state"], top: TxStatus["status"]): TxStatus => ({
    status: top,
    state,
    transfers: [],
    transfer_sequence: [],
    next_blocking_transfer: null,
    transfer_asset_release: null,
    error: null,
  });

  it("stops on STATE_COMPLETED and STATE_FAILED, and on a terminal state under any status (Skip reports failures as COMPLETED)", () => {
    expect(isTerminal(status("STATE_SUBMITTED", "STATE_SUBMITTED"))).toBe(false);
    expect(isTerminal(status("STATE_PENDING", "STATE_PENDING"))).toBe(false);
    expect(isTerminal(status("STATE_PENDING_ERROR", "STATE_PENDING"))).toBe(false);
    expect(isTerminal(status("STATE_COMPLETED_SUCCESS", "STATE_COMPLETED"))).toBe(true);
    expect(isTerminal(status("STATE_COMPLETED_ERROR", "STATE_FAILED"))).toBe(true);
    expect(isTerminal(status("STATE_ABANDONED", "STATE_FAILED"))).toBe(true);
    const skipFailure = status("STATE_COMPLETED_ERROR", "STATE_COMPLETED");
    expect(isTerminal(skipFailure)).toBe(true);
    expect(isSuccess(skipFailure)).toBe(false);
    expect(isTerminal(status("STATE_ABANDONED", "STATE_PENDING"))).toBe(true);
    expect(isTerminal(status("STATE_PENDING", "STATE_FAILED"))).toBe(true);
    expect(isSuccess(status("STATE_COMPLETED_SUCCESS", "STATE_COMPLETED"))).toBe(true);
  });
});
