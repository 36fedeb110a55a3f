/**
 * The Router API over HTTP on the devnet registry: discovery, routes, the op-hook and the txs to sign.
 * Response validation is on, so every 200 here also conforms to the spec.
 */
import { decodeFunctionData, parseAbi } from "viem";
import { describe, expect, it } from "vitest";
import {
  ALICE,
  ALICE_COSMOS,
  ALICE_HEX,
  INIT_ON_WASM,
  L2_INIT_EVM,
  L2_INIT_WASM,
  WETH_ETH,
  WETH_EVM,
  WRAPPED_INIT,
} from "../_test/devnet-assets.js";
import { signedHook } from "../_test/signed-hook.js";
import { createTestApp, serveForTests } from "../_test/test-app.js";
import { useTestDatabase } from "../_test/test-database.js";
import { loadRegistry } from "./registry/load-registry.js";

const NOW_MS = Date.UTC(2026, 10, 22, 10, 0, 0);
const database = useTestDatabase();
const registry = loadRegistry("devnet");
const url = serveForTests(() =>
  createTestApp({ db: database().db, router: { registry, now: () => NOW_MS } }),
);

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field below.
type Json = any;
async function call(
  method: "GET" | "POST",
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${url()}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}
const route = (body: Record<string, unknown>) => call("POST", "/v2/fungible/route", body);
const ask = (source: [string, string], dest: [string, string], extra: Record<string, unknown> = {}) =>
  route({
    source_asset_chain_id: source[0],
    source_asset_denom: source[1],
    dest_asset_chain_id: dest[0],
    dest_asset_denom: dest[1],
    amount_in: "1000000",
    ...extra,
  });
/** The /msgs request for a route, as a client builds it. */
const msgsFor = (r: Json, addresses: string[], extra: Record<string, unknown> = {}) => ({
  source_asset_denom: r.source_asset_denom,
  source_asset_chain_id: r.source_asset_chain_id,
  dest_asset_denom: r.dest_asset_denom,
  dest_asset_chain_id: r.dest_asset_chain_id,
  amount_in: r.amount_in,
  amount_out: r.amount_out,
  address_list: addresses,
  operations: r.operations,
  slippage_tolerance_percent: "1",
  ...extra,
});

describe("discovery", () => {
  it("lists the registry's chains, filtered by chain_ids in both forms", async () => {
    const all = await call("GET", "/v2/info/chains");
    expect(all.body.chains.map((c: Json) => c.chain_id)).toEqual([
      "weft-devnet-1",
      "weft-evm-1",
      "weft-wasm-1",
      "weft-cosmos-1",
      "31337",
    ]);
    const repeated = await call("GET", "/v2/info/chains?chain_ids=weft-wasm-1&chain_ids=weft-devnet-1");
    const comma = await call("GET", "/v2/info/chains?chain_ids=weft-wasm-1,weft-devnet-1");
    expect(repeated.body).toEqual(comma.body);
    expect(comma.body.chains.map((c: Json) => c.chain_id)).toEqual(["weft-devnet-1", "weft-wasm-1"]);
    expect(comma.body.chains[0]).toMatchObject({
      rpc: "http://127.0.0.1:26657",
      rest: "http://127.0.0.1:1317",
      pfm_enabled: true,
    });
    const noEvm = await call("GET", "/v2/info/chains?include_evm=false");
    expect(noEvm.body.chains.map((c: Json) => c.chain_id)).not.toContain("31337");
  });

  it("refuses an unknown chain id by name", async () => {
    expect(await call("GET", "/v2/fungible/assets?chain_ids=weft-wasm-1,nosuch-1")).toEqual({
      status: 400,
      body: {
        code: 3,
        message: "Invalid chain_id: nosuch-1 is not in the registry (GET /v2/info/chains lists them)",
        details: [{ field: "query.chain_ids", description: "unknown chain id nosuch-1" }],
      },
    });
  });

  it("lists native, IBC, OPinit and wrapped assets with their origin", async () => {
    const { body } = await call("GET", "/v2/fungible/assets?chain_ids=weft-wasm-1,weft-evm-1");
    const wasm = body.chain_to_assets_map["weft-wasm-1"].assets;
    expect(wasm.map((a: Json) => a.denom)).toEqual(
      expect.arrayContaining(["umin", L2_INIT_WASM, INIT_ON_WASM]),
    );
    expect(wasm.find((a: Json) => a.denom === INIT_ON_WASM)).toMatchObject({
      origin_denom: "uinit",
      origin_chain_id: "weft-devnet-1",
      trace: "transfer/channel-0",
      symbol: "INIT",
      decimals: 6,
    });
    const evm = body.chain_to_assets_map["weft-evm-1"].assets;
    expect(evm.find((a: Json) => a.denom === L2_INIT_EVM)).toMatchObject({
      hidden: true,
      origin_denom: "uinit",
    });
    expect(evm.find((a: Json) => a.denom === WRAPPED_INIT)).toMatchObject({
      hidden: false,
      decimals: 18,
      origin_chain_id: "weft-devnet-1",
    });
    const native = await call("GET", "/v2/fungible/assets?chain_ids=weft-wasm-1&native_only=true");
    expect(native.body.chain_to_assets_map["weft-wasm-1"].assets.map((a: Json) => a.denom)).toEqual(["umin"]);
  });
});

