/**
 * POST /v2/fungible/assets_from_source: every asset a route reaches from the source, grouped by
 * chain, single-tx unless allow_multi_tx; each one agrees with /v2/fungible/route.
 */
import { describe, expect, it } from "vitest";
import { type Json, jsonCalls } from "../_test/json-call.js";
import { createTestApp, serveForTests } from "../_test/test-app.js";
import { useTestDatabase } from "../_test/test-database.js";
import { loadRegistry } from "./registry/load-registry.js";

const database = useTestDatabase();
const registry = loadRegistry("devnet");
const { post } = jsonCalls(serveForTests(() => createTestApp({ db: database().db, router: { registry } })));
const fromSource = (body: Record<string, unknown>) => post("/v2/fungible/assets_from_source", body);
const flat = (body: Json): Json[] =>
  Object.values(body.dest_assets as Record<string, { assets: Json[] }>).flatMap((c) => c.assets);

describe("POST /v2/fungible/assets_from_source", () => {
  it("lists what ATOM reaches in one tx, grouped by chain, each with a single-tx route", async () => {
    const res = await fromSource({ source_asset_denom: "uatom", source_asset_chain_id: "weft-cosmos-1" });
    expect(res.status).toBe(200);
    const assets = flat(res.body);
    for (const [chainId, { assets: list }] of Object.entries(
      res.body.dest_assets as Record<string, { assets: Json[] }>,
    ))
      for (const a of list) expect(a.chain_id).toBe(chainId);
    expect(assets.map((a) => `${a.chain_id} ${a.denom}`)).toContain(
      "weft-devnet-1 ibc/9117A26BA81E29FA4F78F57DC2BD90CD3D26848101BA880445F119B22A1E254E",
    );
    expect(assets.every((a) => a.origin_denom === "uatom")).toBe(true);
    for (const a of assets) {
      const route = await post("/v2/fungible/route", {
        source_asset_chain_id: "weft-cosmos-1",
        source_asset_denom: "uatom",
        dest_asset_chain_id: a.chain_id,
        dest_asset_denom: a.denom,
        amount_in: "1000000",
      });
      expect(route.status, `${a.chain_id} ${a.denom}`).toBe(200);
    }
  });

  it("allow_multi_tx adds the 2-tx destinations; native_only keeps natives only", async () => {
    // WETH on the EVM chain: one LayerZero send reaches the minievm rollup; beyond it, IBC needs a second tx.
    const source = {
      source_asset_denom: "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
      source_asset_chain_id: "31337",
    };
    const single = flat((await fromSource(source)).body);
    const multi = flat((await fromSource({ ...source, allow_multi_tx: true })).body);
    expect(single.map((a) => `${a.chain_id} ${a.denom}`)).toEqual([
      "weft-evm-1 evm/e1A2b3c4d5E6F708192a3b4C5d6E7f8091a2b3c4",
    ]);
    expect(multi.length).toBe(4);
    for (const a of single) expect(multi).toContainEqual(a);
    const natives = flat((await fromSource({ ...source, allow_multi_tx: true, native_only: true })).body);
    expect(natives).toEqual(single);
  });

  it("answers 400 naming the field for a source the registry does not list", async () => {
    expect(await fromSource({ source_asset_denom: "ufoo", source_asset_chain_id: "weft-cosmos-1" })).toEqual({
      status: 400,
      body: {
        code: 3,
        message:
          "Invalid source_asset_denom: ufoo is not an asset of weft-cosmos-1 (GET /v2/fungible/assets?chain_ids=weft-cosmos-1 lists them)",
        details: [{ field: "body.source_asset_denom", description: "unknown denom on weft-cosmos-1" }],
      },
    });
  });
});
