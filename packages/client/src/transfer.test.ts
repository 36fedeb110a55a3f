/**
 * transfer() against the real in-process server for route, op-hook and msgs. Tracking goes to the
 * stand-in (see _test/stand-in-tracker.ts): this branch's server answers 501 to /v2/tx/track and
 * /v2/tx/status, and no test chain can finish a transfer for a real one to report.
 */
import { beforeEach, describe, expect, it } from "vitest";
import {
  ALICE,
  ALICE_COSMOS,
  fakeBroadcast,
  HOOK_REQUEST,
  IBC_REQUEST,
  L1,
  signedHookTx,
  WASM_ROLLUP,
} from "./_test/devnet-fixtures.js";
import { useInProcessWeft } from "./_test/in-process-weft.js";
import { statusBody, useStandInTracker } from "./_test/stand-in-tracker.js";
import type { SignableTx } from "./router-types.js";
import { type TransferEvent, type TransferOptions, transfer } from "./transfer.js";
import { TransferError } from "./transfer-error.js";
import { createRouterClient } from "./weft-client.js";

const weftUrl = useInProcessWeft();
const tracker = useStandInTracker(weftUrl);
const ALICE_HEX = "0x4940eeaea7fb5061ee1060581b4579e9ffe56ed0";

beforeEach(() => tracker.reset());

