/**
 * POST /v2/fungible/assets_between_chains: the pairs the route finder connects, each agreeing with
 * what /v2/fungible/route answers for it; allow_multi_tx and include_evm_assets honoured.
 */
import { describe, expect, it } from "vitest";
import { type Json, jsonCalls } from "../_test/json-call.js";
import { createTestApp, serveForTests } from "../_test/test-app.js";
import { useTestDatabase } from "../_test/test-database.js";
import { assetJson } from "./asset-json.js";
import { loadRegistry } from "./registry/load-registry.js";
import type { AssetNode } from "./registry/registry.js";

const database = useTestDatabase();
const registry = loadRegistry("devnet");
const { post } = jsonCalls(serveForTests(() => createTestApp({ db: database().db, router: { registry } })));
const between = (body: Record<string, unknown>) => post("/v2/fungible/assets_between_chains", body);
const routeFor = (pair: Json, allowMultiTx: boolean) =>
  post("/v2/fungible/route", {
    source_asset_chain_id: pair.asset_on_source.chain_id,
    source_asset_denom: pair.asset_on_source.denom,
    dest_asset_chain_id: pair.asset_on_dest.chain_id,
    dest_asset_denom: pair.asset_on_dest.denom,
    amount_in: "1000000000000",
    allow_multi_tx: allowMultiTx,
  });

describe("POST /v2/fungible/assets_between_chains", () => {
  it("pairs each source asset with what a single-tx route delivers it as", async () => {
    const res = await between({ source_chain_id: "weft-cosmos-1", dest_chain_id: "weft-devnet-1" });
    expect(res.status).toBe(200);
    const pairs = res.body.assets_between_chains as Json[];
    expect(pairs).toContainEqual({
      asset_on_source: assetJson(registry.asset("weft-cosmos-1", "uatom") as AssetNode),
      asset_on_dest: assetJson(
        registry.asset(
          "weft-devnet-1",
          "ibc/9117A26BA81E29FA4F78F57DC2BD90CD3D26848101BA880445F119B22A1E254E",
        ) as AssetNode,
      ),
      txs_required: 1,
      bridges: ["IBC"],
    });
    expect(pairs.length).toBe(6);
    for (const pair of pairs) {
      expect(pair.txs_required).toBe(1);
      const route = await routeFor(pair, false);
      expect(route.status, JSON.stringify(pair)).toBe(200);
      expect(route.body.txs_required).toBe(1);
    }
  });

  it("with allow_multi_tx adds the pairs that need 2 txs, which the single-tx route refuses", async () => {
    const single = (await between({ source_chain_id: "weft-evm-1", dest_chain_id: "weft-wasm-1" })).body
      .assets_between_chains as Json[];
    const multi = (
      await between({ source_chain_id: "weft-evm-1", dest_chain_id: "weft-wasm-1", allow_multi_tx: true })
    ).body.assets_between_chains as Json[];
    const twoTx = multi.filter((p) => p.txs_required > 1);
    expect(single.length).toBe(6);
    expect(twoTx.length).toBe(9);
    expect(multi.filter((p) => p.txs_required === 1)).toEqual(single);
    for (const pair of twoTx) {
      expect((await routeFor(pair, false)).status).toBe(404);
      const route = await routeFor(pair, true);
      expect(route.body.txs_required).toBe(pair.txs_required);
      expect(pair.bridges.length).toBeGreaterThan(0);
    }
  });

  it("leaves EVM-chain assets out unless include_evm_assets, as Skip does; LayerZero pairs then appear", async () => {
    const body = { source_chain_id: "weft-evm-1", dest_chain_id: "31337" };
    expect((await between(body)).body).toEqual({ assets_between_chains: [] });
    const withEvm = (await between({ ...body, include_evm_assets: true })).body
      .assets_between_chains as Json[];
    expect(
      withEvm.map((p) => [p.asset_on_source.denom, p.asset_on_dest.denom, p.txs_required, p.bridges]),
    ).toEqual([
      [
        "evm/e1A2b3c4d5E6F708192a3b4C5d6E7f8091a2b3c4",
        "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
        1,
        ["LAYER_ZERO"],
      ],
    ]);
  });

  it("answers Skip's 404 naming the unknown chain, and 400 for a malformed body", async () => {
    expect(await between({ source_chain_id: "weft-cosmos-1", dest_chain_id: "nosuch-1" })).toEqual({
      status: 404,
      body: {
        code: 5,
        message: "dest chain not found: nosuch-1 is not in the registry (GET /v2/info/chains lists them)",
        details: [{ field: "body.dest_chain_id", description: "unknown chain id nosuch-1" }],
      },
    });
    expect(await between({ dest_chain_id: "weft-cosmos-1" })).toEqual({
      status: 400,
      body: {
        code: 3,
        message: "invalid source_chain_id: must have required property 'source_chain_id'",
        details: [
          { field: "body.source_chain_id", description: "must have required property 'source_chain_id'" },
        ],
      },
    });
  });
});
