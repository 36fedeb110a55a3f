/**
 * POST /v2/fungible/msgs_direct on the devnet registry: for each kind of route, the answer is what
 * POST /v2/fungible/route and then POST /v2/fungible/msgs answer for the same input on the same clock;
 * a chain without an address, an address of the wrong chain and a route needing a signed op hook are
 * 400s naming what to fix. Response validation is on: every 200 here conforms to the spec.
 */
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
import { type Json, jsonCalls } from "../_test/json-call.js";
import { msgsRequestFor } from "../_test/msgs-request.js";
import { createTestApp, serveForTests } from "../_test/test-app.js";
import { useTestDatabase } from "../_test/test-database.js";
import { loadRegistry } from "./registry/load-registry.js";

const NOW_MS = Date.UTC(2026, 10, 22, 10, 0, 0);
const database = useTestDatabase();
const registry = loadRegistry("devnet");
const { post } = jsonCalls(
  serveForTests(() => createTestApp({ db: database().db, router: { registry, now: () => NOW_MS } })),
);

const ATOM_ON_WASM = registry
  .assets()
  .find((a) => a.chain.chain_id === "weft-wasm-1" && a.origin.denom === "uatom")?.denom;
/** Alice on every devnet chain, as a wallet that does not know the route yet sends them. */
const ADDRESSES: Record<string, string> = {
  "weft-devnet-1": ALICE,
  "weft-evm-1": ALICE_HEX,
  "weft-wasm-1": ALICE,
  "weft-cosmos-1": ALICE_COSMOS,
  "31337": ALICE_HEX,
};

const pair = (source: [string, string], dest: [string, string], extra: Record<string, unknown> = {}) => ({
  source_asset_chain_id: source[0],
  source_asset_denom: source[1],
  dest_asset_chain_id: dest[0],
  dest_asset_denom: dest[1],
  amount_in: "1000000",
  ...extra,
});

const CASES: { name: string; request: Record<string, unknown> }[] = [
  { name: "one IBC hop", request: pair(["weft-devnet-1", "uinit"], ["weft-wasm-1", INIT_ON_WASM]) },
  {
    name: "two IBC hops with a forward memo",
    request: pair(["weft-cosmos-1", "uatom"], ["weft-wasm-1", ATOM_ON_WASM ?? ""]),
  },
  {
    name: "an OPinit withdrawal unwrapping the wrapper's ERC-20",
    request: pair(["weft-evm-1", WRAPPED_INIT], ["weft-devnet-1", "uinit"], {
      amount_in: "3000000000000000000",
      is_op_withdraw: true,
    }),
  },
  {
    name: "a LayerZero send from the minievm rollup",
    request: pair(["weft-evm-1", WETH_EVM], ["31337", WETH_ETH], { amount_in: "2000000000000000000" }),
  },
  {
    name: "the wrapper's conversion on the rollup (an evm_swap)",
    request: pair(["weft-evm-1", L2_INIT_EVM], ["weft-evm-1", WRAPPED_INIT]),
  },
  {
    name: "an exact output over LayerZero with its dust, 2.5 % slippage and a 60 s timeout",
    request: {
      ...pair(["31337", WETH_ETH], ["weft-evm-1", WETH_EVM]),
      amount_in: undefined,
      amount_out: "2000000000000000000",
      slippage_tolerance_percent: "2.5",
      timeout_seconds: "60",
    },
  },
  {
    name: "two txs: an OPinit withdrawal, then IBC back to the rollup",
    request: pair(["weft-wasm-1", L2_INIT_WASM], ["weft-wasm-1", INIT_ON_WASM], { allow_multi_tx: true }),
  },
];

/** What a client gets from /route then /msgs, with the addresses the route asks for. */
async function routeThenMsgs(request: Record<string, unknown>): Promise<Json> {
  const { slippage_tolerance_percent, timeout_seconds, ...routeRequest } = request;
  const route = await post("/v2/fungible/route", routeRequest);
  expect(route.status, JSON.stringify(route.body)).toBe(200);
  const addresses = (route.body.required_chain_addresses as string[]).map((id) => ADDRESSES[id] ?? "");
  const msgs = await post(
    "/v2/fungible/msgs",
    msgsRequestFor(route.body, addresses, { slippage_tolerance_percent, timeout_seconds }),
  );
  expect(msgs.status, JSON.stringify(msgs.body)).toBe(200);
  return { ...msgs.body, route: route.body };
}

