/**
 * POST /v2/fungible/recommend_assets on the devnet registry, checked against /v2/fungible/route: an
 * asset is recommended exactly when a route reaches it (hidden coins, the source itself and, on the
 * origin chain, vouchers of its own asset aside), its reason is what the route shows (BASE_TOKEN the
 * origin asset, DIRECT one operation, UNKNOWN more), and the best come first.
 */
import { describe, expect, it } from "vitest";
import { INIT_ON_WASM, L2_INIT_EVM, L2_INIT_WASM, WETH_ETH, WRAPPED_INIT } from "../_test/devnet-assets.js";
import { type Json, jsonCalls } from "../_test/json-call.js";
import { createTestApp, serveForTests } from "../_test/test-app.js";
import { useTestDatabase } from "../_test/test-database.js";
import { loadRegistry } from "./registry/load-registry.js";

const database = useTestDatabase();
const registry = loadRegistry("devnet");
const { get, post } = jsonCalls(
  serveForTests(() => createTestApp({ db: database().db, router: { registry } })),
);
const recommend = (requests: unknown[]) => post("/v2/fungible/recommend_assets", { requests });

const CHAINS = registry.chains.map((c) => c.chain_id);
const REASON_ORDER = ["BASE_TOKEN", "DIRECT", "UNKNOWN"];

