import { describe, expect, it } from "vitest";
import { loadRegistry } from "../registry/load-registry.js";
import type { AssetNode, Registry } from "../registry/registry.js";
import { findRoute, type RouteQuery } from "./find-route.js";
import { hopSource, hopTarget, txIndices } from "./hops.js";
import { amountsForIn, amountsForOut } from "./route-amounts.js";

const registry: Registry = loadRegistry("devnet");
const L2_INIT_WASM = "l2/2588fd87a8e081f6a557f43ff14f05dddf5e34cb27afcefd6eaf81f1daea30d0";
const WRAPPED_INIT = "evm/7A5b3c4D5E6F708192a3b4c5D6E7f80912a3b4c5";

function asset(chainId: string, denom: string) {
  const node = registry.asset(chainId, denom);
  if (!node) throw new Error(`no asset ${denom} on ${chainId}`);
  return node;
}
/** The denom of an asset as it arrives over IBC, found by its origin and chain. */
function ibcAsset(chainId: string, originDenom: string, hops: number) {
  const node = registry
    .assets()
    .find((a) => a.chain.chain_id === chainId && a.origin.denom === originDenom && a.trace.length === hops);
  if (!node) throw new Error(`no ibc ${originDenom} on ${chainId}`);
  return node;
}
/** A route as `kind:from->to[tx]` steps, readable in failures. */
function describeRoute(query: Partial<RouteQuery> & Pick<RouteQuery, "source" | "destination">) {
  const found = findRoute(registry, { allowMultiTx: true, ...query });
  if (!found) return undefined;
  const tx = txIndices(found.hops);
  return {
    steps: found.hops.map(
      (h, i) => `${h.kind}:${hopSource(h).chain.chain_id}->${hopTarget(h).chain.chain_id}[${tx[i]}]`,
    ),
    txs: found.txsRequired,
    seconds: found.seconds,
  };
}

