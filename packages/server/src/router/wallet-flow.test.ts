/**
 * The Initia wallet's whole bridge flow, over HTTP, for every single-tx Initia pair of the devnet
 * registry whose source asset can be funded at genesis (_test/wallet-pairs.ts): chains -> assets ->
 * balances -> route -> op-hook where required -> msgs -> sign (the Cosmos signer on every chain
 * served as `cosmos`, an EVM key only on `chain_type: "evm"`) -> broadcast -> track -> status, each
 * pair with its own wallet so all run at once; blocks are produced on demand between tracker ticks.
 */
import { createWallet, type Interchain, startInterchain, type Wallet } from "@weft/devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, jsonCalls } from "../_test/json-call.js";
import { createTestApp, serveForTests } from "../_test/test-app.js";
import { useTestDatabase } from "../_test/test-database.js";
import { trackAllToEnd } from "../_test/track-to-end.js";
import { fundedAtGenesis, type WalletPair, walletPairs } from "../_test/wallet-pairs.js";
import { loadRegistry } from "./registry/load-registry.js";
import type { Registry } from "./registry/registry.js";

const database = useTestDatabase();
const pairs = walletPairs(loadRegistry("devnet")).filter((p) => fundedAtGenesis(p.source));
/** 1/100 of a whole token: a multiple of every decimals conversion on the devnet's paths. */
const amountOf = (decimals: number) => 10n ** BigInt(Math.max(decimals - 2, 0));
const decimalsOf = (p: WalletPair) => p.source.meta.decimals ?? 6;
let net: Interchain;
let registry: Registry;
let wallets: Wallet[];

beforeAll(async () => {
  wallets = await Promise.all(pairs.map((_, i) => createWallet(`wallet-flow-${i}`)));
  const genesis: Record<string, Record<string, Record<string, bigint>>> = {
    // The L1 escrows of both OPinit bridges hold what earlier deposits locked.
    "weft-devnet-1": { "escrow/opinit/1": { uinit: 10n ** 12n }, "escrow/opinit/2": { uinit: 10n ** 12n } },
  };
  pairs.forEach((p, i) => {
    genesis[p.source.chain.chain_id] ??= {};
    const chain = genesis[p.source.chain.chain_id] as Record<string, Record<string, bigint>>;
    chain[(wallets[i] as Wallet).key.bech32("init")] = { [p.source.denom]: 10n * amountOf(decimalsOf(p)) };
  });
  net = await startInterchain({ genesis, withdrawalDelayBlocks: 1 });
  net.produce(1);
  registry = loadRegistry("devnet", { endpoints: net.urls });
}, 60_000);
afterAll(async () => net?.close());
const url = serveForTests(() => createTestApp({ db: database().db, router: { registry } }));
const { get, post: call, postOk: post } = jsonCalls(url);

/** One denom's balance as the wallet reads it: POST /v2/info/balances. */
async function balanceOf(chainId: string, address: string, denom: string): Promise<bigint> {
  const body = await post("/v2/info/balances", { chains: { [chainId]: { address, denoms: [denom] } } });
  const entry = body.chains[chainId].denoms[denom];
  if (!entry || entry.error) throw new Error(`balance of ${denom} on ${chainId}: ${JSON.stringify(entry)}`);
  return BigInt(entry.amount);
}

interface Sent {
  pair: WalletPair;
  address: string;
  route: Json;
  chainId: string;
  hash: string;
  sourceBefore: bigint;
  destBefore: bigint;
}

