/** POST /v2/fungible/ibc_origin_assets answers each asset's origin from the registry graph, in order. */
import { describe, expect, it } from "vitest";
import { jsonCalls } from "../_test/json-call.js";
import { createTestApp, serveForTests } from "../_test/test-app.js";
import { useTestDatabase } from "../_test/test-database.js";
import { assetJson } from "./asset-json.js";
import { loadRegistry } from "./registry/load-registry.js";
import type { AssetNode } from "./registry/registry.js";

const database = useTestDatabase();
const registry = loadRegistry("devnet");
const { post } = jsonCalls(serveForTests(() => createTestApp({ db: database().db, router: { registry } })));
const asset = (chainId: string, denom: string) => assetJson(registry.asset(chainId, denom) as AssetNode);

describe("POST /v2/fungible/ibc_origin_assets", () => {
  it("follows IBC traces, OPinit deposits and the wrapper back to the issuing chain; unknown assets are not found", async () => {
    const res = await post("/v2/fungible/ibc_origin_assets", {
      assets: [
        {
          denom: "ibc/9117A26BA81E29FA4F78F57DC2BD90CD3D26848101BA880445F119B22A1E254E",
          chain_id: "weft-devnet-1",
        },
        {
          denom: "l2/771d639f30fbe45e3fbca954ffbe2fcc26f915f5513c67a4a2d0bc1d635bdefd",
          chain_id: "weft-evm-1",
        },
        { denom: "evm/7A5b3c4D5E6F708192a3b4c5D6E7f80912a3b4c5", chain_id: "weft-evm-1" },
        // uinit over two IBC hops (L1 -> Cosmos -> Wasm through PFM).
        {
          denom: "ibc/4DB2EC737E19DC641080942C9121D0A71EE857923713DF2A15D000A1B442E6FC",
          chain_id: "weft-wasm-1",
        },
        { denom: "umin", chain_id: "weft-wasm-1" },
        {
          denom: "ibc/0000000000000000000000000000000000000000000000000000000000000000",
          chain_id: "weft-devnet-1",
        },
        { denom: "uinit", chain_id: "nosuch-1" },
      ],
    });
    expect(res).toEqual({
      status: 200,
      body: {
        origin_assets: [
          { asset: asset("weft-cosmos-1", "uatom"), asset_found: true },
          { asset: asset("weft-devnet-1", "uinit"), asset_found: true },
          { asset: asset("weft-devnet-1", "uinit"), asset_found: true },
          { asset: asset("weft-devnet-1", "uinit"), asset_found: true },
          { asset: asset("weft-wasm-1", "umin"), asset_found: true },
          { asset_found: false },
          { asset_found: false },
        ],
      },
    });
  });

  it("answers 400 with the envelope when an entry lacks its chain", async () => {
    expect(await post("/v2/fungible/ibc_origin_assets", { assets: [{ denom: "uinit" }] })).toEqual({
      status: 400,
      body: {
        code: 3,
        message: "invalid assets.0.chain_id: must have required property 'chain_id'",
        details: [{ field: "body.assets.0.chain_id", description: "must have required property 'chain_id'" }],
      },
    });
  });
});