describe("POST /v2/fungible/route", () => {
  it("routes one IBC hop", async () => {
    const { status, body } = await ask(["weft-devnet-1", "uinit"], ["weft-wasm-1", INIT_ON_WASM]);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      amount_in: "1000000",
      amount_out: "1000000",
      chain_ids: ["weft-devnet-1", "weft-wasm-1"],
      required_chain_addresses: ["weft-devnet-1", "weft-wasm-1"],
      txs_required: 1,
      estimated_route_duration_seconds: 12,
      required_op_hook: false,
      does_swap: false,
    });
    expect(body.operations).toEqual([
      {
        transfer: {
          port: "transfer",
          channel: "channel-1",
          from_chain_id: "weft-devnet-1",
          to_chain_id: "weft-wasm-1",
          pfm_enabled: true,
          supports_memo: true,
          denom_in: "uinit",
          denom_out: INIT_ON_WASM,
          dest_denom: INIT_ON_WASM,
          bridge_id: "IBC",
          smart_relay: false,
        },
        tx_index: 0,
        amount_in: "1000000",
        amount_out: "1000000",
      },
    ]);
  });

  it("needs the hook for a deposit into the wrapper's ERC-20, and scales the amount", async () => {
    const { body } = await ask(["weft-devnet-1", "uinit"], ["weft-evm-1", WRAPPED_INIT]);
    expect(body).toMatchObject({
      required_op_hook: true,
      amount_out: "1000000000000000000",
      txs_required: 1,
    });
    expect(body.operations[0].op_init_transfer).toMatchObject({
      op_init_bridge_id: "1",
      denom_out: L2_INIT_EVM,
      bridge_id: "OPINIT",
    });
  });

  it("computes the input for an exact output", async () => {
    const { body } = await route({
      source_asset_chain_id: "weft-evm-1",
      source_asset_denom: WRAPPED_INIT,
      dest_asset_chain_id: "weft-devnet-1",
      dest_asset_denom: "uinit",
      amount_out: "2500000",
      is_op_withdraw: true,
    });
    expect(body).toMatchObject({
      amount_in: "2500000000000000000",
      amount_out: "2500000",
      estimated_route_duration_seconds: 600,
    });
  });

  it("answers no route with code 5, the reason and what to try", async () => {
    expect(await ask(["weft-wasm-1", "umin"], ["weft-cosmos-1", "uatom"])).toEqual({
      status: 404,
      body: {
        code: 5,
        message:
          "no route found from umin on weft-wasm-1 to uatom on weft-cosmos-1: they are different assets (umin from weft-wasm-1, uatom from weft-cosmos-1) and Weft does not swap",
        details: [],
        info: "GET /v2/fungible/assets lists the assets of each chain; pick a weft-cosmos-1 asset whose origin_denom is umin.",
      },
    });
    const multi = await ask(
      ["31337", WETH_ETH],
      ["weft-devnet-1", registry.asset("weft-evm-1", WETH_EVM)?.children[0]?.denom ?? ""],
    );
    expect(multi.status).toBe(404);
    expect(multi.body.info).toBe(
      "Set allow_multi_tx: true to accept routes that need more than one signed tx.",
    );
  });

  it("refuses malformed requests with the field named", async () => {
    expect(await ask(["weft-devnet-1", "uinit"], ["weft-wasm-1", INIT_ON_WASM], { amount_out: "5" })).toEqual(
      {
        status: 400,
        body: {
          code: 3,
          message: "give exactly one of amount_in and amount_out",
          details: [
            { field: "body.amount_in", description: "exactly one of amount_in and amount_out is required" },
          ],
        },
      },
    );
    const denom = await ask(["weft-devnet-1", "uatom"], ["weft-wasm-1", INIT_ON_WASM]);
    expect(denom.body.message).toBe(
      "Invalid source_asset_denom: uatom is not an asset of weft-devnet-1 (GET /v2/fungible/assets?chain_ids=weft-devnet-1 lists them)",
    );
    const amount = await ask(["weft-devnet-1", "uinit"], ["weft-wasm-1", INIT_ON_WASM], { amount_in: "1e6" });
    expect(amount.status).toBe(400);
    expect(amount.body.details[0].field).toContain("amount_in");
  });
});