describe("POST /v2/fungible/msgs_direct", () => {
  it.each(CASES)("answers what /route then /msgs answer: $name", async ({ request }) => {
    const direct = await post("/v2/fungible/msgs_direct", { ...request, chain_ids_to_addresses: ADDRESSES });
    expect(direct.status, JSON.stringify(direct.body)).toBe(200);
    expect(direct.body).toEqual(await routeThenMsgs(request));
    // The clock is the injected one: the IBC timeout is 5 minutes (or the requested seconds) from it.
    const timeouts = JSON.stringify(direct.body.txs).match(/timeout_timestamp\\":(\d+)/g) ?? [];
    const seconds = BigInt((request.timeout_seconds as string | undefined) ?? "300");
    for (const t of timeouts) expect(t).toContain(`${(BigInt(NOW_MS / 1000) + seconds) * 1_000_000_000n}`);
  });

  it("names the chain that has no address, and an address of the wrong chain", async () => {
    const request = pair(["weft-devnet-1", "uinit"], ["weft-wasm-1", INIT_ON_WASM]);
    expect(
      await post("/v2/fungible/msgs_direct", {
        ...request,
        chain_ids_to_addresses: { "weft-devnet-1": ALICE, "weft-cosmos-1": ALICE_COSMOS },
      }),
    ).toEqual({
      status: 400,
      body: {
        code: 3,
        message:
          "chain_ids_to_addresses has no address for weft-wasm-1, a chain the route passes through (weft-devnet-1, weft-wasm-1)",
        details: [{ field: "body.chain_ids_to_addresses", description: "no address for weft-wasm-1" }],
      },
    });
    expect(
      await post("/v2/fungible/msgs_direct", {
        ...request,
        chain_ids_to_addresses: { "weft-devnet-1": ALICE, "weft-wasm-1": ALICE_COSMOS },
      }),
    ).toEqual({
      status: 400,
      body: {
        code: 3,
        message:
          "chain_ids_to_addresses.weft-wasm-1 is not an address of weft-wasm-1: expected a bech32 address with prefix init, got prefix cosmos",
        details: [
          {
            field: "body.chain_ids_to_addresses.weft-wasm-1",
            description: "expected a bech32 address with prefix init, got prefix cosmos",
          },
        ],
      },
    });
  });

  it("refuses a route that needs a signed op hook and says which three calls to make", async () => {
    const request = pair(["weft-devnet-1", "uinit"], ["weft-evm-1", WRAPPED_INIT]);
    expect((await post("/v2/fungible/route", request)).body.required_op_hook).toBe(true);
    expect(await post("/v2/fungible/msgs_direct", { ...request, chain_ids_to_addresses: ADDRESSES })).toEqual(
      {
        status: 400,
        body: {
          code: 3,
          message:
            "this route requires a signed op hook on weft-evm-1, which msgs_direct cannot carry: call POST /v2/fungible/route, then POST /op-hook and sign its messages, then POST /v2/fungible/msgs with signed_op_hook",
          details: [
            {
              field: "body.dest_asset_denom",
              description: "reached only by an OPinit deposit carrying a signed op hook",
            },
          ],
        },
      },
    );
  });

  it("answers the route's own 400s and 404s", async () => {
    const both = pair(["weft-devnet-1", "uinit"], ["weft-wasm-1", INIT_ON_WASM], { amount_out: "5" });
    const noRoute = pair(["weft-wasm-1", "umin"], ["weft-cosmos-1", "uatom"]);
    const multi = pair(["weft-wasm-1", L2_INIT_WASM], ["weft-wasm-1", INIT_ON_WASM]);
    for (const request of [both, noRoute, multi]) {
      const direct = await post("/v2/fungible/msgs_direct", {
        ...request,
        chain_ids_to_addresses: ADDRESSES,
      });
      expect(direct).toEqual(await post("/v2/fungible/route", request));
      expect(direct.status).toBeGreaterThanOrEqual(400);
    }
    expect(
      await post("/v2/fungible/msgs_direct", {
        ...pair(["weft-devnet-1", "uinit"], ["weft-wasm-1", INIT_ON_WASM]),
        chain_ids_to_addresses: ADDRESSES,
        slippage_tolerance_percent: "100.5",
      }),
    ).toEqual({
      status: 400,
      body: {
        code: 3,
        message: "slippage_tolerance_percent must be at most 100",
        details: [{ field: "body.slippage_tolerance_percent", description: "over 100" }],
      },
    });
  });
});
