/** GET /v2/info/bridges lists the bridges the registry's connections give the route finder. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { jsonCalls } from "../_test/json-call.js";
import { createTestApp, serveForTests } from "../_test/test-app.js";
import { useTestDatabase } from "../_test/test-database.js";
import { bridgesInUse } from "./bridges.js";
import { loadRegistry } from "./registry/load-registry.js";
import { createRegistry } from "./registry/registry.js";
import { parseRegistryFile, type RegistryFile } from "./registry/registry-file.js";

const database = useTestDatabase();
const devnet = loadRegistry("devnet");
const { get } = jsonCalls(
  serveForTests(() => createTestApp({ db: database().db, router: { registry: devnet } })),
);

const devnetFile = (): RegistryFile =>
  parseRegistryFile(
    JSON.parse(readFileSync(new URL("../../registries/devnet.json", import.meta.url), "utf8")),
    "devnet",
  );

describe("GET /v2/info/bridges", () => {
  it("lists IBC, OPinit and LayerZero on the devnet registry, in Skip's shape", async () => {
    expect(await get("/v2/info/bridges")).toEqual({
      status: 200,
      body: {
        bridges: [
          { id: "IBC", name: "IBC", logo_uri: null },
          { id: "OPINIT", name: "OPinit Bridge", logo_uri: null },
          { id: "LAYER_ZERO", name: "LayerZero", logo_uri: null },
        ],
      },
    });
  });

  it("lists only what some route can take: no OPinit bridges and no LayerZero peers leave IBC", () => {
    const file = devnetFile();
    const ibcOnly = createRegistry({
      ...file,
      chains: file.chains.map(({ op_bridge: _op, layer_zero: _lz, ...c }) => c),
    });
    expect([...bridgesInUse(ibcOnly)]).toEqual(["IBC"]);
    const isolated = createRegistry({
      ...file,
      chains: file.chains.map(({ op_bridge: _op, ...c }) => ({ ...c, ibc_channels: [] })),
    });
    expect([...bridgesInUse(isolated)]).toEqual(["LAYER_ZERO"]);
  });
});
