/**
 * End to end on the local interchain: route -> (op-hook) -> msgs -> sign with a test key ->
 * broadcast -> track -> status, until STATE_COMPLETED or STATE_FAILED, with every hop's txs.
 * Blocks are produced on demand and the tracker is ticked between them, so each run is exact.
 */
import {
  createWallet,
  EVM_WRAPPER,
  evmAddressOf,
  type Interchain,
  sendEvmTx,
  startInterchain,
  type Wallet,
} from "@weft/devnet";
import { bech32 } from "bech32";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { msgsRequestFor } from "../../_test/msgs-request.js";
import { walletMsgs } from "../../_test/signed-hook.js";
import { createTestApp, serveForTests } from "../../_test/test-app.js";
import { useTestDatabase } from "../../_test/test-database.js";
import { createHttpJson } from "../../chain/http-json.js";
import { loadRegistry } from "../registry/load-registry.js";
import type { Registry } from "../registry/registry.js";
import { createChainReader } from "./chain-reader.js";
import { createTracker, type Tracker } from "./tracker.js";

const L2_INIT_WASM = "l2/2588fd87a8e081f6a557f43ff14f05dddf5e34cb27afcefd6eaf81f1daea30d0";
const INIT_ON_WASM = "ibc/37A3FB4FED4CA04ED6D9E5DA36C6D27248645F0E22F585576A1488B8A89C5A50";

const database = useTestDatabase();
let net: Interchain;
let registry: Registry;
let alice: Wallet;
let hook: Wallet;
const logger = pino({ level: "silent" });

beforeAll(async () => {
  alice = await createWallet("alice");
  hook = alice;
  const a = (prefix: string) => alice.key.bech32(prefix);
  net = await startInterchain({
    genesis: {
      "weft-devnet-1": { [a("init")]: { uinit: 100_000_000n }, "escrow/opinit/2": { uinit: 50_000_000n } },
      "weft-cosmos-1": { [a("cosmos")]: { uatom: 100_000_000n } },
      "weft-wasm-1": { [a("init")]: { [L2_INIT_WASM]: 20_000_000n, umin: 10_000_000n } },
      "weft-evm-1": { [a("init")]: {} },
    },
  });
  net.produce(1);
  registry = loadRegistry("devnet", { endpoints: net.urls });
}, 60_000);
afterAll(async () => net?.close());
// Registered after the interchain's beforeAll: the app needs its registry.
const url = serveForTests(() => createTestApp({ db: database().db, router: { registry } }));

function newTracker(): Tracker {
  return createTracker({
    pool: database().db.pool,
    registry,
    reader: createChainReader(registry, createHttpJson({ timeoutMs: 2_000, retries: 1 })),
    logger,
    recheckMs: 0,
    movedRecheckMs: 0,
    submitWindowMs: 60_000,
  });
}

