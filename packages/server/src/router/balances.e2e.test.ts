/**
 * POST /v2/info/balances over HTTP against the local interchain: bank reads on the L1, the minievm
 * and the Cosmos chain, JSON-RPC reads on the EVM chain, balances that follow a transfer, a node
 * that hangs or is down (an error inside the 200), and the 400s. Response validation is on.
 */

import { createServer } from "node:net";
import {
  createWallet,
  EVM_L1,
  EVM_WRAPPER,
  type Interchain,
  startInterchain,
  type Wallet,
} from "@weft/devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { msgsRequestFor } from "../_test/msgs-request.js";
import { createTestApp, serveForTests } from "../_test/test-app.js";
import { useTestDatabase } from "../_test/test-database.js";
import { loadRegistry } from "./registry/load-registry.js";
import type { Registry } from "./registry/registry.js";

const L2_INIT_EVM = "l2/771d639f30fbe45e3fbca954ffbe2fcc26f915f5513c67a4a2d0bc1d635bdefd";
const WETH_EVM = "evm/e1A2b3c4d5E6F708192a3b4C5d6E7f8091a2b3c4";
const WETH_ETH = "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2";
/** Short, so the hanging-node test is quick; the default is BALANCE_NODE_TIMEOUT_MS. */
const TIMEOUT_MS = 400;

const database = useTestDatabase();
let net: Interchain;
let registry: Registry;
let downRegistry: Registry;
let alice: Wallet;
let hex: string;
/** A loopback URL nothing listens on (a port the OS gave out, then closed). */
let deadUrl: string;

async function closedPortUrl(): Promise<string> {
  const server = createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  alice = await createWallet("alice");
  hex = `0x${Buffer.from(alice.key.address).toString("hex")}`;
  net = await startInterchain({
    genesis: {
      "weft-devnet-1": { [alice.key.bech32("init")]: { uinit: 100_000_000n } },
      "weft-evm-1": {
        [alice.key.bech32("init")]: {
          [EVM_WRAPPER.localDenom]: 2_500_000_000_000_000_000n,
          [L2_INIT_EVM]: 3n,
        },
      },
      "weft-cosmos-1": { [alice.key.bech32("cosmos")]: { uatom: 42_000_000n } },
      [EVM_L1.chainId]: { [hex]: { [EVM_L1.nativeDenom]: 1_500_000_000_000_000_000n, [WETH_ETH]: 7n } },
    },
  });
  net.produce(1);
  registry = loadRegistry("devnet", { endpoints: net.urls });
  // weft-wasm-1's node is gone.
  deadUrl = await closedPortUrl();
  downRegistry = loadRegistry("devnet", { endpoints: { ...net.urls, "weft-wasm-1": deadUrl } });
}, 60_000);
afterAll(async () => net?.close());
const url = serveForTests(() =>
  createTestApp({ db: database().db, router: { registry, balanceTimeoutMs: TIMEOUT_MS } }),
);
const downUrl = serveForTests(() =>
  createTestApp({ db: database().db, router: { registry: downRegistry, balanceTimeoutMs: TIMEOUT_MS } }),
);

// biome-ignore lint/suspicious/noExplicitAny: wire bodies are asserted field by field.
type Json = any;
async function post(path: string, body: unknown, base = url()): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}
const balances = (chains: Record<string, unknown>, base?: string) =>
  post("/v2/info/balances", { chains }, base);