describe("POST /v2/fungible/recommend_assets", () => {
  it.each([
    ["weft-devnet-1", "uinit"],
    ["weft-evm-1", WRAPPED_INIT],
    ["weft-evm-1", L2_INIT_EVM],
    ["weft-cosmos-1", "uatom"],
    ["31337", WETH_ETH],
  ])("recommends on every chain exactly what a route from %s %s reaches", async (chainId, denom) => {
    const source = { source_asset_chain_id: chainId, source_asset_denom: denom };
    const origin = (
      (await get(`/v2/fungible/assets?chain_ids=${chainId}`)).body.chain_to_assets_map[chainId]
        .assets as Json[]
    ).find((a) => a.denom === denom);
    const res = await recommend(CHAINS.map((dest_chain_id) => ({ ...source, dest_chain_id })));
    expect(res.status).toBe(200);
    expect(res.body.recommendation_entries).toHaveLength(CHAINS.length);
    for (const [i, dest] of CHAINS.entries()) {
      const entry = res.body.recommendation_entries[i];
      const listed = (await get(`/v2/fungible/assets?chain_ids=${dest}`)).body.chain_to_assets_map[dest]
        .assets;
      const expected: Json[] = [];
      for (const asset of listed as Json[]) {
        if (asset.hidden || (asset.denom === denom && dest === chainId)) continue;
        const base = asset.chain_id === origin.origin_chain_id && asset.denom === origin.origin_denom;
        if (dest === origin.origin_chain_id && !base) continue;
        const route = await post("/v2/fungible/route", {
          ...source,
          dest_asset_chain_id: dest,
          dest_asset_denom: asset.denom,
          amount_in: "1000000000000000000",
          allow_multi_tx: true,
        });
        if (route.status === 404) continue;
        expect(route.status, JSON.stringify(route.body)).toBe(200);
        const reason = base ? "BASE_TOKEN" : route.body.operations.length === 1 ? "DIRECT" : "UNKNOWN";
        expected.push({ asset, reason, route: route.body });
      }
      const rank = (e: Json) => [
        REASON_ORDER.indexOf(e.reason),
        e.route.txs_required,
        e.route.estimated_route_duration_seconds,
      ];
      expected.sort((a, b) => {
        const [x, y] = [rank(a), rank(b)];
        return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
      });
      const at = `${denom} on ${chainId} -> ${dest}`;
      expect(entry.recommendations, at).toEqual(expected.map(({ asset, reason }) => ({ asset, reason })));
      if (expected.length === 0) expect(entry.error?.message, at).toMatch(/.+/);
      else expect(entry.error, at).toBeUndefined();
    }
  });

  it("puts the one-hop forms first and the base token alone on its own chain", async () => {
    const res = await recommend([
      { source_asset_chain_id: "weft-devnet-1", source_asset_denom: "uinit", dest_chain_id: "weft-wasm-1" },
      {
        source_asset_chain_id: "weft-evm-1",
        source_asset_denom: WRAPPED_INIT,
        dest_chain_id: "weft-devnet-1",
      },
      { source_asset_chain_id: "weft-evm-1", source_asset_denom: L2_INIT_EVM, dest_chain_id: "weft-evm-1" },
    ]);
    const summary = res.body.recommendation_entries.map((e: Json) =>
      e.recommendations.map((r: Json) => `${r.reason} ${r.asset.denom}`),
    );
    expect(summary[0].slice(0, 2)).toEqual([`DIRECT ${INIT_ON_WASM}`, `DIRECT ${L2_INIT_WASM}`]);
    expect(summary[1]).toEqual(["BASE_TOKEN uinit"]);
    expect(summary[2][0]).toBe(`DIRECT ${WRAPPED_INIT}`);
  });

  it("filters by reason, with an error on the entries left empty", async () => {
    const uinit = { source_asset_chain_id: "weft-devnet-1", source_asset_denom: "uinit" };
    const res = await recommend([
      { ...uinit, dest_chain_id: "weft-wasm-1", reason: "UNKNOWN" },
      { ...uinit, dest_chain_id: "weft-wasm-1", reason: "MOST_LIQUID" },
    ]);
    expect(res.status).toBe(200);
    const [unknown, liquid] = res.body.recommendation_entries;
    expect(unknown.recommendations.length).toBeGreaterThan(0);
    expect(unknown.recommendations.every((r: Json) => r.reason === "UNKNOWN")).toBe(true);
    expect(liquid).toEqual({
      recommendations: [],
      error: {
        message:
          "no MOST_LIQUID recommendation from uinit on weft-devnet-1 on weft-wasm-1 (Weft has no liquidity data); without reason: DIRECT, UNKNOWN",
      },
    });
  });

  it("answers 404 when no entry has a recommendation", async () => {
    expect(
      await recommend([
        {
          source_asset_chain_id: "weft-devnet-1",
          source_asset_denom: "uinit",
          dest_chain_id: "weft-devnet-1",
        },
      ]),
    ).toEqual({
      status: 404,
      body: {
        code: 5,
        message: "no recommendation found: uinit on weft-devnet-1 is the base token of weft-devnet-1 already",
        details: [
          {
            field: "body.requests.0",
            description: "uinit on weft-devnet-1 is the base token of weft-devnet-1 already",
          },
        ],
      },
    });
  });

  it("names the unknown chain or denom of the request at fault", async () => {
    const ok = {
      source_asset_chain_id: "weft-devnet-1",
      source_asset_denom: "uinit",
      dest_chain_id: "weft-wasm-1",
    };
    expect(await recommend([ok, { ...ok, dest_chain_id: "nosuch-1" }])).toEqual({
      status: 400,
      body: {
        code: 3,
        message:
          "Invalid requests.1.dest_chain_id: nosuch-1 is not in the registry (GET /v2/info/chains lists them)",
        details: [{ field: "body.requests.1.dest_chain_id", description: "unknown chain id nosuch-1" }],
      },
    });
    expect(await recommend([ok, { ...ok, source_asset_denom: "ufoo" }])).toEqual({
      status: 400,
      body: {
        code: 3,
        message:
          "Invalid requests.1.source_asset_denom: ufoo is not an asset of weft-devnet-1 (GET /v2/fungible/assets?chain_ids=weft-devnet-1 lists them)",
        details: [
          { field: "body.requests.1.source_asset_denom", description: "unknown denom on weft-devnet-1" },
        ],
      },
    });
    expect(await recommend([{ ...ok, source_asset_chain_id: "nosuch-1" }])).toEqual({
      status: 400,
      body: {
        code: 3,
        message:
          "Invalid requests.0.source_asset_chain_id: nosuch-1 is not in the registry (GET /v2/info/chains lists them)",
        details: [
          { field: "body.requests.0.source_asset_chain_id", description: "unknown chain id nosuch-1" },
        ],
      },
    });
    expect(await recommend([])).toEqual({
      status: 400,
      body: {
        code: 3,
        message: "invalid requests: must NOT have fewer than 1 items",
        details: [{ field: "body.requests", description: "must NOT have fewer than 1 items" }],
      },
    });
  });
});
