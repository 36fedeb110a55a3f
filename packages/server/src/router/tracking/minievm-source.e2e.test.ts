/**
 * Transfers out of the minievm rollup end to end, as the wallet makes them: the rollup is listed as a
 * `cosmos` chain, so /msgs answers a `cosmos_tx` of MsgCalls that the Cosmos signer signs; the
 * devnet runs the calls on the rollup's EVM model, and the tracker follows them to STATE_COMPLETED.
 */
import {
  createWallet,
  EVM_L1,
  EVM_WRAPPER,
  type Interchain,
  LAYER_ZERO_WETH,
  startInterchain,
  type Wallet,
} from "@weft/devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, jsonCalls } from "../../_test/json-call.js";
import { msgsRequestFor } from "../../_test/msgs-request.js";
import { createTestApp, serveForTests } from "../../_test/test-app.js";
import { useTestDatabase } from "../../_test/test-database.js";
import { trackToEnd } from "../../_test/track-to-end.js";
import { loadRegistry } from "../registry/load-registry.js";
import type { Registry } from "../registry/registry.js";

const ROLLUP = "weft-evm-1";
const L1 = "weft-devnet-1";
const MSG_CALL = "/minievm.evm.v1.MsgCall";
const E18 = 10n ** 18n;

const database = useTestDatabase();
let net: Interchain;
let registry: Registry;
let alice: Wallet;

beforeAll(async () => {
  alice = await createWallet("alice");
  const init = alice.key.bech32("init");
  net = await startInterchain({
    genesis: {
      // The L1 escrow holds what earlier deposits to the rollup locked.
      [L1]: { "escrow/opinit/1": { uinit: 50_000_000n } },
      // The wrapper's 18-decimal INIT (also the rollup's fee asset) and the WETH OFT.
      [ROLLUP]: { [init]: { [EVM_WRAPPER.localDenom]: 10n * E18, [LAYER_ZERO_WETH.rollup.denom]: 5n * E18 } },
    },
  });
  net.produce(1);
  registry = loadRegistry("devnet", { endpoints: net.urls });
}, 60_000);
afterAll(async () => net?.close());
const url = serveForTests(() => createTestApp({ db: database().db, router: { registry } }));

const { get, postOk: post } = jsonCalls(url);
const balance = (chainId: string, address: string, denom: string) =>
  net.chains.get(chainId)?.chain.balance(address, denom) ?? 0n;

/**
 * route -> msgs -> Cosmos-sign txs[0] -> broadcast -> track, then blocks and tracker ticks until the
 * status is terminal. Returns /msgs' txs[0] and the final status.
 */
async function transfer(request: Record<string, unknown>, addresses: string[]) {
  const route = await post("/v2/fungible/route", request);
  const msgs = await post(
    "/v2/fungible/msgs",
    msgsRequestFor(route, addresses, { slippage_tolerance_percent: "1" }),
  );
  const tx = msgs.txs[0];
  const cosmos = tx.cosmos_tx;
  const rest = net.urls[cosmos.chain_id] ?? "";
  const result = await alice.broadcast(
    rest,
    await alice.sign(cosmos.chain_id, rest, cosmos.signer_address, cosmos.msgs),
  );
  if (result.code !== 0) throw new Error(`broadcast failed: ${result.raw_log}`);
  await post("/v2/tx/track", { tx_hash: result.txhash, chain_id: cosmos.chain_id });
  const status = await trackToEnd({
    db: database().db,
    registry,
    net,
    get,
    tx: { chain_id: cosmos.chain_id, tx_hash: result.txhash },
  });
  return { tx, status };
}

