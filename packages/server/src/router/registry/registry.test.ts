import { describe, expect, it } from "vitest";
import { findNftPath } from "../nft/nft-path.js";
import { findRoute } from "../route/find-route.js";
import { loadRegistry } from "./load-registry.js";
import { parseRegistryFile, RegistryError } from "./registry-file.js";

describe("registries", () => {
  it("derives the OPinit denoms the public Initia testnet registry lists", () => {
    const registry = loadRegistry("initia-testnet");
    // initia-registry@72efa3c testnets/{evm,move,wasm}/assetlist.json (bridge ids 1459, 1458, 1457).
    expect(
      registry.asset("evm-1", "l2/22f29f9e38a602c229cf6f3e8673dfd49c2f86cb83249513f436ff35ea317cca")?.origin,
    ).toEqual({ chainId: "initiation-2", denom: "uinit" });
    expect(
      registry.asset("move-1", "l2/07b129ceb9c4b0bdef7db171ce1e22f90d34bc930058b23e21adf8cc938d8145"),
    ).toBeDefined();
    expect(
      registry.asset("wasm-1", "l2/8b3e1fc559b327a35335e3f26ff657eaee5ff8486ccd3c1bc59007a93cf23156"),
    ).toBeDefined();
    const source = registry.asset("initiation-2", "uinit");
    const destination = registry.asset("evm-1", "evm/2eE7007DF876084d4C74685e90bB7f4cd7c86e22");
    if (!source || !destination) throw new Error("assets missing");
    expect(findRoute(registry, { source, destination, allowMultiTx: false })?.hops).toMatchObject([
      { kind: "op_deposit", bridgeId: "1459", wrapTo: { denom: destination.denom } },
    ]);
  });

  it("refuses a registry with every problem listed", () => {
    const broken = {
      name: "broken",
      chains: [
        {
          chain_id: "a-1",
          chain_name: "a",
          pretty_name: "A",
          chain_type: "initia",
          bech32_prefix: "init",
          ibc_channels: [{ chain_id: "b-1", port_id: "transfer", channel_id: "channel-0" }],
          assets: [],
          fee_assets: [],
        },
        {
          chain_id: "c-1",
          chain_name: "c",
          pretty_name: "C",
          chain_type: "minievm",
          bech32_prefix: "",
          ibc_channels: [],
          assets: [],
          fee_assets: [],
          op_bridge: { bridge_id: "x", l1_chain_id: "z-1", op_denoms: [] },
        },
      ],
    };
    expect(() => parseRegistryFile(broken, "broken.json")).toThrow(RegistryError);
    try {
      parseRegistryFile(broken, "broken.json");
    } catch (err) {
      expect((err as RegistryError).problems).toEqual([
        "chains[1] (c-1).bech32_prefix: expected the chain's bech32 account prefix",
        "a-1: ibc channel channel-0 leads to unknown chain b-1",
        "c-1: op_bridge.l1_chain_id must name an initia chain",
        "c-1: op_bridge.bridge_id must be a uint64 string",
      ]);
    }
  });

  it("pairs ICS-721 channels by version, whatever port each end has, and checks the port", () => {
    const chain = (id: string, type: string, channels: Record<string, string>[]) => ({
      chain_id: id,
      chain_name: id,
      pretty_name: id,
      chain_type: type,
      bech32_prefix: "init",
      ibc_channels: channels,
      assets: [],
      fee_assets: [],
    });
    const nft = { version: "ics721-1" };
    const file = (l1Port: string, wasmVersion?: string) => ({
      name: "nft",
      chains: [
        chain("l1-1", "initia", [{ chain_id: "w-1", port_id: l1Port, channel_id: "channel-0", ...nft }]),
        chain("w-1", "miniwasm", [
          {
            chain_id: "l1-1",
            port_id: "wasm.init1ics",
            channel_id: "channel-0",
            ...(wasmVersion ? { version: wasmVersion } : {}),
          },
        ]),
      ],
    });
    expect(parseRegistryFile(file("nft-transfer", "ics721-1"), "nft.json").chains).toHaveLength(2);
    expect(() => parseRegistryFile(file("transfer", "ics721-1"), "nft.json")).toThrow(
      "l1-1: ics721 channel channel-0 must be on port nft-transfer or wasm.<ics721 contract>, not transfer",
    );
    // An ICS-20 end cannot be the other end of an ICS-721 channel.
    expect(() => parseRegistryFile(file("nft-transfer"), "nft.json")).toThrow(
      "l1-1: ibc channel channel-0 has no counterparty entry on w-1",
    );
  });

  it("routes the public testnet's NFTs over its ICS-721 channels, rollup to rollup through the L1", () => {
    const registry = loadRegistry("initia-testnet");
    const chain = (id: string) => registry.chain(id) as NonNullable<ReturnType<typeof registry.chain>>;
    // initia-registry testnets/{initia,evm,move,wasm}/chain.json: ibc_channels with version ics721-1.
    expect(findNftPath(registry, chain("evm-1"), chain("wasm-1"))).toMatchObject({
      kind: "via_l1",
      first: { port: "nft-transfer", channel: "channel-1", counterpartyChannel: "channel-3078" },
      second: {
        port: "nft-transfer",
        channel: "channel-3074",
        counterpartyPort: "wasm.init1wug8sewp6cedgkmrmvhl3lf3tulagm9hnvy8p0rppz9yjw0g4wtq7947m6",
        counterpartyChannel: "channel-1",
      },
    });
    expect(findNftPath(registry, chain("initiation-2"), chain("move-1"))).toMatchObject({
      kind: "direct",
      hop: { channel: "channel-3076", counterpartyChannel: "channel-1" },
    });
  });
});