async function collect(events: AsyncIterable<TransferEvent>): Promise<TransferEvent[]> {
  const out: TransferEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

/** Options for a run through the stand-in, sleeping for nothing but recording each wait. */
function run(overrides: Partial<TransferOptions> = {}) {
  const waits: number[] = [];
  const signed: SignableTx[] = [];
  const options: TransferOptions = {
    client: createRouterClient({ baseUrl: tracker.url() }),
    request: IBC_REQUEST,
    addressList: [ALICE, ALICE],
    signAndBroadcast: async (tx) => {
      signed.push(tx);
      return fakeBroadcast(tx);
    },
    sleep: async (ms) => {
      waits.push(ms);
    },
    // No jitter: the waits are exactly the schedule.
    random: () => 1,
    ...overrides,
  };
  return { events: transfer(options), waits, signed };
}

describe("transfer", () => {
  it("routes, builds the msgs, hands the tx to the caller, tracks it and polls it to completion", async () => {
    tracker.status.push(
      { status: 200, body: statusBody("STATE_SUBMITTED") },
      { status: 200, body: statusBody("STATE_SUBMITTED") },
      { status: 200, body: statusBody("STATE_PENDING") },
      { status: 200, body: statusBody("STATE_COMPLETED_SUCCESS") },
    );
    const { events, waits, signed } = run();
    const got = await collect(events);
    // The repeated SUBMITTED is not an event: only changes are.
    expect(got.map((e) => e.type)).toEqual([
      "route",
      "msgs",
      "broadcast",
      "tracked",
      "status",
      "status",
      "status",
      "done",
    ]);
    const [route, msgs] = got;
    expect(route?.type === "route" && route.route).toMatchObject({
      chain_ids: [L1, WASM_ROLLUP],
      required_op_hook: false,
      txs_required: 1,
    });
    expect(msgs?.type === "msgs" && msgs.msgs.min_amount_out).toBe("990000");
    expect(signed).toHaveLength(1);
    expect(signed[0]?.cosmos_tx).toMatchObject({ chain_id: L1, signer_address: ALICE });
    expect(signed[0]?.cosmos_tx?.msgs[0]?.msg_type_url).toBe("/ibc.applications.transfer.v1.MsgTransfer");
    const { txHash } = fakeBroadcast(signed[0] as SignableTx);
    expect(got[2]).toEqual({ type: "broadcast", txIndex: 0, tx: signed[0], txHash, chainId: L1 });
    expect(tracker.seen.map((s) => [s.method, s.path, s.body])).toEqual([
      ["POST", "/v2/tx/track", { tx_hash: txHash, chain_id: L1 }],
      ...Array.from({ length: 4 }, () => ["GET", `/v2/tx/status?tx_hash=${txHash}&chain_id=${L1}`, null]),
    ]);
    expect(got.at(-1)).toEqual({ type: "done", ok: true, statuses: [statusBody("STATE_COMPLETED_SUCCESS")] });
    // Polls back off by 1.5x from 1 s.
    expect(waits).toEqual([1_000, 1_500, 2_250]);
  });

  it("asks the real server for the op-hook, has the caller sign it, and carries it into the deposit", async () => {
    tracker.status.push({ status: 200, body: statusBody("STATE_COMPLETED_SUCCESS") });
    const hook = signedHookTx();
    const hooks: unknown[] = [];
    const { events, signed } = run({
      request: HOOK_REQUEST,
      signOpHook: async (opHook, { route }) => {
        hooks.push(opHook);
        expect(route.required_op_hook).toBe(true);
        return { signer: ALICE, hook };
      },
    });
    const got = await collect(events);
    expect(got.map((e) => e.type)).toEqual([
      "route",
      "op_hook",
      "msgs",
      "broadcast",
      "tracked",
      "status",
      "done",
    ]);
    expect(hooks).toHaveLength(1);
    const opHook = got[1];
    expect(opHook?.type === "op_hook" && opHook.signed_op_hook).toEqual({ signer: ALICE, hook });
    expect(opHook?.type === "op_hook" && opHook.op_hook.chain_id).toBe("weft-evm-1");
    expect(opHook?.type === "op_hook" && opHook.op_hook.hook.map((m) => m.msg_type_url)).toEqual([
      "/minievm.evm.v1.MsgCall",
      "/minievm.evm.v1.MsgCall",
    ]);
    const deposit = signed[0]?.cosmos_tx?.msgs[0];
    expect(deposit?.msg_type_url).toBe("/opinit.ophost.v1.MsgInitiateTokenDeposit");
    expect(JSON.parse(deposit?.msg ?? "{}")).toMatchObject({ sender: ALICE, to: ALICE, data: hook });
  });

  it("refuses a hook route without signOpHook before anything is built or signed", async () => {
    const { events, signed } = run({ request: HOOK_REQUEST });
    const seen: string[] = [];
    const error = await (async () => {
      for await (const e of events) seen.push(e.type);
    })().catch((err: unknown) => err);
    expect(error).toBeInstanceOf(TransferError);
    expect(error).toMatchObject({
      step: "op_hook",
      message:
        "this route requires an op hook (required_op_hook): pass signOpHook to sign it on the destination chain",
    });
    expect(seen).toEqual(["route"]);
    expect(signed).toEqual([]);
  });

  it("throws the router's no-route answer whole, with its hint", async () => {
    const { events } = run({
      request: {
        source_asset_chain_id: WASM_ROLLUP,
        source_asset_denom: "umin",
        dest_asset_chain_id: "weft-cosmos-1",
        dest_asset_denom: "uatom",
        amount_in: "1",
      },
    });
    const error = (await collect(events).catch((err: unknown) => err)) as TransferError;
    const message =
      "no route found from umin on weft-wasm-1 to uatom on weft-cosmos-1: they are different assets (umin from weft-wasm-1, uatom from weft-cosmos-1) and Weft does not swap";
    expect(error).toBeInstanceOf(TransferError);
    expect({ step: error.step, status: error.status, body: error.body, message: error.message }).toEqual({
      step: "route",
      status: 404,
      body: {
        code: 5,
        message,
        details: [],
        info: "GET /v2/fungible/assets lists the assets of each chain; pick a weft-cosmos-1 asset whose origin_denom is umin.",
      },
      message: `route failed with HTTP 404: ${message}`,
    });
  });

  it("throws the server's msgs refusal (an address of the wrong chain) and signs nothing", async () => {
    const { events, signed } = run({
      addressList: (route) => route.required_chain_addresses.map(() => ALICE_COSMOS),
    });
    const error = (await collect(events).catch((err: unknown) => err)) as TransferError;
    expect(error).toMatchObject({ step: "msgs", status: 400 });
    expect(error.body).toEqual({
      code: 3,
      message:
        "address_list[0] is not an address of weft-devnet-1: expected a bech32 address with prefix init, got prefix cosmos",
      details: [
        {
          field: "body.address_list.0",
          description: "expected a bech32 address with prefix init, got prefix cosmos",
        },
      ],
    });
    expect(signed).toEqual([]);
  });

  it("runs a two-tx route in order and does not sign the second tx when the first fails", async () => {
    tracker.status.push({ status: 200, body: statusBody("STATE_COMPLETED_ERROR") });
    const { events, signed } = run({
      request: {
        source_asset_chain_id: "31337",
        source_asset_denom: "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
        dest_asset_chain_id: L1,
        dest_asset_denom: "ibc/5E773D0795D50633D7ABF7931981C945ED9DB0E7ADED24881E24B7F0D9EFA9F1",
        amount_in: "2000000000000000000",
        allow_multi_tx: true,
      },
      addressList: [ALICE_HEX, ALICE_HEX, ALICE],
    });
    const got = await collect(events);
    const msgs = got.find((e) => e.type === "msgs");
    expect(msgs?.type === "msgs" && msgs.msgs.txs).toHaveLength(2);
    expect(signed.map((t) => t.evm_tx?.chain_id)).toEqual(["31337"]);
    expect(got.at(-1)).toEqual({ type: "done", ok: false, statuses: [statusBody("STATE_COMPLETED_ERROR")] });
  });

  it("runs both txs of a two-tx route when the first arrives", async () => {
    tracker.status.push(
      { status: 200, body: statusBody("STATE_COMPLETED_SUCCESS") },
      { status: 200, body: statusBody("STATE_PENDING") },
      { status: 200, body: statusBody("STATE_COMPLETED_SUCCESS") },
    );
    const { events, signed } = run({
      request: {
        source_asset_chain_id: "31337",
        source_asset_denom: "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
        dest_asset_chain_id: L1,
        dest_asset_denom: "ibc/5E773D0795D50633D7ABF7931981C945ED9DB0E7ADED24881E24B7F0D9EFA9F1",
        amount_in: "2000000000000000000",
        allow_multi_tx: true,
      },
      addressList: [ALICE_HEX, ALICE_HEX, ALICE],
    });
    const got = await collect(events);
    expect(got.map((e) => ("txIndex" in e ? `${e.type}:${e.txIndex}` : e.type))).toEqual([
      "route",
      "msgs",
      "broadcast:0",
      "tracked:0",
      "status:0",
      "broadcast:1",
      "tracked:1",
      "status:1",
      "status:1",
      "done",
    ]);
    expect(signed.map((t) => t.evm_tx?.chain_id ?? t.cosmos_tx?.chain_id)).toEqual(["31337", "weft-evm-1"]);
    expect(got.at(-1)).toMatchObject({ type: "done", ok: true });
  });

  it("wraps a failing wallet callback in a TransferError of its step, keeping the cause", async () => {
    const rejected = new Error("user rejected the request");
    const { events } = run({
      signAndBroadcast: async () => {
        throw rejected;
      },
    });
    const error = (await collect(events).catch((err: unknown) => err)) as TransferError;
    expect(error).toMatchObject({
      step: "broadcast",
      message: "broadcast callback failed: user rejected the request",
    });
    expect(error.cause).toBe(rejected);
    expect(tracker.seen).toEqual([]);
  });
});

describe("cancelling a transfer", () => {
  it("stops before the first request when the signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort(new Error("not now"));
    const { events } = run({ signal: controller.signal });
    await expect(collect(events)).rejects.toThrow("not now");
  });

  it("stops a wallet prompt: the callback sees the signal and the iterator throws its reason", async () => {
    const controller = new AbortController();
    const { events } = run({
      signal: controller.signal,
      signAndBroadcast: (_tx, { signal }) =>
        new Promise((_resolve, reject) => {
          signal?.addEventListener("abort", () => reject(new Error("prompt closed")));
          controller.abort(new Error("user closed the dialog"));
        }),
    });
    await expect(collect(events)).rejects.toThrow("user closed the dialog");
    expect(tracker.seen).toEqual([]);
  });

  it("stops polling at once with the real clock, sending nothing more", async () => {
    tracker.status.push(
      { status: 200, body: statusBody("STATE_PENDING") },
      { status: 200, body: statusBody("STATE_COMPLETED_SUCCESS") },
    );
    const controller = new AbortController();
    const { events } = run({
      signal: controller.signal,
      // The real sleep, with a wait no test would sit through: only the abort can end it.
      sleep: undefined,
      poll: { intervalMs: 60_000 },
    });
    const started = Date.now();
    const seen: string[] = [];
    const consuming = (async () => {
      for await (const event of events) {
        seen.push(event.type);
        if (event.type === "status") setTimeout(() => controller.abort(new Error("page closed")), 20);
      }
    })();
    await expect(consuming).rejects.toThrow("page closed");
    // The poll wait is a minute: anything well under it means the abort cut it short.
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(seen).toEqual(["route", "msgs", "broadcast", "tracked", "status"]);
    expect(tracker.seen.filter((s) => s.method === "GET")).toHaveLength(1);
  });
});