// biome-ignore lint/suspicious/noExplicitAny: wire bodies are asserted field by field.
type Json = any;
async function post(path: string, body: unknown): Promise<Json> {
  const res = await fetch(`${url()}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}
const status = async (chainId: string, hash: string): Promise<Json> =>
  (await fetch(`${url()}/v2/tx/status?chain_id=${chainId}&tx_hash=${hash}`)).json();
const addressFor = (chainId: string) =>
  chainId === "weft-cosmos-1" ? alice.key.bech32("cosmos") : alice.key.bech32("init");

/** The whole client flow; returns the source tx hash after broadcasting. */
async function send(
  request: Record<string, unknown>,
): Promise<{ chainId: string; hash: string; route: Json; msgs: Json }> {
  const route = await post("/v2/fungible/route", request);
  const msgs = await walletMsgs(route, {
    post,
    sign: (chainId, rest, signer, msgs) => hook.sign(chainId, rest, signer, msgs),
    addressFor,
    urls: net.urls,
  });
  return { ...(await broadcastAndTrack(msgs.txs[0].cosmos_tx)), route, msgs };
}

/** Signs and broadcasts one cosmos_tx of /msgs, then tracks it, as the wallet does for each tx. */
async function broadcastAndTrack(tx: Json): Promise<{ chainId: string; hash: string }> {
  const rest = net.urls[tx.chain_id] ?? "";
  const result = await alice.broadcast(rest, await alice.sign(tx.chain_id, rest, tx.signer_address, tx.msgs));
  if (result.code !== 0) throw new Error(`broadcast failed: ${result.raw_log}`);
  const tracked = await post("/v2/tx/track", { tx_hash: result.txhash, chain_id: tx.chain_id });
  expect(tracked.tx_hash).toBe(result.txhash);
  return { chainId: tx.chain_id, hash: result.txhash };
}

/** The rollup account (bech32) of an EVM address. */
const evmAccountOf = (hex: string) => bech32.encode("init", bech32.toWords(Buffer.from(hex.slice(2), "hex")));

/** Produces blocks and ticks the tracker until the status is terminal. */
async function settle(tracker: Tracker, chainId: string, hash: string, rounds = 20): Promise<Json> {
  for (let i = 0; i < rounds; i++) {
    net.produce(1);
    await tracker.tick();
    const s = await status(chainId, hash);
    if (s.status === "STATE_COMPLETED" || s.status === "STATE_FAILED") return s;
  }
  return status(chainId, hash);
}

const txsOf = (s: Json) =>
  s.transfer_sequence.map((e: Json) => {
    const [kind, hop] = Object.entries(e)[0] as [string, Json];
    const txs = hop.packet_txs ?? hop.txs;
    return `${kind} ${hop.from_chain_id}->${hop.to_chain_id} ${hop.state} ${Object.entries(txs)
      .filter(([k, v]) => k !== "error" && v)
      .map(([k]) => k)
      .join(",")}`;
  });

describe("tracking transfers end to end on the local interchain", () => {
  it("one IBC hop reaches STATE_COMPLETED with send, receive and acknowledgement", async () => {
    const tracker = newTracker();
    const { chainId, hash } = await send({
      source_asset_chain_id: "weft-devnet-1",
      source_asset_denom: "uinit",
      dest_asset_chain_id: "weft-wasm-1",
      dest_asset_denom: INIT_ON_WASM,
      amount_in: "1000000",
    });
    expect((await status(chainId, hash)).state).toBe("STATE_SUBMITTED");
    const s = await settle(tracker, chainId, hash);
    expect(s).toMatchObject({
      status: "STATE_COMPLETED",
      state: "STATE_COMPLETED_SUCCESS",
      error: null,
      next_blocking_transfer: null,
    });
    expect(s.transfer_asset_release).toEqual({
      chain_id: "weft-wasm-1",
      denom: INIT_ON_WASM,
      amount: "1000000",
      released: true,
    });
    expect(txsOf(s)).toEqual([
      "ibc_transfer weft-devnet-1->weft-wasm-1 TRANSFER_SUCCESS send_tx,receive_tx,acknowledge_tx",
    ]);
    expect(s.transfers[0].transfer_sequence).toEqual(s.transfer_sequence);
  });

  it("a multi-hop IBC transfer through PFM completes with both hops' packet txs", async () => {
    const tracker = newTracker();
    const atomOnWasm = registry
      .assets()
      .find((x) => x.chain.chain_id === "weft-wasm-1" && x.origin.denom === "uatom")?.denom;
    const { chainId, hash, route } = await send({
      source_asset_chain_id: "weft-cosmos-1",
      source_asset_denom: "uatom",
      dest_asset_chain_id: "weft-wasm-1",
      dest_asset_denom: atomOnWasm,
      amount_in: "5000",
    });
    expect(route.txs_required).toBe(1);
    const s = await settle(tracker, chainId, hash);
    expect(s.status).toBe("STATE_COMPLETED");
    expect(txsOf(s)).toEqual([
      "ibc_transfer weft-cosmos-1->weft-devnet-1 TRANSFER_SUCCESS send_tx,receive_tx,acknowledge_tx",
      "ibc_transfer weft-devnet-1->weft-wasm-1 TRANSFER_SUCCESS send_tx,receive_tx,acknowledge_tx",
    ]);
    expect(net.chains.get("weft-wasm-1")?.chain.balance(alice.key.bech32("init"), atomOnWasm ?? "")).toBe(
      5000n,
    );
  });

  it("an Initia pair forwarded through the L1's PFM (wasm rollup -> L1 -> EVM rollup) is one tx and completes", async () => {
    const tracker = newTracker();
    const minOnEvm = registry
      .assets()
      .find((x) => x.chain.chain_id === "weft-evm-1" && x.origin.denom === "umin")?.denom;
    const { chainId, hash, route, msgs } = await send({
      source_asset_chain_id: "weft-wasm-1",
      source_asset_denom: "umin",
      dest_asset_chain_id: "weft-evm-1",
      dest_asset_denom: minOnEvm,
      amount_in: "7000",
    });
    expect(route.txs_required).toBe(1);
    const memo = JSON.parse(JSON.parse(msgs.txs[0].cosmos_tx.msgs[0].msg).memo);
    expect(memo).toMatchObject({
      forward: { port: "transfer", channel: "channel-0", receiver: alice.key.bech32("init") },
    });
    const s = await settle(tracker, chainId, hash);
    expect(s.state).toBe("STATE_COMPLETED_SUCCESS");
    expect(txsOf(s)).toEqual([
      "ibc_transfer weft-wasm-1->weft-devnet-1 TRANSFER_SUCCESS send_tx,receive_tx,acknowledge_tx",
      "ibc_transfer weft-devnet-1->weft-evm-1 TRANSFER_SUCCESS send_tx,receive_tx,acknowledge_tx",
    ]);
    expect(net.chains.get("weft-evm-1")?.chain.balance(alice.key.bech32("init"), minOnEvm ?? "")).toBe(7000n);
  });

  it("an OPinit deposit with the op-hook completes, converted to the wrapper's ERC-20", async () => {
    const tracker = newTracker();
    const { chainId, hash } = await send({
      source_asset_chain_id: "weft-devnet-1",
      source_asset_denom: "uinit",
      dest_asset_chain_id: "weft-evm-1",
      dest_asset_denom: EVM_WRAPPER.localDenom,
      amount_in: "2000000",
    });
    const s = await settle(tracker, chainId, hash);
    expect(s.status).toBe("STATE_COMPLETED");
    expect(txsOf(s)).toEqual([
      "op_init_transfer weft-devnet-1->weft-evm-1 OPINIT_TRANSFER_RECEIVED send_tx,receive_tx",
    ]);
    expect(
      net.chains.get("weft-evm-1")?.chain.balance(alice.key.bech32("init"), EVM_WRAPPER.localDenom),
    ).toBe(2_000_000n * 10n ** 12n);
  });

  it("a minievm-source route's MsgCalls sent from an EVM wallet as EVM txs, tracked by the EVM hash, complete", async () => {
    const tracker = newTracker();
    const evmAddress = evmAddressOf(alice.key.privateKey);
    // Fund alice's EVM account with the wrapper's token: a deposit with the op-hook, to her EVM address.
    const route = await post("/v2/fungible/route", {
      source_asset_chain_id: "weft-devnet-1",
      source_asset_denom: "uinit",
      dest_asset_chain_id: "weft-evm-1",
      dest_asset_denom: EVM_WRAPPER.localDenom,
      amount_in: "4000000",
    });
    const h = await post("/op-hook", {
      source_address: alice.key.bech32("init"),
      source_asset_chain_id: "weft-devnet-1",
      source_asset_denom: "uinit",
      dest_address: evmAddress,
      dest_asset_chain_id: "weft-evm-1",
      dest_asset_denom: EVM_WRAPPER.localDenom,
    });
    const hookRaw = await hook.sign(h.chain_id, net.urls[h.chain_id] ?? "", alice.key.bech32("init"), h.hook);
    const funding = await post(
      "/v2/fungible/msgs",
      msgsRequestFor(route, [alice.key.bech32("init"), evmAddress], {
        signed_op_hook: { signer: evmAddress, hook: Buffer.from(hookRaw).toString("base64") },
      }),
    );
    const l1Rest = net.urls["weft-devnet-1"] ?? "";
    const tx = funding.txs[0].cosmos_tx;
    expect(
      (await alice.broadcast(l1Rest, await alice.sign(tx.chain_id, l1Rest, tx.signer_address, tx.msgs))).code,
    ).toBe(0);
    net.produce(3);
    const evmAccount = evmAccountOf(evmAddress);
    expect(net.chains.get("weft-evm-1")?.chain.balance(evmAccount, EVM_WRAPPER.localDenom)).toBe(
      4_000_000n * 10n ** 12n,
    );

    // The route's cosmos_tx holds MsgCalls (approve, then the wrapper's call); an EVM wallet may send the
    // same calls as EVM txs over JSON-RPC, and the EVM hash of the last is tracked.
    const back = await post("/v2/fungible/route", {
      source_asset_chain_id: "weft-evm-1",
      source_asset_denom: EVM_WRAPPER.localDenom,
      dest_asset_chain_id: "weft-devnet-1",
      dest_asset_denom: "uinit",
      amount_in: "1500000000000000000",
      is_op_withdraw: true,
    });
    const msgs = await post(
      "/v2/fungible/msgs",
      msgsRequestFor(back, [evmAddress, alice.key.bech32("init")]),
    );
    const calls = msgs.txs[0].cosmos_tx.msgs.map((m: Json) => JSON.parse(m.msg));
    expect(calls.map((c: Json) => c.sender)).toEqual([evmAccountOf(evmAddress), evmAccountOf(evmAddress)]);
    let evmHash = "";
    for (const c of calls) {
      evmHash = await sendEvmTx(net.urls["weft-evm-1"] ?? "", alice.key.privateKey, {
        to: c.contract_addr,
        value: c.value,
        data: c.input.slice(2),
        required_erc20_approvals: [],
      });
    }
    const tracked = await post("/v2/tx/track", { tx_hash: evmHash, chain_id: "weft-evm-1" });
    const s = await settle(tracker, "weft-evm-1", tracked.tx_hash);
    expect(s.status).toBe("STATE_COMPLETED");
    expect(txsOf(s)).toEqual([
      "op_init_transfer weft-evm-1->weft-devnet-1 OPINIT_TRANSFER_RECEIVED send_tx,receive_tx",
    ]);
    expect(s.transfer_asset_release).toEqual({
      chain_id: "weft-devnet-1",
      denom: "uinit",
      amount: "1500000",
      released: true,
    });
  });

  it("an OPinit withdrawal completes once finalized on the L1", async () => {
    const tracker = newTracker();
    const { chainId, hash } = await send({
      source_asset_chain_id: "weft-wasm-1",
      source_asset_denom: L2_INIT_WASM,
      dest_asset_chain_id: "weft-devnet-1",
      dest_asset_denom: "uinit",
      amount_in: "3000000",
      is_op_withdraw: true,
    });
    const s = await settle(tracker, chainId, hash);
    expect(s.status).toBe("STATE_COMPLETED");
    expect(txsOf(s)).toEqual([
      "op_init_transfer weft-wasm-1->weft-devnet-1 OPINIT_TRANSFER_RECEIVED send_tx,receive_tx",
    ]);
  });

  it("a two-tx route (allow_multi_tx) completes tx by tx: the withdrawal, then the IBC transfer broadcast after it", async () => {
    const tracker = newTracker();
    const request = {
      source_asset_chain_id: "weft-wasm-1",
      source_asset_denom: L2_INIT_WASM,
      dest_asset_chain_id: "weft-wasm-1",
      dest_asset_denom: INIT_ON_WASM,
      amount_in: "2000000",
    };
    const single = await fetch(`${url()}/v2/fungible/route`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(request),
    });
    expect({ status: single.status, body: await single.json() }).toEqual({
      status: 404,
      body: {
        code: 5,
        message: `no route found from ${L2_INIT_WASM} on weft-wasm-1 to ${INIT_ON_WASM} on weft-wasm-1: the only route needs 2 txs: the OPinit withdrawal weft-wasm-1->weft-devnet-1 is claimed on weft-devnet-1 by a tx of its own after the 600 s finalization period, so the IBC transfer weft-devnet-1->weft-wasm-1 cannot ride in the same tx`,
        details: [],
        info: "Set allow_multi_tx: true to accept routes that need more than one signed tx.",
      },
    });
    const first = await send({ ...request, allow_multi_tx: true });
    expect(first.route.txs_required).toBe(2);
    expect(first.route.operations.map((o: Json) => o.tx_index)).toEqual([0, 1]);
    expect(first.msgs.txs.map((t: Json) => [t.cosmos_tx.chain_id, t.operations_indices])).toEqual([
      ["weft-wasm-1", [0]],
      ["weft-devnet-1", [1]],
    ]);
    const s1 = await settle(tracker, first.chainId, first.hash);
    expect(s1.state).toBe("STATE_COMPLETED_SUCCESS");
    expect(txsOf(s1)).toEqual([
      "op_init_transfer weft-wasm-1->weft-devnet-1 OPINIT_TRANSFER_RECEIVED send_tx,receive_tx",
    ]);

    const wasm = net.chains.get("weft-wasm-1")?.chain;
    const before = wasm?.balance(alice.key.bech32("init"), INIT_ON_WASM) ?? 0n;
    const second = await broadcastAndTrack(first.msgs.txs[1].cosmos_tx);
    const s2 = await settle(tracker, second.chainId, second.hash);
    expect(s2.state).toBe("STATE_COMPLETED_SUCCESS");
    expect(txsOf(s2)).toEqual([
      "ibc_transfer weft-devnet-1->weft-wasm-1 TRANSFER_SUCCESS send_tx,receive_tx,acknowledge_tx",
    ]);
    expect(wasm?.balance(alice.key.bech32("init"), INIT_ON_WASM)).toBe(before + 2_000_000n);
  });

  it("a timed-out packet reaches STATE_FAILED with the timeout explained and the refund released", async () => {
    const tracker = newTracker();
    net.relayer.plan("timeout");
    const { chainId, hash } = await send({
      source_asset_chain_id: "weft-devnet-1",
      source_asset_denom: "uinit",
      dest_asset_chain_id: "weft-wasm-1",
      dest_asset_denom: INIT_ON_WASM,
      amount_in: "7000",
    });
    const s = await settle(tracker, chainId, hash);
    expect(s).toMatchObject({
      status: "STATE_FAILED",
      state: "STATE_COMPLETED_ERROR",
      error: {
        type: "STATUS_ERROR_TRANSFER",
        message: "hop 0 (weft-devnet-1 -> weft-wasm-1) timed out; the tokens are refunded",
      },
      transfer_asset_release: { chain_id: "weft-devnet-1", denom: "uinit", amount: "7000", released: true },
    });
    expect(s.transfer_sequence[0].ibc_transfer.packet_txs.error.type).toBe("PACKET_ERROR_TIMEOUT");
    expect(txsOf(s)).toEqual(["ibc_transfer weft-devnet-1->weft-wasm-1 TRANSFER_FAILURE send_tx,timeout_tx"]);
  });

  it("an error acknowledgement reaches STATE_FAILED with the chain's error", async () => {
    const tracker = newTracker();
    net.relayer.plan("error-ack");
    const { chainId, hash } = await send({
      source_asset_chain_id: "weft-devnet-1",
      source_asset_denom: "uinit",
      dest_asset_chain_id: "weft-wasm-1",
      dest_asset_denom: INIT_ON_WASM,
      amount_in: "8000",
    });
    const s = await settle(tracker, chainId, hash);
    expect(s).toMatchObject({ status: "STATE_FAILED", state: "STATE_COMPLETED_ERROR" });
    expect(s.transfer_sequence[0].ibc_transfer.packet_txs.error).toEqual({
      type: "PACKET_ERROR_ACKNOWLEDGEMENT",
      message: "devnet: receive rejected on command: ABCI code: 1: error handling packet",
    });
    expect(txsOf(s)).toEqual([
      "ibc_transfer weft-devnet-1->weft-wasm-1 TRANSFER_FAILURE send_tx,receive_tx,acknowledge_tx",
    ]);
  });

  it("resumes after a restart mid-transfer: a new tracker finishes what the old one started", async () => {
    const first = newTracker();
    const { chainId, hash } = await send({
      source_asset_chain_id: "weft-devnet-1",
      source_asset_denom: "uinit",
      dest_asset_chain_id: "weft-wasm-1",
      dest_asset_denom: INIT_ON_WASM,
      amount_in: "9000",
    });
    net.produce(1);
    await first.tick();
    expect((await status(chainId, hash)).state).toBe("STATE_PENDING");
    await first.stop();
    const second = newTracker();
    const s = await settle(second, chainId, hash);
    expect(s.status).toBe("STATE_COMPLETED");
  });

  it("tracking twice is idempotent; an untracked hash is Skip's 404; an unknown chain is refused", async () => {
    const { chainId, hash } = await send({
      source_asset_chain_id: "weft-devnet-1",
      source_asset_denom: "uinit",
      dest_asset_chain_id: "weft-wasm-1",
      dest_asset_denom: INIT_ON_WASM,
      amount_in: "10",
    });
    expect(await post("/v2/tx/track", { tx_hash: `0x${hash.toLowerCase()}`, chain_id: chainId })).toEqual({
      tx_hash: hash,
      explorer_link: "",
    });
    const { rows } = await database().db.pool.query(
      "SELECT count(*)::int AS n FROM router_transfer WHERE tx_hash = $1",
      [hash],
    );
    expect(rows[0].n).toBe(1);
    const missing = await fetch(`${url()}/v2/tx/status?chain_id=weft-devnet-1&tx_hash=${"A".repeat(64)}`);
    expect({ status: missing.status, body: await missing.json() }).toEqual({
      status: 404,
      body: { code: 5, message: "tx not found", details: [] },
    });
    const unknown = await fetch(`${url()}/v2/tx/track`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ tx_hash: hash, chain_id: "nosuch-1" }),
    });
    expect(await unknown.json()).toEqual({
      code: 5,
      message: "chain ID not supported: nosuch-1 (GET /v2/info/chains lists them)",
      details: [{ field: "body.chain_id", description: "not a chain of this router's registry" }],
    });
  });
});
