/**
 * The minievm rollup's `l2/...` INIT and the wrapper's 18-decimal ERC-20 convert in place, one tx on
 * the rollup (approve + ERC20Wrapper.toLocal or toRemote), instead of an OPinit withdrawal to L1 and a
 * deposit back: route (an `evm_swap` operation, the wrapper as venue) -> msgs (a cosmos_tx of two
 * MsgCalls) -> Cosmos-sign -> broadcast -> track -> STATE_COMPLETED, balances moved on the rollup.
 */
import { createWallet, EVM_WRAPPER, type Interchain, startInterchain, type Wallet } from "@weft/devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, jsonCalls } from "../_test/json-call.js";
import { msgsRequestFor } from "../_test/msgs-request.js";
import { createTestApp, serveForTests } from "../_test/test-app.js";
import { useTestDatabase } from "../_test/test-database.js";
import { trackToEnd } from "../_test/track-to-end.js";
import { loadRegistry } from "./registry/load-registry.js";
import type { Registry } from "./registry/registry.js";

const ROLLUP = "weft-evm-1";
const MSG_CALL = "/minievm.evm.v1.MsgCall";
const E18 = 10n ** 18n;
/** The rollup's OPinit-deposited INIT (6 decimals), the coin the wrapper wraps. */
const REMOTE = loadRegistry("devnet")
  .assets()
  .find((a) => a.chain.chain_id === ROLLUP && a.arrival.kind === "op" && a.origin.denom === "uinit")
  ?.denom as string;

const database = useTestDatabase();
let net: Interchain;
let registry: Registry;
let alice: Wallet;

beforeAll(async () => {
  alice = await createWallet("alice");
  const init = alice.key.bech32("init");
  net = await startInterchain({
    genesis: { [ROLLUP]: { [init]: { [EVM_WRAPPER.localDenom]: 10n * E18, [REMOTE]: 10_000_000n } } },
  });
  net.produce(1);
  registry = loadRegistry("devnet", { endpoints: net.urls });
}, 60_000);
afterAll(async () => net?.close());
const url = serveForTests(() => createTestApp({ db: database().db, router: { registry } }));

const { get, post: postCall, postOk: post } = jsonCalls(url);
const balance = (address: string, denom: string) =>
  net.chains.get(ROLLUP)?.chain.balance(address, denom) ?? 0n;

/** route -> msgs -> sign txs[0] -> broadcast -> track -> blocks and ticks until terminal. */
async function convert(sourceDenom: string, destDenom: string, amountIn: string) {
  const init = alice.key.bech32("init");
  const route = await post("/v2/fungible/route", {
    source_asset_chain_id: ROLLUP,
    source_asset_denom: sourceDenom,
    dest_asset_chain_id: ROLLUP,
    dest_asset_denom: destDenom,
    amount_in: amountIn,
  });
  const msgs = await post("/v2/fungible/msgs", msgsRequestFor(route, [init]));
  const cosmos = msgs.txs[0].cosmos_tx;
  const rest = net.urls[ROLLUP] ?? "";
  const result = await alice.broadcast(
    rest,
    await alice.sign(ROLLUP, rest, cosmos.signer_address, cosmos.msgs),
  );
  if (result.code !== 0) throw new Error(`broadcast failed: ${result.raw_log}`);
  await post("/v2/tx/track", { tx_hash: result.txhash, chain_id: ROLLUP });
  const status = await trackToEnd({
    db: database().db,
    registry,
    net,
    get,
    tx: { chain_id: ROLLUP, tx_hash: result.txhash },
    rounds: 10,
  });
  return { route, msgs, status };
}

