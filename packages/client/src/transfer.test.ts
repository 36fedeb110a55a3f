/**
 * transfer() end to end against the real in-process server on the local interchain: the server
 * routes, builds the op-hook and the msgs, and tracks; the test plays the wallet (signs with a devnet
 * test key, broadcasts to the chain); the chains produce blocks, relay packets and execute OPinit, so
 * the real tracker reports each transfer until it completes, fails or is abandoned.
 */

import { createWallet } from "@weft/devnet";
import { describe, expect, it } from "vitest";
import {
  COSMOS,
  HOOK_REQUEST,
  IBC_REQUEST,
  INIT_ON_COSMOS,
  INIT_ON_WASM,
  L1,
  L2_INIT_WASM,
  neverBroadcast,
  TWO_TX_REQUEST,
  WASM_ROLLUP,
  WRAPPED_INIT,
} from "./_test/devnet-fixtures.js";
import { useInProcessWeft } from "./_test/in-process-weft.js";
import type { SignableTx, TxStatus } from "./router-types.js";
import { type TransferEvent, type TransferOptions, transfer } from "./transfer.js";
import { TransferError } from "./transfer-error.js";
import { createRouterClient } from "./weft-client.js";

const alice = await createWallet("alice");
const ALICE = alice.key.bech32("init");
const ALICE_COSMOS = alice.key.bech32("cosmos");
const SUBMIT_WINDOW_MS = 3_000;
const weft = useInProcessWeft({
  interchain: {
    genesis: {
      [L1]: { [ALICE]: { uinit: 100_000_000n }, "escrow/opinit/2": { uinit: 50_000_000n } },
      [WASM_ROLLUP]: { [ALICE]: { [L2_INIT_WASM]: 20_000_000n } },
      "weft-evm-1": { [ALICE]: {} },
      [COSMOS]: { [ALICE_COSMOS]: { uatom: 1_000_000n } },
    },
    submitWindowMs: SUBMIT_WINDOW_MS,
  },
});

const addressOf = (chainId: string) => (chainId === COSMOS ? ALICE_COSMOS : ALICE);
const restOf = (chainId: string) => weft.interchain().urls[chainId] ?? "";
const balance = (chainId: string, address: string, denom: string) =>
  weft.interchain().chains.get(chainId)?.chain.balance(address, denom) ?? 0n;

/** What a wallet does with a tx: sign it on its chain, broadcast it, report the hash. */
async function signAndBroadcast(tx: SignableTx): Promise<{ txHash: string; chainId: string }> {
  const cosmos = tx.cosmos_tx;
  if (!cosmos) throw new Error("the test wallet signs Cosmos txs only");
  const rest = restOf(cosmos.chain_id);
  const raw = await alice.sign(cosmos.chain_id, rest, cosmos.signer_address, cosmos.msgs);
  const result = await alice.broadcast(rest, raw);
  if (result.code !== 0) throw new Error(`broadcast failed: ${result.raw_log}`);
  return { txHash: result.txhash, chainId: cosmos.chain_id };
}