describe("findRoute on the devnet registry", () => {
  it("derives IBC denoms with the ICS-20 hash of the receiving channel", () => {
    // uinit sent from weft-devnet-1 channel-1 arrives on weft-wasm-1 over its channel-0.
    expect(ibcAsset("weft-wasm-1", "uinit", 1).denom).toBe(
      "ibc/37A3FB4FED4CA04ED6D9E5DA36C6D27248645F0E22F585576A1488B8A89C5A50",
    );
  });

  it("sends one IBC hop", () => {
    const route = describeRoute({
      source: asset("weft-devnet-1", "uinit"),
      destination: ibcAsset("weft-wasm-1", "uinit", 1),
    });
    expect(route).toEqual({ steps: ["ibc:weft-devnet-1->weft-wasm-1[0]"], txs: 1, seconds: 12 });
  });

  it("forwards two IBC hops in one tx through a PFM chain", () => {
    const route = describeRoute({
      source: asset("weft-cosmos-1", "uatom"),
      destination: ibcAsset("weft-wasm-1", "uatom", 2),
    });
    expect(route).toEqual({
      steps: ["ibc:weft-cosmos-1->weft-devnet-1[0]", "ibc:weft-devnet-1->weft-wasm-1[0]"],
      txs: 1,
      seconds: 24,
    });
  });

  it("unwinds to the origin before forwarding", () => {
    const route = describeRoute({
      source: ibcAsset("weft-wasm-1", "uatom", 2),
      destination: asset("weft-cosmos-1", "uatom"),
    });
    expect(route?.steps).toEqual([
      "ibc:weft-wasm-1->weft-devnet-1[0]",
      "ibc:weft-devnet-1->weft-cosmos-1[0]",
    ]);
    const sideways = describeRoute({
      source: ibcAsset("weft-wasm-1", "uinit", 1),
      destination: ibcAsset("weft-cosmos-1", "uinit", 1),
    });
    expect(sideways?.steps).toEqual([
      "ibc:weft-wasm-1->weft-devnet-1[0]",
      "ibc:weft-devnet-1->weft-cosmos-1[0]",
    ]);
  });

  it("deposits over OPinit, with the wrapper hook for the ERC-20", () => {
    expect(
      describeRoute({
        source: asset("weft-devnet-1", "uinit"),
        destination: asset("weft-wasm-1", L2_INIT_WASM),
      }),
    ).toEqual({
      steps: ["op_deposit:weft-devnet-1->weft-wasm-1[0]"],
      txs: 1,
      seconds: 20,
    });
    const found = findRoute(registry, {
      source: asset("weft-devnet-1", "uinit"),
      destination: asset("weft-evm-1", WRAPPED_INIT),
      allowMultiTx: false,
    });
    expect(found?.hops).toHaveLength(1);
    expect(found?.hops[0]).toMatchObject({ kind: "op_deposit", wrapTo: { denom: WRAPPED_INIT } });
    const amounts = amountsForIn(found?.hops ?? [], 1_000_000n);
    expect(amounts).toMatchObject({
      ok: true,
      amountOut: 1_000_000_000_000_000_000n,
      hops: [{ amountIn: 1_000_000n, amountOut: 1_000_000n }],
    });
  });

  it("withdraws over OPinit, unwrapping the ERC-20 first", () => {
    expect(
      describeRoute({
        source: asset("weft-wasm-1", L2_INIT_WASM),
        destination: asset("weft-devnet-1", "uinit"),
      }),
    ).toEqual({
      steps: ["op_withdraw:weft-wasm-1->weft-devnet-1[0]"],
      txs: 1,
      seconds: 600,
    });
    const found = findRoute(registry, {
      source: asset("weft-evm-1", WRAPPED_INIT),
      destination: asset("weft-devnet-1", "uinit"),
      allowMultiTx: false,
    });
    expect(found?.hops[0]).toMatchObject({ kind: "op_withdraw", unwrapFrom: { denom: WRAPPED_INIT } });
    expect(amountsForOut(found?.hops ?? [], 5n)).toMatchObject({ ok: true, amountIn: 5_000_000_000_000n });
    expect(amountsForIn(found?.hops ?? [], 5_000_000_000_001n)).toEqual({
      ok: false,
      message:
        "amount 5000000000001 cannot be converted by the wrapper: it must be a multiple of 1000000000000",
    });
  });

  it("never uses an OPinit withdrawal when is_op_withdraw is false, and requires one when true", () => {
    const query = {
      source: asset("weft-wasm-1", L2_INIT_WASM),
      destination: asset("weft-devnet-1", "uinit"),
    };
    expect(describeRoute({ ...query, opWithdraw: false })).toBeUndefined();
    expect(describeRoute({ ...query, opWithdraw: true })?.steps).toEqual([
      "op_withdraw:weft-wasm-1->weft-devnet-1[0]",
    ]);
    expect(
      describeRoute({
        source: asset("weft-devnet-1", "uinit"),
        destination: ibcAsset("weft-wasm-1", "uinit", 1),
        opWithdraw: true,
      }),
    ).toBeUndefined();
  });

  it("sends over LayerZero from an EVM chain, dropping dust below the shared decimals", () => {
    const source = asset("31337", "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2");
    const destination = asset("weft-evm-1", "evm/e1A2b3c4d5E6F708192a3b4C5d6E7f8091a2b3c4");
    const found = findRoute(registry, { source, destination, allowMultiTx: false });
    expect(found?.hops.map((h) => h.kind)).toEqual(["layer_zero"]);
    expect(amountsForIn(found?.hops ?? [], 1_000_000_000_000_123n)).toEqual({
      ok: true,
      amountIn: 1_000_000_000_000_123n,
      amountOut: 1_000_000_000_000_000n,
      hops: [{ amountIn: 1_000_000_000_000_000n, amountOut: 1_000_000_000_000_000n }],
      warnings: [
        "123 base units below the precision of the WETH OFT (6 shared decimals) stay in the sender's wallet",
      ],
    });
  });

  it("counts a tx per bridge and needs allow_multi_tx for more than one", () => {
    const source = asset("31337", "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2");
    const weth = asset("weft-evm-1", "evm/e1A2b3c4d5E6F708192a3b4C5d6E7f8091a2b3c4");
    const destination = weth.children.find((c) => c.chain.chain_id === "weft-devnet-1");
    if (!destination) throw new Error("WETH has no IBC denom on the L1");
    expect(describeRoute({ source, destination })).toEqual({
      steps: ["layer_zero:31337->weft-evm-1[0]", "ibc:weft-evm-1->weft-devnet-1[1]"],
      txs: 2,
      seconds: 192,
    });
    expect(findRoute(registry, { source, destination, allowMultiTx: false })).toBeUndefined();
  });

  it("finds nothing between unrelated assets, or over excluded bridges", () => {
    expect(
      describeRoute({ source: asset("weft-wasm-1", "umin"), destination: asset("weft-cosmos-1", "uatom") }),
    ).toBeUndefined();
    const ibcOnly = new Set(["IBC"]);
    expect(
      describeRoute({
        source: asset("weft-devnet-1", "uinit"),
        destination: asset("weft-wasm-1", L2_INIT_WASM),
        bridges: ibcOnly,
      }),
    ).toBeUndefined();
  });

  it("converts a rollup's l2 coin and its wrapped ERC-20 in place, unless is_op_withdraw asks for OPinit", () => {
    const l2 = registry
      .assets()
      .find((a) => a.chain.chain_id === "weft-evm-1" && a.arrival.kind === "op") as AssetNode;
    const wrapped = asset("weft-evm-1", WRAPPED_INIT);
    for (const [source, destination] of [
      [l2, wrapped],
      [wrapped, l2],
    ] as const) {
      // No bridge is crossed, so a bridge filter does not exclude it.
      expect(describeRoute({ source, destination, bridges: new Set(["IBC"]) })).toEqual({
        steps: ["wrap:weft-evm-1->weft-evm-1[0]"],
        txs: 1,
        seconds: 1,
      });
      expect(describeRoute({ source, destination, opWithdraw: true })?.steps).toEqual([
        "op_withdraw:weft-evm-1->weft-devnet-1[0]",
        "op_deposit:weft-devnet-1->weft-evm-1[1]",
      ]);
    }
    const wrap = findRoute(registry, { source: l2, destination: wrapped, allowMultiTx: false })?.hops ?? [];
    expect(amountsForIn(wrap, 1_500_000n)).toMatchObject({ ok: true, amountOut: 1_500_000_000_000_000_000n });
    const unwrap = findRoute(registry, { source: wrapped, destination: l2, allowMultiTx: false })?.hops ?? [];
    // ERC20Wrapper.toRemote reverts on dust, so the route refuses it rather than build a failing tx.
    expect(amountsForIn(unwrap, 1_500_000_000_000_000_001n)).toEqual({
      ok: false,
      message:
        "amount 1500000000000000001 cannot be converted by the wrapper: it must be a multiple of 1000000000000",
    });
    // A wrap is only a whole route: the ERC-20 on another chain goes through OPinit as before.
    expect(describeRoute({ source: asset("weft-devnet-1", "uinit"), destination: wrapped })?.steps).toEqual([
      "op_deposit:weft-devnet-1->weft-evm-1[0]",
    ]);
  });
});