describe("the wrapper converts on the minievm rollup in one tx", () => {
  it("l2 INIT -> the 18-decimal ERC-20: evm_swap, approve + toLocal, completed, converted", async () => {
    const init = alice.key.bech32("init");
    const [remoteBefore, localBefore] = [balance(init, REMOTE), balance(init, EVM_WRAPPER.localDenom)];
    const { route, msgs, status } = await convert(REMOTE, EVM_WRAPPER.localDenom, "1500000");
    expect(route).toMatchObject({
      txs_required: 1,
      amount_out: "1500000000000000000",
      required_op_hook: false,
      chain_ids: [ROLLUP],
    });
    expect(route.operations).toEqual([
      {
        evm_swap: {
          input_token: EVM_WRAPPER.remoteErc20,
          amount_in: "1500000",
          swap_calldata: "",
          amount_out: "1500000000000000000",
          from_chain_id: ROLLUP,
          denom_in: REMOTE,
          denom_out: EVM_WRAPPER.localDenom,
          swap_venues: [{ name: "minievm-erc20-wrapper", chain_id: ROLLUP, logo_uri: "" }],
        },
        tx_index: 0,
        amount_in: "1500000",
        amount_out: "1500000000000000000",
      },
    ]);
    expect(msgs.txs).toHaveLength(1);
    const calls = msgs.txs[0].cosmos_tx.msgs.map((m: Json) => [
      m.msg_type_url,
      JSON.parse(m.msg).contract_addr,
    ]);
    expect(calls).toEqual([
      [MSG_CALL, EVM_WRAPPER.remoteErc20],
      [MSG_CALL, EVM_WRAPPER.contract],
    ]);
    expect(status).toMatchObject({
      status: "STATE_COMPLETED",
      state: "STATE_COMPLETED_SUCCESS",
      error: null,
    });
    expect(status.transfer_sequence).toEqual([]);
    expect(remoteBefore - balance(init, REMOTE)).toBe(1_500_000n);
    expect(balance(init, EVM_WRAPPER.localDenom) - localBefore).toBe(1_500_000_000_000_000_000n);
  });

  it("the 18-decimal ERC-20 -> l2 INIT: approve + toRemote, completed, converted", async () => {
    const init = alice.key.bech32("init");
    const [remoteBefore, localBefore] = [balance(init, REMOTE), balance(init, EVM_WRAPPER.localDenom)];
    const { route, msgs, status } = await convert(EVM_WRAPPER.localDenom, REMOTE, "2000000000000000000");
    expect(route).toMatchObject({ txs_required: 1, amount_out: "2000000" });
    expect(route.operations[0].evm_swap).toMatchObject({
      input_token: EVM_WRAPPER.localErc20,
      denom_in: EVM_WRAPPER.localDenom,
      denom_out: REMOTE,
    });
    const calls = msgs.txs[0].cosmos_tx.msgs.map((m: Json) => JSON.parse(m.msg).contract_addr);
    expect(calls).toEqual([EVM_WRAPPER.localErc20, EVM_WRAPPER.contract]);
    expect(status).toMatchObject({
      status: "STATE_COMPLETED",
      state: "STATE_COMPLETED_SUCCESS",
      error: null,
    });
    expect(localBefore - balance(init, EVM_WRAPPER.localDenom)).toBe(2n * E18);
    expect(balance(init, REMOTE) - remoteBefore).toBe(2_000_000n);
  });

  it("is_op_withdraw keeps the OPinit path: out to L1 and back, 2 txs", async () => {
    const res = await postCall("/v2/fungible/route", {
      source_asset_chain_id: ROLLUP,
      source_asset_denom: REMOTE,
      dest_asset_chain_id: ROLLUP,
      dest_asset_denom: EVM_WRAPPER.localDenom,
      amount_in: "1000000",
      is_op_withdraw: true,
      allow_multi_tx: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.txs_required).toBe(2);
    expect(res.body.operations.map((o: Json) => Object.keys(o)[0])).toEqual([
      "op_init_transfer",
      "op_init_transfer",
    ]);
    // Its deposit back converts to the 18-decimal token, so the wallet asks /op-hook with the pair
    // alone (the request has no is_op_withdraw): it must answer although the plain route needs none.
    expect(res.body.required_op_hook).toBe(true);
    const init = alice.key.bech32("init");
    const hook = await postCall("/op-hook", {
      source_address: init,
      dest_address: init,
      source_asset_chain_id: ROLLUP,
      source_asset_denom: REMOTE,
      dest_asset_chain_id: ROLLUP,
      dest_asset_denom: EVM_WRAPPER.localDenom,
    });
    expect(hook.status).toBe(200);
    expect(hook.body.chain_id).toBe(ROLLUP);
    expect(hook.body.hook.map((m: Json) => m.msg_type_url)).toEqual([MSG_CALL, MSG_CALL]);
  });

  it("/msgs refuses a wrapper conversion echoed inside a longer route", async () => {
    const init = alice.key.bech32("init");
    const wrap = await post("/v2/fungible/route", {
      source_asset_chain_id: ROLLUP,
      source_asset_denom: REMOTE,
      dest_asset_chain_id: ROLLUP,
      dest_asset_denom: EVM_WRAPPER.localDenom,
      amount_in: "1000000",
    });
    const unwrap = await post("/v2/fungible/route", {
      source_asset_chain_id: ROLLUP,
      source_asset_denom: EVM_WRAPPER.localDenom,
      dest_asset_chain_id: ROLLUP,
      dest_asset_denom: REMOTE,
      amount_in: "1000000000000000000",
    });
    const request = msgsRequestFor(wrap, [init]);
    const res = await postCall("/v2/fungible/msgs", {
      ...request,
      dest_asset_denom: REMOTE,
      operations: [...wrap.operations, ...unwrap.operations],
    });
    const message =
      "a wrapper conversion (evm_swap) is a route of its own: Weft does not combine it with transfers";
    expect(res).toEqual({
      status: 400,
      body: { code: 3, message, details: [{ field: "body.operations", description: message }] },
    });
  });
});