describe("POST /op-hook", () => {
  it("approves the wrapper and wraps the deposit for the recipient", async () => {
    const { status, body } = await call("POST", "/op-hook", {
      source_address: ALICE,
      source_asset_chain_id: "weft-devnet-1",
      source_asset_denom: "uinit",
      dest_address: ALICE,
      dest_asset_chain_id: "weft-evm-1",
      dest_asset_denom: WRAPPED_INIT,
    });
    expect(status).toBe(200);
    expect(body.chain_id).toBe("weft-evm-1");
    expect(body.hook.map((m: Json) => m.msg_type_url)).toEqual([
      "/minievm.evm.v1.MsgCall",
      "/minievm.evm.v1.MsgCall",
    ]);
    const [approve, wrap] = body.hook.map((m: Json) => JSON.parse(m.msg));
    expect(approve).toMatchObject({
      sender: ALICE,
      contract_addr: "0x3cb1AFf2Ee0B5c9d1E4a7F8b9c0D2e3f4A5b6C7d",
      value: "0",
    });
    const abi = parseAbi(["function approve(address,uint256)", "function toLocal(address,string,uint8)"]);
    expect(decodeFunctionData({ abi, data: approve.input }).args).toEqual([
      "0x7FD385d69908247436f49de2A1AFf6438d75C3c0",
      2n ** 256n - 1n,
    ]);
    expect(wrap.contract_addr).toBe("0x7FD385d69908247436f49de2A1AFf6438d75C3c0");
    expect(decodeFunctionData({ abi, data: wrap.input })).toEqual({
      functionName: "toLocal",
      args: ["0x4940eEaEA7fb5061eE1060581b4579E9FFe56eD0", L2_INIT_EVM, 6],
    });
  });

  it("refuses a route that needs no hook", async () => {
    const { status, body } = await call("POST", "/op-hook", {
      source_address: ALICE,
      source_asset_chain_id: "weft-devnet-1",
      source_asset_denom: "uinit",
      dest_address: ALICE,
      dest_asset_chain_id: "weft-wasm-1",
      dest_asset_denom: L2_INIT_WASM,
    });
    expect(status).toBe(400);
    expect(body.message).toBe(
      `no op hook is needed from uinit on weft-devnet-1 to ${L2_INIT_WASM} on weft-wasm-1: the route's required_op_hook is false`,
    );
  });
});