async function collect(events: AsyncIterable<TransferEvent>): Promise<TransferEvent[]> {
  const out: TransferEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

/** A transfer against the real server, with polls paced to the interchain's 50 ms blocks. */
function run(overrides: Partial<TransferOptions> = {}) {
  const signed: SignableTx[] = [];
  const options: TransferOptions = {
    client: createRouterClient({ baseUrl: weft() }),
    request: IBC_REQUEST,
    addressList: (route) => route.required_chain_addresses.map(addressOf),
    signAndBroadcast: async (tx) => {
      signed.push(tx);
      return signAndBroadcast(tx);
    },
    poll: { intervalMs: 50, maxIntervalMs: 200 },
    track: { baseDelayMs: 50 },
    ...overrides,
  };
  return { events: transfer(options), signed };
}

const statesOf = (events: TransferEvent[]) =>
  events.flatMap((e) => (e.type === "status" ? [`${e.txIndex}:${e.status.state}`] : []));
const stepsOf = (events: TransferEvent[]) =>
  events.filter((e) => e.type !== "status").map((e) => ("txIndex" in e ? `${e.type}:${e.txIndex}` : e.type));

describe("transfer on the local interchain", () => {
  it("routes, has the caller sign and broadcast, tracks and polls one IBC hop to STATE_COMPLETED", async () => {
    const before = balance(WASM_ROLLUP, ALICE, INIT_ON_WASM);
    const { events, signed } = run();
    const got = await collect(events);
    expect(stepsOf(got)).toEqual(["route", "msgs", "broadcast:0", "tracked:0", "done"]);
    expect(signed[0]?.cosmos_tx?.msgs.map((m) => m.msg_type_url)).toEqual([
      "/ibc.applications.transfer.v1.MsgTransfer",
    ]);
    const broadcast = got.find((e) => e.type === "broadcast");
    const tracked = got.find((e) => e.type === "tracked");
    expect(broadcast?.type === "broadcast" && broadcast.chainId).toBe(L1);
    expect(tracked?.type === "tracked" && tracked.track.tx_hash).toBe(
      broadcast?.type === "broadcast" && broadcast.txHash,
    );
    // Status events follow the lifecycle forward (a state repeats when only its hops moved on),
    // and the last is the terminal one.
    const lifecycle = ["0:STATE_SUBMITTED", "0:STATE_PENDING", "0:STATE_COMPLETED_SUCCESS"];
    const steps = statesOf(got).map((state) => lifecycle.indexOf(state));
    expect(steps).not.toContain(-1);
    expect(steps.at(-1)).toBe(2);
    expect(steps).toEqual([...steps].sort());
    expect(steps.filter((i) => i === 2)).toHaveLength(1);
    const done = got.at(-1);
    expect(done).toMatchObject({ type: "done", ok: true });
    expect(done?.type === "done" && done.statuses[0]).toMatchObject({
      status: "STATE_COMPLETED",
      state: "STATE_COMPLETED_SUCCESS",
      error: null,
      next_blocking_transfer: null,
      transfer_asset_release: {
        chain_id: WASM_ROLLUP,
        denom: INIT_ON_WASM,
        amount: "1000000",
        released: true,
      },
    });
    expect(balance(WASM_ROLLUP, ALICE, INIT_ON_WASM) - before).toBe(1_000_000n);
  });

  it("asks for the op-hook, has the caller sign it on the rollup, and the deposit arrives wrapped", async () => {
    const before = balance("weft-evm-1", ALICE, WRAPPED_INIT);
    const hooks: string[] = [];
    const { events, signed } = run({
      request: HOOK_REQUEST,
      signOpHook: async (hook, { route }) => {
        expect(route.required_op_hook).toBe(true);
        hooks.push(...hook.hook.map((m) => m.msg_type_url));
        const raw = await alice.sign(hook.chain_id, restOf(hook.chain_id), ALICE, hook.hook);
        return { signer: ALICE, hook: Buffer.from(raw).toString("base64") };
      },
    });
    const got = await collect(events);
    expect(stepsOf(got)).toEqual(["route", "op_hook", "msgs", "broadcast:0", "tracked:0", "done"]);
    expect(hooks).toEqual(["/minievm.evm.v1.MsgCall", "/minievm.evm.v1.MsgCall"]);
    const opHook = got[1];
    const deposit = signed[0]?.cosmos_tx?.msgs[0];
    expect(deposit?.msg_type_url).toBe("/opinit.ophost.v1.MsgInitiateTokenDeposit");
    expect(JSON.parse(deposit?.msg ?? "{}").data).toBe(
      opHook?.type === "op_hook" && opHook.signed_op_hook.hook,
    );
    expect(got.at(-1)).toMatchObject({ type: "done", ok: true });
    expect(balance("weft-evm-1", ALICE, WRAPPED_INIT) - before).toBe(2_000_000n * 10n ** 12n);
  });

  it("signs a minievm-source route's cosmos_tx (approve, then the wrapper's withdraw) with the Cosmos signer", async () => {
    // Fund alice on the rollup with the wrapper's ERC-20: a hooked deposit.
    const funding = await collect(
      run({
        request: HOOK_REQUEST,
        signOpHook: async (hook) => {
          const raw = await alice.sign(hook.chain_id, restOf(hook.chain_id), ALICE, hook.hook);
          return { signer: ALICE, hook: Buffer.from(raw).toString("base64") };
        },
      }).events,
    );
    expect(funding.at(-1)).toMatchObject({ type: "done", ok: true });
    const before = balance(L1, ALICE, "uinit");
    const { events, signed } = run({
      request: {
        source_asset_chain_id: "weft-evm-1",
        source_asset_denom: WRAPPED_INIT,
        dest_asset_chain_id: L1,
        dest_asset_denom: "uinit",
        amount_in: "1500000000000000000",
        is_op_withdraw: true,
      },
    });
    const got = await collect(events);
    expect(signed[0]?.evm_tx).toBeUndefined();
    expect(signed[0]?.cosmos_tx?.msgs.map((m) => m.msg_type_url)).toEqual([
      "/minievm.evm.v1.MsgCall",
      "/minievm.evm.v1.MsgCall",
    ]);
    const done = got.at(-1);
    expect(done).toMatchObject({ type: "done", ok: true });
    expect(done?.type === "done" && done.statuses[0]?.transfer_asset_release).toEqual({
      chain_id: L1,
      denom: "uinit",
      amount: "1500000",
      released: true,
    });
    expect(balance(L1, ALICE, "uinit") - before).toBe(1_500_000n);
  });

  it("ends with ok: false and the chain's reason when a packet times out (no exception)", async () => {
    weft.interchain().relayer.plan("timeout");
    const got = await collect(run({ request: { ...IBC_REQUEST, amount_in: "7000" } }).events);
    const done = got.at(-1);
    expect(done).toMatchObject({ type: "done", ok: false });
    expect(done?.type === "done" && done.statuses).toMatchObject([
      {
        status: "STATE_FAILED",
        state: "STATE_COMPLETED_ERROR",
        error: {
          type: "STATUS_ERROR_TRANSFER",
          message: "hop 0 (weft-devnet-1 -> weft-wasm-1) timed out; the tokens are refunded",
        },
        transfer_asset_release: { chain_id: L1, denom: "uinit", amount: "7000", released: true },
      },
    ]);
  });

  it("runs a two-tx route in order: the second tx is signed once the first has delivered", async () => {
    const before = balance(COSMOS, ALICE_COSMOS, INIT_ON_COSMOS);
    const { events, signed } = run({ request: TWO_TX_REQUEST });
    const got = await collect(events);
    expect(stepsOf(got)).toEqual([
      "route",
      "msgs",
      "broadcast:0",
      "tracked:0",
      "broadcast:1",
      "tracked:1",
      "done",
    ]);
    expect(signed.map((t) => `${t.cosmos_tx?.chain_id} ${t.cosmos_tx?.msgs[0]?.msg_type_url}`)).toEqual([
      `${WASM_ROLLUP} /opinit.opchild.v1.MsgInitiateTokenWithdrawal`,
      `${L1} /ibc.applications.transfer.v1.MsgTransfer`,
    ]);
    // tx 1 was broadcast only after tx 0's terminal status.
    const firstDone = got.findIndex(
      (e) => e.type === "status" && e.txIndex === 0 && e.status.status === "STATE_COMPLETED",
    );
    expect(firstDone).toBeGreaterThan(0);
    expect(firstDone).toBeLessThan(got.findIndex((e) => e.type === "broadcast" && e.txIndex === 1));
    expect(got.at(-1)).toMatchObject({ type: "done", ok: true });
    expect(balance(COSMOS, ALICE_COSMOS, INIT_ON_COSMOS) - before).toBe(3_000_000n);
  });

  it("stops a two-tx route when the server abandons the first tx (never seen on chain): the second is not signed", async () => {
    const { events, signed } = run({
      request: TWO_TX_REQUEST,
      // A wallet that reports a hash but never got the tx on chain.
      signAndBroadcast: async (tx) => {
        signed.push(tx);
        return neverBroadcast(tx);
      },
    });
    const got = await collect(events);
    expect(signed).toHaveLength(1);
    expect(statesOf(got)).toEqual(["0:STATE_SUBMITTED", "0:STATE_ABANDONED"]);
    const done = got.at(-1);
    expect(done).toMatchObject({ type: "done", ok: false });
    expect(done?.type === "done" && done.statuses).toMatchObject([
      {
        status: "STATE_FAILED",
        state: "STATE_ABANDONED",
        error: {
          type: "STATUS_ERROR_INDEXING",
          message: `the tx was not found on ${WASM_ROLLUP} within ${SUBMIT_WINDOW_MS / 1000} s of tracking; track it again once it is on chain`,
        },
      },
    ]);
  }, 20_000);
});

describe("transfer refusals", () => {
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
        dest_asset_chain_id: COSMOS,
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
  });
});

