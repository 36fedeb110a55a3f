import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { beforeEach, describe, expect, it } from "vitest";
import { useFlakyHop } from "./_test/flaky-hop.js";
import { useInProcessWeft } from "./_test/in-process-weft.js";
import { createIndexerClient } from "./index.js";
import { abortableSleep } from "./sleep.js";

/** A full collection on demand, without a flag on the test runner's command line. */
function forceGc(): () => void {
  setFlagsFromString("--expose_gc");
  return runInNewContext("gc") as () => void;
}

const weftUrl = useInProcessWeft();
const hop = useFlakyHop(weftUrl);
const forwarded = () => hop.seen.filter((s) => s.forwarded).length;

beforeEach(() => hop.reset());

const noWait = { baseDelayMs: 1, maxDelayMs: 2 };

describe("retry middleware against a real server behind a flaky hop", () => {
  it("retries 503, 429 and dropped connections on a GET until it succeeds", async () => {
    hop.fail("/health", { status: 503 }, { status: 429, headers: { "retry-after": "0" } }, "drop");
    const client = createIndexerClient({ baseUrl: hop.url(), retry: { retries: 3, ...noWait } });
    const { data, response } = await client.GET("/health");
    expect(response.status).toBe(200);
    expect(data).toEqual({ status: "ok" });
    expect(forwarded()).toBe(1);
    expect(hop.seen).toHaveLength(4);
  });

  it("gives up after the attempt limit and returns the last error response", async () => {
    hop.fail("/health", { status: 502 }, { status: 502 }, { status: 502 });
    const client = createIndexerClient({ baseUrl: hop.url(), retry: { retries: 2, ...noWait } });
    const { error, response } = await client.GET("/health");
    expect(response.status).toBe(502);
    expect(error).toEqual({});
    expect(hop.seen).toHaveLength(3);
  });

  it("retries an idempotent router POST with its body intact", async () => {
    hop.fail("/v2/fungible/route", { status: 503 }, "drop");
    const client = createIndexerClient({ baseUrl: hop.url(), retry: { retries: 3, ...noWait } });
    const body = {
      source_asset_chain_id: "weft-devnet-1",
      source_asset_denom: "uinit",
      dest_asset_chain_id: "weft-wasm-1",
      dest_asset_denom: "ibc/37A3FB4FED4CA04ED6D9E5DA36C6D27248645F0E22F585576A1488B8A89C5A50",
      amount_in: "1000000",
    };
    const { data, response } = await client.POST("/v2/fungible/route", { body });
    expect(response.status).toBe(200);
    expect(data?.amount_out).toBe("1000000");
    expect(hop.seen.map((s) => s.body)).toEqual([body, body, body]);
    expect(forwarded()).toBe(1);
  });

  it("does not retry what is not idempotent", async () => {
    hop.fail("/health", { status: 503 });
    const client = createIndexerClient({
      baseUrl: hop.url(),
      retry: { retries: 3, ...noWait, isIdempotent: () => false },
    });
    const { response } = await client.GET("/health");
    expect(response.status).toBe(503);
    expect(hop.seen).toHaveLength(1);
  });

  it("does not retry a 4xx", async () => {
    const client = createIndexerClient({ baseUrl: hop.url(), retry: { retries: 3, ...noWait } });
    const { response } = await client.GET("/health/nope" as "/health");
    expect(response.status).toBe(404);
    expect(forwarded()).toBe(1);
    expect(hop.seen).toHaveLength(1);
  });

  it("stops waiting when the request is aborted", async () => {
    hop.fail("/health", { status: 503 }, { status: 503 }, { status: 503 }, { status: 503 });
    const client = createIndexerClient({
      baseUrl: hop.url(),
      retry: { retries: 3, baseDelayMs: 10_000, maxDelayMs: 10_000 },
    });
    const controller = new AbortController();
    const pending = client.GET("/health", { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("user went away")), 50);
    await expect(pending).rejects.toThrow("user went away");
    // One try, then the first (10 s) wait was cut short: no retry was sent.
    expect(hop.seen).toHaveLength(1);
  });

  it("stops waiting when aborted after a garbage collection during the wait", async () => {
    // The request openapi-fetch built links to the caller's signal only weakly (undici): once the
    // middleware alone held a copy, a collection in the wait used to drop the abort (a flaky CI).
    const gc = forceGc();
    hop.fail("/health", { status: 503 }, { status: 503 }, { status: 503 }, { status: 503 });
    let waiting = () => {};
    const waitStarted = new Promise<void>((resolve) => {
      waiting = resolve;
    });
    const client = createIndexerClient({
      baseUrl: hop.url(),
      retry: {
        retries: 3,
        baseDelayMs: 10_000,
        maxDelayMs: 10_000,
        sleep: (ms, signal) => {
          waiting();
          return abortableSleep(ms, signal);
        },
      },
    });
    const controller = new AbortController();
    const pending = client.GET("/health", { signal: controller.signal });
    await waitStarted;
    // A WeakRef's target lives until the current job ends: collect in a later one.
    await new Promise((resolve) => setTimeout(resolve, 10));
    gc();
    controller.abort(new Error("user went away"));
    const lost = new Promise((resolve) => setTimeout(() => resolve("the abort was lost"), 2_000));
    await expect(Promise.race([pending, lost])).rejects.toThrow("user went away");
    expect(hop.seen).toHaveLength(1);
  });
});