describe("POST /v2/info/balances", () => {
  it("denoms: [] reads every asset the registry lists for the chain, as InterwovenKit asks", async () => {
    const res = await balances({ "weft-devnet-1": { address: alice.key.bech32("init"), denoms: [] } });
    expect(res.status).toBe(200);
    const listed = registry
      .assets()
      .filter((a) => a.chain.chain_id === "weft-devnet-1")
      .map((a) => a.denom);
    const entry = res.body.chains["weft-devnet-1"];
    expect(entry.address).toBe(alice.key.bech32("init"));
    expect(Object.keys(entry.denoms)).toEqual(listed);
    expect(entry.denoms.uinit).toEqual({ amount: "100000000", formatted_amount: "100.000000", decimals: 6 });
    for (const denom of listed.filter((d) => d !== "uinit"))
      expect(entry.denoms[denom]).toMatchObject({ amount: "0", decimals: expect.any(Number) });
    expect(entry.error).toBeUndefined();
  });

  it("reads evm/ and l2/ denoms from the minievm rollup's bank, for the hex or bech32 form of the account", async () => {
    for (const address of [hex, alice.key.bech32("init")]) {
      const res = await balances({
        "weft-evm-1": { address, denoms: [EVM_WRAPPER.localDenom, L2_INIT_EVM, WETH_EVM] },
      });
      expect(res.status).toBe(200);
      expect(res.body.chains["weft-evm-1"]).toEqual({
        address,
        denoms: {
          [EVM_WRAPPER.localDenom]: {
            amount: "2500000000000000000",
            formatted_amount: "2.500000000000000000",
            decimals: 18,
          },
          [L2_INIT_EVM]: { amount: "3", formatted_amount: "0.000003", decimals: 6 },
          [WETH_EVM]: { amount: "0", formatted_amount: "0.000000000000000000", decimals: 18 },
        },
      });
    }
  });

  it("reads eth_getBalance and ERC-20 balanceOf over JSON-RPC on the chain_type evm chain", async () => {
    const res = await balances({ [EVM_L1.chainId]: { address: hex, denoms: [] } });
    expect(res.status).toBe(200);
    expect(res.body.chains[EVM_L1.chainId]).toEqual({
      address: hex,
      denoms: {
        [EVM_L1.nativeDenom]: {
          amount: "1500000000000000000",
          formatted_amount: "1.500000000000000000",
          decimals: 18,
        },
        [WETH_ETH]: { amount: "7", formatted_amount: "0.000000000000000007", decimals: 18 },
      },
    });
  });

  it("reads several chains at once; denoms the registry does not list are read without decimals", async () => {
    const res = await balances({
      "weft-cosmos-1": { address: alice.key.bech32("cosmos"), denoms: ["uatom", "ufoo"] },
      [EVM_L1.chainId]: { address: hex, denoms: ["not-a-token"] },
    });
    expect(res.status).toBe(200);
    expect(res.body.chains["weft-cosmos-1"].denoms).toEqual({
      uatom: { amount: "42000000", formatted_amount: "42.000000", decimals: 6 },
      ufoo: { amount: "0", formatted_amount: "0" },
    });
    expect(res.body.chains[EVM_L1.chainId]).toEqual({
      address: hex,
      denoms: {
        "not-a-token": {
          amount: "0",
          formatted_amount: "0",
          error: {
            message: `not-a-token is not an asset of ${EVM_L1.chainId}: EVM chains read their native asset and 0x ERC-20 contracts (GET /v2/fungible/assets?chain_ids=${EVM_L1.chainId} lists them)`,
          },
        },
      },
    });
  });

  it("follows the chain's state: a transfer moves what the next read returns", async () => {
    const amount = "1000000";
    const route = await post("/v2/fungible/route", {
      source_asset_chain_id: "weft-devnet-1",
      source_asset_denom: "uinit",
      dest_asset_chain_id: "weft-cosmos-1",
      dest_asset_denom: registry
        .assets()
        .find((a) => a.chain.chain_id === "weft-cosmos-1" && a.origin.denom === "uinit")?.denom,
      amount_in: amount,
    });
    expect(route.status).toBe(200);
    const dest = route.body.dest_asset_denom as string;
    const read = async () => {
      const res = await balances({
        "weft-devnet-1": { address: alice.key.bech32("init"), denoms: ["uinit"] },
        "weft-cosmos-1": { address: alice.key.bech32("cosmos"), denoms: [dest] },
      });
      return [
        res.body.chains["weft-devnet-1"].denoms.uinit.amount,
        res.body.chains["weft-cosmos-1"].denoms[dest].amount,
      ];
    };
    const [l1Before, cosmosBefore] = await read();
    const msgs = await post(
      "/v2/fungible/msgs",
      msgsRequestFor(route.body, [alice.key.bech32("init"), alice.key.bech32("cosmos")], {
        slippage_tolerance_percent: "1",
      }),
    );
    const tx = msgs.body.txs[0].cosmos_tx;
    const rest = net.urls["weft-devnet-1"] ?? "";
    const sent = await alice.broadcast(rest, await alice.sign(tx.chain_id, rest, tx.signer_address, tx.msgs));
    expect(sent.code).toBe(0);
    net.produce(4);
    const [l1After, cosmosAfter] = await read();
    expect(BigInt(l1Before) - BigInt(l1After)).toBe(BigInt(amount));
    expect(BigInt(cosmosAfter) - BigInt(cosmosBefore)).toBe(BigInt(amount));
  });

  it("a node that hangs costs its timeout and gives that chain's error inside a 200; the others are read", async () => {
    const cosmos = net.chains.get("weft-cosmos-1")?.node;
    if (!cosmos) throw new Error("no weft-cosmos-1 node");
    cosmos.faults.timeoutRate = 1;
    try {
      const start = performance.now();
      const res = await balances({
        "weft-devnet-1": { address: alice.key.bech32("init"), denoms: ["uinit"] },
        "weft-cosmos-1": { address: alice.key.bech32("cosmos"), denoms: [] },
      });
      const elapsed = performance.now() - start;
      expect(res.status).toBe(200);
      expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
      expect(elapsed).toBeLessThan(TIMEOUT_MS + 600);
      expect(res.body.chains["weft-devnet-1"].denoms.uinit.error).toBeUndefined();
      const base = net.urls["weft-cosmos-1"];
      const entry = res.body.chains["weft-cosmos-1"];
      expect(entry.error).toEqual({
        message: `bank balance of uatom on weft-cosmos-1 (${base}): no answer within ${TIMEOUT_MS} ms`,
      });
      expect(Object.keys(entry.denoms).length).toBeGreaterThan(1);
      for (const [denom, d] of Object.entries(entry.denoms as Record<string, Json>)) {
        expect(d).toMatchObject({
          amount: "0",
          error: {
            message: `bank balance of ${denom} on weft-cosmos-1 (${base}): no answer within ${TIMEOUT_MS} ms`,
          },
        });
      }
    } finally {
      cosmos.faults.timeoutRate = 0;
    }
  });

  it("a node that is down gives its error at once", async () => {
    const start = performance.now();
    const res = await balances(
      {
        "weft-wasm-1": { address: alice.key.bech32("init"), denoms: ["umin"] },
        "weft-devnet-1": { address: alice.key.bech32("init"), denoms: ["uinit"] },
      },
      downUrl(),
    );
    expect(performance.now() - start).toBeLessThan(TIMEOUT_MS);
    expect(res.status).toBe(200);
    const message = `bank balance of umin on weft-wasm-1 (${deadUrl}): connection refused`;
    expect(res.body.chains["weft-wasm-1"]).toEqual({
      address: alice.key.bech32("init"),
      error: { message },
      denoms: { umin: { amount: "0", formatted_amount: "0.000000", decimals: 6, error: { message } } },
    });
    expect(res.body.chains["weft-devnet-1"].denoms.uinit.amount).toMatch(/^[0-9]+$/);
  });

  it("answers 400 with the envelope naming an unknown chain, a foreign address, a malformed body", async () => {
    expect(await balances({ "nosuch-1": { address: "init1x", denoms: [] } })).toEqual({
      status: 400,
      body: {
        code: 3,
        message: "Invalid chain_id: nosuch-1 is not in the registry (GET /v2/info/chains lists them)",
        details: [{ field: "body.chains", description: "unknown chain id nosuch-1" }],
      },
    });
    expect(await balances({ "weft-cosmos-1": { address: alice.key.bech32("init") } })).toEqual({
      status: 400,
      body: {
        code: 3,
        message:
          "Invalid address for weft-cosmos-1: expected a bech32 address with prefix cosmos, got prefix init",
        details: [
          {
            field: "body.chains.weft-cosmos-1.address",
            description: "expected a bech32 address with prefix cosmos, got prefix init",
          },
        ],
      },
    });
    expect(await balances({ [EVM_L1.chainId]: { address: alice.key.bech32("init") } })).toMatchObject({
      status: 400,
      body: { code: 3, message: "Invalid address for 31337: expected a 0x-prefixed 20-byte hex address" },
    });
    expect(await post("/v2/info/balances", {})).toEqual({
      status: 400,
      body: {
        code: 3,
        message: "invalid chains: must have required property 'chains'",
        details: [{ field: "body.chains", description: "must have required property 'chains'" }],
      },
    });
    expect(await balances({ "weft-devnet-1": { address: hex, denoms: "uinit" } })).toEqual({
      status: 400,
      body: {
        code: 3,
        message: "invalid chains.weft-devnet-1.denoms: must be array",
        details: [{ field: "body.chains.weft-devnet-1.denoms", description: "must be array" }],
      },
    });
    expect((await post("/v2/info/balances", "{")).body).toMatchObject({
      code: 3,
      details: [{ field: "body" }],
    });
  });
});