describe("cancelling a transfer", () => {
  it("stops before the first request when the signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort(new Error("not now"));
    await expect(collect(run({ signal: controller.signal }).events)).rejects.toThrow("not now");
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
  });

  it("stops polling at once, mid-wait, sending nothing more", async () => {
    const controller = new AbortController();
    const requests: string[] = [];
    const { events } = run({
      client: createRouterClient({
        baseUrl: weft(),
        fetch: (request: Request) => {
          requests.push(`${request.method} ${new URL(request.url).pathname}`);
          return fetch(request);
        },
      }),
      signal: controller.signal,
      // A wait no test would sit through: only the abort can end it.
      poll: { intervalMs: 60_000 },
    });
    const started = Date.now();
    const seen: string[] = [];
    let last: TxStatus | undefined;
    const consuming = (async () => {
      for await (const event of events) {
        seen.push(event.type);
        if (event.type === "status") {
          last = event.status;
          setTimeout(() => controller.abort(new Error("page closed")), 20);
        }
      }
    })();
    await expect(consuming).rejects.toThrow("page closed");
    // The poll wait is a minute: anything well under it means the abort cut it short.
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(seen).toEqual(["route", "msgs", "broadcast", "tracked", "status"]);
    expect(last?.status).not.toBe("STATE_COMPLETED");
    expect(requests.filter((r) => r === "GET /v2/tx/status")).toHaveLength(1);
  });
});