/** chains, assets -> balances -> route -> op-hook -> msgs -> sign -> broadcast -> track. */
async function send(pair: WalletPair, wallet: Wallet, chains: Json, assets: Json): Promise<Sent | undefined> {
  const { source, dest, opWithdraw } = pair;
  const address = wallet.key.bech32("init");
  for (const a of [source, dest]) {
    expect(chains.find((c: Json) => c.chain_id === a.chain.chain_id)?.chain_type).toBe("cosmos");
    expect(assets[a.chain.chain_id].assets.map((x: Json) => x.denom)).toContain(a.denom);
  }
  const route = await call("/v2/fungible/route", {
    source_asset_chain_id: source.chain.chain_id,
    source_asset_denom: source.denom,
    dest_asset_chain_id: dest.chain.chain_id,
    dest_asset_denom: dest.denom,
    amount_in: amountOf(decimalsOf(pair)).toString(),
    ...(opWithdraw ? { is_op_withdraw: true } : {}),
  });
  if (route.status !== 200 || route.body.txs_required !== 1) return undefined;
  const sourceBefore = await balanceOf(source.chain.chain_id, address, source.denom);
  const destBefore = await balanceOf(dest.chain.chain_id, address, dest.denom);
  let signed_op_hook: { signer: string; hook: string } | undefined;
  if (route.body.required_op_hook) {
    const h = await post("/op-hook", {
      source_address: address,
      source_asset_chain_id: source.chain.chain_id,
      source_asset_denom: source.denom,
      dest_address: address,
      dest_asset_chain_id: dest.chain.chain_id,
      dest_asset_denom: dest.denom,
    });
    const raw = await wallet.sign(h.chain_id, net.urls[h.chain_id] ?? "", address, h.hook);
    signed_op_hook = { signer: address, hook: Buffer.from(raw).toString("base64") };
  }
  const msgs = await post("/v2/fungible/msgs", {
    source_asset_denom: source.denom,
    source_asset_chain_id: source.chain.chain_id,
    dest_asset_denom: dest.denom,
    dest_asset_chain_id: dest.chain.chain_id,
    amount_in: route.body.amount_in,
    amount_out: route.body.amount_out,
    address_list: route.body.required_chain_addresses.map(() => address),
    operations: route.body.operations,
    slippage_tolerance_percent: "1",
    ...(signed_op_hook ? { signed_op_hook } : {}),
  });
  expect(msgs.txs).toHaveLength(1);
  const [tx] = msgs.txs;
  // The wallet's rule: the Cosmos signer on chains served as cosmos, an EVM key only on evm ones.
  const servedType = chains.find((c: Json) => c.chain_id === source.chain.chain_id)?.chain_type;
  expect(Object.keys(tx).filter((k) => k !== "operations_indices")).toEqual([
    servedType === "evm" ? "evm_tx" : "cosmos_tx",
  ]);
  const cosmos = tx.cosmos_tx;
  const rest = net.urls[cosmos.chain_id] ?? "";
  const result = await wallet.broadcast(
    rest,
    await wallet.sign(cosmos.chain_id, rest, cosmos.signer_address, cosmos.msgs),
  );
  expect(result.code, result.raw_log).toBe(0);
  const tracked = await post("/v2/tx/track", { tx_hash: result.txhash, chain_id: cosmos.chain_id });
  return {
    pair,
    address,
    route: route.body,
    chainId: cosmos.chain_id,
    hash: tracked.tx_hash,
    sourceBefore,
    destBefore,
  };
}

describe("the wallet's whole flow over every single-tx Initia pair of the devnet registry", () => {
  it("each transfer is STATE_COMPLETED and the destination balance rises by amount_out", async () => {
    const chains = (await get("/v2/info/chains")).body.chains;
    const assets = (await get("/v2/fungible/assets")).body.chain_to_assets_map;
    const sent = (
      await Promise.all(pairs.map((p, i) => send(p, wallets[i] as Wallet, chains, assets)))
    ).filter((s): s is Sent => s !== undefined);
    const tracked = await trackAllToEnd({
      db: database().db,
      registry,
      net,
      get,
      txs: sent.map((s) => ({ chain_id: s.chainId, tx_hash: s.hash })),
    });
    const statuses = new Map(sent.map((s, i) => [s, tracked[i]]));
    const outcome = await Promise.all(
      sent.map(async (s) => {
        const { source, dest } = s.pair;
        const label = `${source.chain.chain_id} ${source.denom} -> ${dest.chain.chain_id} ${dest.denom}${s.pair.opWithdraw ? " (is_op_withdraw)" : ""}`;
        const sourceAfter = await balanceOf(source.chain.chain_id, s.address, source.denom);
        const destAfter = await balanceOf(dest.chain.chain_id, s.address, dest.denom);
        return {
          label,
          status: statuses.get(s)?.status ?? "not terminal",
          spent: (s.sourceBefore - sourceAfter).toString(),
          received: (destAfter - s.destBefore).toString(),
        };
      }),
    );
    expect(outcome).toEqual(
      sent.map((s, i) => ({
        label: outcome[i]?.label,
        status: "STATE_COMPLETED",
        spent: s.route.amount_in,
        received: s.route.amount_out,
      })),
    );
    expect(sent.length).toBeGreaterThan(0);
  }, 90_000);
});