describe("POST /v2/fungible/msgs", () => {
  it("builds one MsgTransfer with a 5-minute timeout for an IBC hop", async () => {
    const r = (await ask(["weft-devnet-1", "uinit"], ["weft-wasm-1", INIT_ON_WASM])).body;
    const { status, body } = await call("POST", "/v2/fungible/msgs", msgsFor(r, [ALICE, ALICE]));
    expect(status).toBe(200);
    expect(body.min_amount_out).toBe("990000");
    const tx = body.txs[0];
    expect(tx.operations_indices).toEqual([0]);
    expect(tx.cosmos_tx).toMatchObject({
      chain_id: "weft-devnet-1",
      signer_address: ALICE,
      path: ["weft-devnet-1", "weft-wasm-1"],
    });
    expect(tx.cosmos_tx.msgs[0].msg_type_url).toBe("/ibc.applications.transfer.v1.MsgTransfer");
    const timeoutNs = (BigInt(NOW_MS / 1000) + 300n) * 1_000_000_000n;
    expect(tx.cosmos_tx.msgs[0].msg).toBe(
      `{"source_port":"transfer","source_channel":"channel-1","token":{"denom":"uinit","amount":"1000000"},"sender":"${ALICE}","receiver":"${ALICE}","timeout_height":{},"timeout_timestamp":${timeoutNs},"memo":""}`,
    );
    expect(body.msgs[0].multi_chain_msg.msg).toBe(tx.cosmos_tx.msgs[0].msg);
  });

  it("forwards a two-hop transfer with a packet-forward memo", async () => {
    const atomOnWasm = registry
      .assets()
      .find((a) => a.chain.chain_id === "weft-wasm-1" && a.origin.denom === "uatom");
    const r = (await ask(["weft-cosmos-1", "uatom"], ["weft-wasm-1", atomOnWasm?.denom ?? ""])).body;
    expect(r.operations.map((o: Json) => o.tx_index)).toEqual([0, 0]);
    const { body } = await call("POST", "/v2/fungible/msgs", msgsFor(r, [ALICE_COSMOS, ALICE, ALICE]));
    expect(body.txs).toHaveLength(1);
    const msg = JSON.parse(body.txs[0].cosmos_tx.msgs[0].msg);
    expect(msg).toMatchObject({ source_channel: "channel-0", sender: ALICE_COSMOS, receiver: ALICE });
    expect(JSON.parse(msg.memo)).toEqual({
      forward: { receiver: ALICE, port: "transfer", channel: "channel-1", timeout: "10m", retries: 2 },
    });
  });

  it("requires the signed hook for a wrapped deposit and carries it in the deposit's data", async () => {
    const r = (await ask(["weft-devnet-1", "uinit"], ["weft-evm-1", WRAPPED_INIT])).body;
    const missing = await call("POST", "/v2/fungible/msgs", msgsFor(r, [ALICE, ALICE]));
    expect(missing).toEqual({
      status: 400,
      body: {
        code: 3,
        message:
          "this route requires signed_op_hook: call POST /op-hook, sign its messages on weft-evm-1 and pass {signer, hook}",
        details: [
          { field: "body.signed_op_hook", description: "required when the route's required_op_hook is true" },
        ],
      },
    });
    const bogus = await call(
      "POST",
      "/v2/fungible/msgs",
      msgsFor(r, [ALICE, ALICE], { signed_op_hook: { signer: ALICE, hook: "aGVsbG8=" } }),
    );
    expect(bogus.status).toBe(400);
    expect(bogus.body.details).toEqual([
      { field: "body.signed_op_hook.hook", description: "not base64 of a signed TxRaw with messages" },
    ]);
    const hook = signedHook();
    const { body } = await call(
      "POST",
      "/v2/fungible/msgs",
      msgsFor(r, [ALICE, ALICE], { signed_op_hook: { signer: ALICE, hook } }),
    );
    const deposit = body.txs[0].cosmos_tx.msgs[0];
    expect(deposit.msg_type_url).toBe("/opinit.ophost.v1.MsgInitiateTokenDeposit");
    expect(JSON.parse(deposit.msg)).toEqual({
      sender: ALICE,
      bridge_id: "1",
      to: ALICE,
      amount: { denom: "uinit", amount: "1000000" },
      data: hook,
    });
  });

  it("withdraws the wrapper's ERC-20 from the minievm rollup as a cosmos_tx: approve, then the wrapper's call", async () => {
    const r = (
      await ask(["weft-evm-1", WRAPPED_INIT], ["weft-devnet-1", "uinit"], {
        amount_in: "3000000000000000000",
        is_op_withdraw: true,
      })
    ).body;
    // The rollup is a Cosmos chain to the wallet: a hex address_list entry still signs as its bech32.
    const { body } = await call("POST", "/v2/fungible/msgs", msgsFor(r, [ALICE_HEX, ALICE]));
    expect(body.txs).toHaveLength(1);
    expect(body.txs[0].evm_tx).toBeUndefined();
    const tx = body.txs[0].cosmos_tx;
    expect(tx).toMatchObject({
      chain_id: "weft-evm-1",
      signer_address: ALICE,
      path: ["weft-evm-1", "weft-devnet-1"],
    });
    expect(tx.msgs.map((m: Json) => m.msg_type_url)).toEqual([
      "/minievm.evm.v1.MsgCall",
      "/minievm.evm.v1.MsgCall",
    ]);
    const [approve, unwrap] = tx.msgs.map((m: Json) => JSON.parse(m.msg));
    expect(Object.keys(approve)).toEqual(["sender", "contract_addr", "input", "value", "access_list"]);
    expect(approve).toMatchObject({
      sender: ALICE,
      contract_addr: "0x7A5b3c4D5E6F708192a3b4c5D6E7f80912a3b4c5",
      value: "0",
      access_list: [],
    });
    expect(
      decodeFunctionData({ abi: parseAbi(["function approve(address,uint256)"]), data: approve.input }).args,
    ).toEqual(["0x7FD385d69908247436f49de2A1AFf6438d75C3c0", 3_000_000_000_000_000_000n]);
    expect(unwrap).toMatchObject({
      sender: ALICE,
      contract_addr: "0x7FD385d69908247436f49de2A1AFf6438d75C3c0",
      value: "0",
    });
    const abi = parseAbi(["function toRemoteAndOPWithdraw(string,string,uint256)"]);
    expect(decodeFunctionData({ abi, data: unwrap.input }).args).toEqual([
      ALICE,
      WRAPPED_INIT,
      3_000_000_000_000_000_000n,
    ]);
    expect(body.msgs.map((m: Json) => m.multi_chain_msg.msg_type_url)).toEqual([
      "/minievm.evm.v1.MsgCall",
      "/minievm.evm.v1.MsgCall",
    ]);
  });

  it("sends over LayerZero from the minievm rollup as one MsgCall of the OFT's send, the fee as value", async () => {
    const r = (await ask(["weft-evm-1", WETH_EVM], ["31337", WETH_ETH], { amount_in: "2000000000000000000" }))
      .body;
    const { body } = await call("POST", "/v2/fungible/msgs", msgsFor(r, [ALICE, ALICE_HEX]));
    const tx = body.txs[0].cosmos_tx;
    expect(tx).toMatchObject({ chain_id: "weft-evm-1", signer_address: ALICE });
    expect(tx.msgs).toHaveLength(1);
    const send = JSON.parse(tx.msgs[0].msg);
    expect(send).toMatchObject({
      sender: ALICE,
      contract_addr: "0xe1A2b3c4d5E6F708192a3b4C5d6E7f8091a2b3c4",
      value: "20000000000000000",
    });
    const abi = parseAbi([
      "function send((uint32 dstEid, bytes32 to, uint256 amountLD, uint256 minAmountLD, bytes extraOptions, bytes composeMsg, bytes oftCmd), (uint256 nativeFee, uint256 lzTokenFee), address)",
    ]);
    const [param, fee] = decodeFunctionData({ abi, data: send.input }).args as [Json, Json, string];
    expect(param).toMatchObject({ dstEid: 40161, amountLD: 2_000_000_000_000_000_000n });
    expect(param.to).toBe(`0x${"0".repeat(24)}${ALICE_HEX.slice(2)}`);
    expect(fee).toEqual({ nativeFee: 20_000_000_000_000_000n, lzTokenFee: 0n });
  });

  it("sends over LayerZero with the OFT's send, the native fee as value and the adapter approval", async () => {
    const r = (await ask(["31337", WETH_ETH], ["weft-evm-1", WETH_EVM], { amount_in: "2000000000000000123" }))
      .body;
    expect(r.extra_warnings).toEqual([
      "123 base units below the precision of the WETH OFT (6 shared decimals) stay in the sender's wallet",
    ]);
    expect(r.estimated_fees[0]).toMatchObject({
      fee_type: "BRIDGE",
      bridge_id: "LAYER_ZERO",
      amount: "150000000000000",
      fee_behavior: "FEE_BEHAVIOR_ADDITIONAL",
    });
    const { body } = await call("POST", "/v2/fungible/msgs", msgsFor(r, [ALICE_HEX, ALICE_HEX]));
    const evm = body.txs[0].evm_tx;
    expect(evm).toMatchObject({
      chain_id: "31337",
      to: "0x5c7BCd6E7De5423a257D81B442095A1a6ced35C5",
      value: "150000000000000",
    });
    expect(evm.required_erc20_approvals).toEqual([
      {
        token_contract: WETH_ETH,
        spender: "0x5c7BCd6E7De5423a257D81B442095A1a6ced35C5",
        amount: "2000000000000000000",
      },
    ]);
    const abi = parseAbi([
      "function send((uint32 dstEid, bytes32 to, uint256 amountLD, uint256 minAmountLD, bytes extraOptions, bytes composeMsg, bytes oftCmd), (uint256 nativeFee, uint256 lzTokenFee), address)",
    ]);
    const [param, fee, refund] = decodeFunctionData({ abi, data: `0x${evm.data}` }).args as [
      Json,
      Json,
      string,
    ];
    expect(param).toMatchObject({
      dstEid: 40400,
      amountLD: 2_000_000_000_000_000_000n,
      minAmountLD: 1_980_000_000_000_000_000n,
    });
    expect(param.to).toBe(`0x${"0".repeat(24)}${ALICE_HEX.slice(2)}`);
    expect(fee).toEqual({ nativeFee: 150_000_000_000_000n, lzTokenFee: 0n });
    expect(refund.toLowerCase()).toBe(ALICE_HEX);
  });

  it("refuses addresses of the wrong chain, a short address_list and operations that do not connect", async () => {
    const r = (await ask(["weft-devnet-1", "uinit"], ["weft-wasm-1", INIT_ON_WASM])).body;
    expect(await call("POST", "/v2/fungible/msgs", msgsFor(r, [ALICE, ALICE_COSMOS]))).toEqual({
      status: 400,
      body: {
        code: 3,
        message:
          "address_list[1] is not an address of weft-wasm-1: expected a bech32 address with prefix init, got prefix cosmos",
        details: [
          {
            field: "body.address_list.1",
            description: "expected a bech32 address with prefix init, got prefix cosmos",
          },
        ],
      },
    });
    const short = await call("POST", "/v2/fungible/msgs", msgsFor(r, [ALICE]));
    expect(short.body.message).toBe(
      "address_list must hold 2 addresses, one per required chain (weft-devnet-1, weft-wasm-1), got 1",
    );
    const wrongChannel = structuredClone(r);
    wrongChannel.operations[0].transfer.channel = "channel-9";
    const ops = await call("POST", "/v2/fungible/msgs", msgsFor(wrongChannel, [ALICE, ALICE]));
    expect(ops.body).toEqual({
      code: 3,
      message: `operations[0]: no transfer moves uinit on weft-devnet-1 to ${INIT_ON_WASM} on weft-wasm-1 over channel-9`,
      details: [
        {
          field: "body.operations.0",
          description: `operations[0]: no transfer moves uinit on weft-devnet-1 to ${INIT_ON_WASM} on weft-wasm-1 over channel-9`,
        },
      ],
    });
  });
});
