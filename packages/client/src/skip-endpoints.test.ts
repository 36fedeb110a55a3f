/**
 * The Skip Go endpoints beside route and msgs, through the typed client against a real Weft (the
 * devnet registry): `POST /v2/fungible/msgs_direct`, `GET /v2/fungible/venues` and
 * `POST /v2/fungible/recommend_assets`, their request and response types from the contract.
 */
import { describe, expect, it } from "vitest";
import { IBC_REQUEST, INIT_ON_WASM, L1, WASM_ROLLUP } from "./_test/devnet-fixtures.js";
import { useInProcessWeft } from "./_test/in-process-weft.js";
import { IDEMPOTENT_POST_PATHS } from "./retry.js";
import type { MsgsDirectRequest, RecommendationEntry, SwapVenue } from "./router-types.js";
import { createRouterClient } from "./weft-client.js";

const weft = useInProcessWeft();
const ALICE = "init1f9qwat48ldgxrmssvpvpk3tea8l72mksvzm62v";

describe("createRouterClient: the Skip endpoints beside route and msgs", () => {
  it("POST /v2/fungible/msgs_direct returns the route and the txs /v2/fungible/msgs builds for it", async () => {
    const client = createRouterClient({ baseUrl: weft() });
    const body: MsgsDirectRequest = {
      ...IBC_REQUEST,
      chain_ids_to_addresses: { [L1]: ALICE, [WASM_ROLLUP]: ALICE },
      slippage_tolerance_percent: "1",
    };
    const { data, error } = await client.POST("/v2/fungible/msgs_direct", { body });
    expect(error).toBeUndefined();
    const route = data?.route;
    expect(route?.required_chain_addresses).toEqual([L1, WASM_ROLLUP]);
    const msgs = await client.POST("/v2/fungible/msgs", {
      body: {
        ...IBC_REQUEST,
        amount_out: route?.amount_out ?? "",
        operations: route?.operations ?? [],
        address_list: [ALICE, ALICE],
        slippage_tolerance_percent: "1",
      },
    });
    // Both build a MsgTransfer timing out 300 s from their own clock; the rest is identical.
    const withoutTimeout = (txs: unknown) => JSON.stringify(txs).replace(/timeout_timestamp[^,]+/g, "");
    expect(withoutTimeout(data?.txs)).toBe(withoutTimeout(msgs.data?.txs));
    expect(data?.min_amount_out).toBe("990000");

    const missing = await client.POST("/v2/fungible/msgs_direct", {
      body: { ...body, chain_ids_to_addresses: { [L1]: ALICE } },
    });
    expect(missing.response.status).toBe(400);
    expect(missing.error?.details).toEqual([
      { field: "body.chain_ids_to_addresses", description: `no address for ${WASM_ROLLUP}` },
    ]);
    expect(IDEMPOTENT_POST_PATHS).toContain("/v2/fungible/msgs_direct");
  });

  it("GET /v2/fungible/venues lists the devnet rollup's ERC20Wrapper", async () => {
    const client = createRouterClient({ baseUrl: weft() });
    const { data, error } = await client.GET("/v2/fungible/venues", {
      params: { query: { only_testnets: true } },
    });
    expect(error).toBeUndefined();
    const venues: SwapVenue[] = data?.venues ?? [];
    expect(venues).toEqual([{ name: "minievm-erc20-wrapper", chain_id: "weft-evm-1", logo_uri: "" }]);
  });

  it("POST /v2/fungible/recommend_assets answers one entry per request, in order", async () => {
    const client = createRouterClient({ baseUrl: weft() });
    const { data, error } = await client.POST("/v2/fungible/recommend_assets", {
      body: {
        requests: [
          {
            source_asset_denom: "uinit",
            source_asset_chain_id: L1,
            dest_chain_id: WASM_ROLLUP,
            reason: "DIRECT",
          },
          { source_asset_denom: INIT_ON_WASM, source_asset_chain_id: WASM_ROLLUP, dest_chain_id: L1 },
        ],
      },
    });
    expect(error).toBeUndefined();
    const entries: RecommendationEntry[] = data?.recommendation_entries ?? [];
    expect(entries.map((e) => e.recommendations.map((r) => `${r.reason} ${r.asset.denom}`))).toEqual([
      [
        `DIRECT ${INIT_ON_WASM}`,
        "DIRECT l2/2588fd87a8e081f6a557f43ff14f05dddf5e34cb27afcefd6eaf81f1daea30d0",
      ],
      ["BASE_TOKEN uinit"],
    ]);
    expect(IDEMPOTENT_POST_PATHS).toContain("/v2/fungible/recommend_assets");
  });
});
