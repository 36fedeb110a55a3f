/**
 * Fields Skip clients send by default that Weft has no use for are accepted and ignored by
 * /v2/fungible/route, /v2/fungible/msgs and /v2/fungible/msgs_direct: each, alone, leaves the answer
 * exactly what it is without it. The pair is a LayerZero send, so `experimental_features` without
 * `layer_zero` would change the route if it were read.
 */
import { describe, expect, it } from "vitest";
import { ALICE, ALICE_HEX, WETH_ETH, WETH_EVM } from "../_test/devnet-assets.js";
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

const ROUTE_REQUEST = {
  source_asset_chain_id: "weft-evm-1",
  source_asset_denom: WETH_EVM,
  dest_asset_chain_id: "31337",
  dest_asset_denom: WETH_ETH,
  amount_in: "2000000000000000000",
};

/** Each field with a value a Skip client sends that would matter if Weft read it. */
const SKIP_FIELDS: Record<string, unknown> = {
  go_fast: true,
  smart_relay: true,
  experimental_features: ["hyperlane", "stargate", "eureka"],
  smart_swap_options: { split_routes: true, evm_swaps: true },
  allow_unsafe: true,
  fast_transfer: true,
};

let route: Json;
/** The three requests for the same transfer, `extra` merged into each. */
const REQUESTS: Record<string, (extra: Record<string, unknown>) => Promise<{ status: number; body: Json }>> =
  {
    "/v2/fungible/route": (extra) => post("/v2/fungible/route", { ...ROUTE_REQUEST, ...extra }),
    "/v2/fungible/msgs": async (extra) => {
      route ??= (await post("/v2/fungible/route", ROUTE_REQUEST)).body;
      return post("/v2/fungible/msgs", msgsRequestFor(route, [ALICE, ALICE_HEX], extra));
    },
    "/v2/fungible/msgs_direct": (extra) =>
      post("/v2/fungible/msgs_direct", {
        ...ROUTE_REQUEST,
        chain_ids_to_addresses: { "weft-evm-1": ALICE, "31337": ALICE_HEX },
        ...extra,
      }),
  };

const CASES = Object.keys(REQUESTS).flatMap((path) =>
  Object.entries(SKIP_FIELDS).map(([field, value]) => ({ path, field, value })),
);

describe("Skip client fields Weft ignores", () => {
  it("routes over LayerZero without those fields", async () => {
    const plain = await post("/v2/fungible/route", ROUTE_REQUEST);
    expect(plain.body.operations.map((o: Json) => Object.keys(o)[0])).toEqual(["layer_zero_transfer"]);
  });

  it.each(CASES)("$path accepts $field and answers as without it", async ({ path, field, value }) => {
    const send = REQUESTS[path] as (typeof REQUESTS)[string];
    const without = await send({});
    expect(without.status).toBe(200);
    expect(await send({ [field]: value })).toEqual(without);
  });
});
