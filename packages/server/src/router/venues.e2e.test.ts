/**
 * GET /v2/fungible/venues: the venue a route's `evm_swap` names, once per chain whose ERC20Wrapper
 * converts some registry asset, and nothing a registry does not convert.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { L2_INIT_EVM, WRAPPED_INIT } from "../_test/devnet-assets.js";
import { type Json, jsonCalls } from "../_test/json-call.js";
import { createTestApp, serveForTests } from "../_test/test-app.js";
import { useTestDatabase } from "../_test/test-database.js";
import { loadRegistry } from "./registry/load-registry.js";
import { createRegistry } from "./registry/registry.js";
import { parseRegistryFile, type RegistryFile } from "./registry/registry-file.js";
import { wrapperChains } from "./venues.js";

const database = useTestDatabase();
const registry = loadRegistry("devnet");
const { get, post } = jsonCalls(
  serveForTests(() => createTestApp({ db: database().db, router: { registry } })),
);

describe("GET /v2/fungible/venues", () => {
  it("lists the venue the wrapper conversion's evm_swap names, and only it", async () => {
    const route = await post("/v2/fungible/route", {
      source_asset_chain_id: "weft-evm-1",
      source_asset_denom: L2_INIT_EVM,
      dest_asset_chain_id: "weft-evm-1",
      dest_asset_denom: WRAPPED_INIT,
      amount_in: "1000000",
    });
    const swap = route.body.operations[0].evm_swap;
    expect(swap.swap_venues).toHaveLength(1);
    const venues = await get("/v2/fungible/venues");
    expect(venues).toEqual({ status: 200, body: { venues: swap.swap_venues } });
    expect(venues.body.venues).toEqual([
      { name: "minievm-erc20-wrapper", chain_id: "weft-evm-1", logo_uri: "" },
    ]);
  });

  it("filters by is_testnet (every devnet chain is a testnet) and refuses a flag that is not boolean", async () => {
    expect((await get("/v2/fungible/venues?only_testnets=true")).body.venues).toHaveLength(1);
    expect((await get("/v2/fungible/venues?only_testnets=false")).body).toEqual({ venues: [] });
    expect(await get("/v2/fungible/venues?only_testnets=maybe")).toEqual({
      status: 400,
      body: {
        code: 3,
        message: "invalid only_testnets: must be boolean",
        details: [{ field: "query.only_testnets", description: "must be boolean" }],
      },
    });
  });
});

describe("wrapperChains (the registry's venues)", () => {
  const devnetFile = (): RegistryFile =>
    JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../registries/devnet.json"), "utf8"));
  const chainsOf = (file: RegistryFile) =>
    wrapperChains(createRegistry(parseRegistryFile(file, "test"))).map((c) => c.chain_id);

  it("lists a chain whose wrapper converts a deposited coin", () => {
    expect(chainsOf(devnetFile())).toEqual(["weft-evm-1"]);
  });

  it("lists no chain whose wrapper converts nothing (no wrapped asset in the registry)", () => {
    const file = devnetFile();
    const evm = file.chains.find((c) => c.chain_id === "weft-evm-1") as Json;
    expect(evm.erc20_wrapper).toBeDefined();
    evm.assets = evm.assets.filter((a: Json) => !a.wraps);
    expect(chainsOf(file)).toEqual([]);
  });
});