describe("transfers out of the minievm rollup: cosmos_tx of MsgCalls, executed and tracked", () => {
  it("the wrapper's ERC-20 to the L1 over OPinit: approve + toRemoteAndOPWithdraw, completed and released", async () => {
    const init = alice.key.bech32("init");
    const rollupBefore = balance(ROLLUP, init, EVM_WRAPPER.localDenom);
    const l1Before = balance(L1, init, "uinit");
    const { tx, status } = await transfer(
      {
        source_asset_chain_id: ROLLUP,
        source_asset_denom: EVM_WRAPPER.localDenom,
        dest_asset_chain_id: L1,
        dest_asset_denom: "uinit",
        amount_in: "1500000000000000000",
        is_op_withdraw: true,
      },
      [init, init],
    );
    expect(tx.evm_tx).toBeUndefined();
    expect(tx.cosmos_tx.signer_address).toBe(init);
    expect(tx.cosmos_tx.msgs.map((m: Json) => m.msg_type_url)).toEqual([MSG_CALL, MSG_CALL]);
    expect(status).toMatchObject({
      status: "STATE_COMPLETED",
      state: "STATE_COMPLETED_SUCCESS",
      error: null,
    });
    expect(status.transfer_sequence).toHaveLength(1);
    expect(status.transfer_sequence[0].op_init_transfer).toMatchObject({
      from_chain_id: ROLLUP,
      to_chain_id: L1,
      state: "OPINIT_TRANSFER_RECEIVED",
    });
    expect(status.transfer_asset_release).toEqual({
      chain_id: L1,
      denom: "uinit",
      amount: "1500000",
      released: true,
    });
    expect(rollupBefore - balance(ROLLUP, init, EVM_WRAPPER.localDenom)).toBe(1_500_000_000_000_000_000n);
    expect(balance(L1, init, "uinit") - l1Before).toBe(1_500_000n);
  });

  it("WETH over LayerZero to the EVM chain: one MsgCall of the OFT's send, delivered there, completed", async () => {
    const init = alice.key.bech32("init");
    const feeBefore = balance(ROLLUP, init, EVM_WRAPPER.localDenom);
    const { tx, status } = await transfer(
      {
        source_asset_chain_id: ROLLUP,
        source_asset_denom: LAYER_ZERO_WETH.rollup.denom,
        dest_asset_chain_id: EVM_L1.chainId,
        dest_asset_denom: LAYER_ZERO_WETH.evm.token,
        amount_in: "2000000000000000000",
      },
      [init, alice.key.hex],
    );
    expect(tx.cosmos_tx.msgs.map((m: Json) => m.msg_type_url)).toEqual([MSG_CALL]);
    const fee = BigInt(JSON.parse(tx.cosmos_tx.msgs[0].msg).value);
    expect(fee).toBe(20_000_000_000_000_000n);
    expect(status).toMatchObject({
      status: "STATE_COMPLETED",
      state: "STATE_COMPLETED_SUCCESS",
      error: null,
    });
    // Completed only once delivered: the hop holds the rollup's send and the EVM chain's delivery.
    expect(status.transfer_sequence).toEqual([
      {
        layer_zero_transfer: {
          from_chain_id: ROLLUP,
          to_chain_id: EVM_L1.chainId,
          src_chain_id: ROLLUP,
          dst_chain_id: EVM_L1.chainId,
          state: "LAYER_ZERO_TRANSFER_RECEIVED",
          txs: {
            send_tx: expect.objectContaining({ chain_id: ROLLUP, tx_hash: expect.any(String) }),
            receive_tx: expect.objectContaining({ chain_id: EVM_L1.chainId, tx_hash: expect.any(String) }),
            compose_tx: null,
            error_tx: null,
          },
        },
      },
    ]);
    const delivery = status.transfer_sequence[0].layer_zero_transfer.txs.receive_tx;
    const delivered = net.chains.get(EVM_L1.chainId)?.chain.findTx(delivery.tx_hash);
    expect(delivered?.result.events.map((e) => e.type)).toContain("layerzero_receive");
    expect(delivery.on_chain_at).toBe(delivered?.time.replace(/\.\d+Z$/, ".000Z"));
    expect(status.transfer_asset_release).toEqual({
      chain_id: EVM_L1.chainId,
      denom: LAYER_ZERO_WETH.evm.token,
      amount: "2000000000000000000",
      released: true,
    });
    expect(balance(ROLLUP, init, LAYER_ZERO_WETH.rollup.denom)).toBe(3n * E18);
    expect(feeBefore - balance(ROLLUP, init, EVM_WRAPPER.localDenom)).toBe(fee);
    expect(balance(EVM_L1.chainId, alice.key.hex, LAYER_ZERO_WETH.evm.token.toLowerCase())).toBe(2n * E18);
  });
});
