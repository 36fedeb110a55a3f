/**
 * The Initia wallet's whole bridge flow, over HTTP, for every Initia pair of the devnet registry that
 * routes in at most MAX_EXECUTED_TXS txs (_test/wallet-pairs.ts): chains -> assets -> balances ->
 * route (allow_multi_tx where one tx cannot do it) -> op-hook where required -> msgs -> for each tx in
 * order: sign (the Cosmos signer on every chain served as `cosmos`, an EVM key only on
 * `chain_type: "evm"`) -> broadcast -> track -> status, the next tx only once the previous completed.
 * Each pair has its own wallet, so all run at once, wave by wave (a wave is every pair's next tx);
 * blocks are produced on demand between tracker ticks. A source that is an `ibc/` voucher is funded
 * first, by a real IBC transfer from the asset up its trace (funded at genesis), signed and relayed.
 */
import { createWallet, type Interchain, startInterchain, type Wallet } from "@weft/devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, jsonCalls } from "../_test/json-call.js";
import { walletMsgs } from "../_test/signed-hook.js";
import { createTestApp, serveForTests } from "../_test/test-app.js";
import { useTestDatabase } from "../_test/test-database.js";
import { trackAllToEnd } from "../_test/track-to-end.js";
import { executedEndToEnd, fundingAsset, type WalletPair, walletPairs } from "../_test/wallet-pairs.js";
import { loadRegistry } from "./registry/load-registry.js";
import type { AssetNode, Registry } from "./registry/registry.js";

const database = useTestDatabase();
const pairs = walletPairs(loadRegistry("devnet"));
/** 1/100 of a whole token: a multiple of every decimals conversion on the devnet's paths. */
const amountOf = (a: AssetNode) => 10n ** BigInt(Math.max((a.meta.decimals ?? 6) - 2, 0));
let net: Interchain;
let registry: Registry;
let wallets: Wallet[];

/** The wallet's account on a chain: bech32 by the chain's prefix (hex on an EVM chain). */
const addressOn = (wallet: Wallet, chainId: string) => {
  const prefix = registry.chain(chainId)?.bech32_prefix;
  return prefix ? wallet.key.bech32(prefix) : wallet.key.hex;
};

beforeAll(async () => {
  wallets = await Promise.all(pairs.map((_, i) => createWallet(`wallet-flow-${i}`)));
  const genesis: Record<string, Record<string, Record<string, bigint>>> = {
    // The L1 escrows of both OPinit bridges hold what earlier deposits locked.
    "weft-devnet-1": { "escrow/opinit/1": { uinit: 10n ** 12n }, "escrow/opinit/2": { uinit: 10n ** 12n } },
  };
  const devnet = loadRegistry("devnet");
  pairs.forEach((p, i) => {
    const funded = fundingAsset(p.source);
    const chainId = funded.chain.chain_id;
    const prefix = devnet.chain(chainId)?.bech32_prefix ?? "init";
    genesis[chainId] ??= {};
    const chain = genesis[chainId] as Record<string, Record<string, bigint>>;
    chain[(wallets[i] as Wallet).key.bech32(prefix)] = { [funded.denom]: 10n * amountOf(funded) };
  });
  net = await startInterchain({ genesis, withdrawalDelayBlocks: 1 });
  net.produce(1);
  registry = loadRegistry("devnet", { endpoints: net.urls });
}, 60_000);
afterAll(async () => net?.close());
// The balance deadline (2 s by default, its own test in balances.e2e.test.ts) is not under test here:
// with the whole suite loading both cores, a devnet node can take longer to answer a balance.
const url = serveForTests(() =>
  createTestApp({ db: database().db, router: { registry, balanceTimeoutMs: 15_000 } }),
);
const { get, post: call, postOk: post } = jsonCalls(url);

/** One denom's balance as the wallet reads it: POST /v2/info/balances. */
async function balanceOf(chainId: string, address: string, denom: string): Promise<bigint> {
  const body = await post("/v2/info/balances", { chains: { [chainId]: { address, denoms: [denom] } } });
  const entry = body.chains[chainId].denoms[denom];
  if (!entry || entry.error) throw new Error(`balance of ${denom} on ${chainId}: ${JSON.stringify(entry)}`);
  return BigInt(entry.amount);
}

const labelOf = ({ source, dest, opWithdraw }: Pick<WalletPair, "source" | "dest" | "opWithdraw">) =>
  `${source.chain.chain_id} ${source.denom} -> ${dest.chain.chain_id} ${dest.denom}${opWithdraw ? " (is_op_withdraw)" : ""}`;

/** route (allow_multi_tx only where one tx cannot do it); undefined where nothing routes. */
async function routeOf(source: AssetNode, dest: AssetNode, opWithdraw: boolean): Promise<Json | undefined> {
  const request = {
    source_asset_chain_id: source.chain.chain_id,
    source_asset_denom: source.denom,
    dest_asset_chain_id: dest.chain.chain_id,
    dest_asset_denom: dest.denom,
    amount_in: amountOf(source).toString(),
    ...(opWithdraw ? { is_op_withdraw: true } : {}),
  };
  const single = await call("/v2/fungible/route", request);
  if (single.status === 200) return single.body;
  const multi = await call("/v2/fungible/route", { ...request, allow_multi_tx: true });
  return multi.status === 200 ? multi.body : undefined;
}

/** op-hook where required -> msgs: every tx in order, each with its operations_indices. */
async function msgsOf(route: Json, wallet: Wallet, chains: Json): Promise<Json[]> {
  const addressFor = (chainId: string) => addressOn(wallet, chainId);
  const msgs = await walletMsgs(route, {
    post,
    sign: (chainId, rest, signer, msgs) => wallet.sign(chainId, rest, signer, msgs),
    addressFor,
    urls: net.urls,
  });
  expect(msgs.txs).toHaveLength(route.txs_required);
  expect(msgs.txs.flatMap((t: Json) => t.operations_indices)).toEqual(
    route.operations.map((_: Json, i: number) => i),
  );
  for (const tx of msgs.txs) {
    // The wallet's rule: the Cosmos signer on chains served as cosmos, an EVM key only on evm ones.
    const chainId = (tx.cosmos_tx ?? tx.evm_tx).chain_id;
    const servedType = chains.find((c: Json) => c.chain_id === chainId)?.chain_type;
    expect(Object.keys(tx).filter((k) => k !== "operations_indices")).toEqual([
      servedType === "evm" ? "evm_tx" : "cosmos_tx",
    ]);
  }
  return msgs.txs;
}

/** sign -> broadcast -> track one cosmos_tx; its chain and tracked hash. */
async function broadcast(wallet: Wallet, tx: Json): Promise<{ chain_id: string; tx_hash: string }> {
  const cosmos = tx.cosmos_tx;
  const rest = net.urls[cosmos.chain_id] ?? "";
  const result = await wallet.broadcast(
    rest,
    await wallet.sign(cosmos.chain_id, rest, cosmos.signer_address, cosmos.msgs),
  );
  expect(result.code, result.raw_log).toBe(0);
  const tracked = await post("/v2/tx/track", { tx_hash: result.txhash, chain_id: cosmos.chain_id });
  return { chain_id: cosmos.chain_id, tx_hash: tracked.tx_hash };
}

interface Run {
  pair: WalletPair;
  wallet: Wallet;
  route: Json;
  txs: Json[];
  sourceBefore: bigint;
  destBefore: bigint;
  /** Each tx's final status, in order. */
  statuses: string[];
}

/** Every run's tx `wave` (the runs that have one), all at once, then tracked until each is terminal. */
async function wave(runs: Run[], index: number): Promise<void> {
  const due = runs.filter((r) => r.txs.length > index && r.statuses.length === index);
  const sent = await Promise.all(due.map((r) => broadcast(r.wallet, r.txs[index])));
  const statuses = await trackAllToEnd({ db: database().db, registry, net, get, txs: sent, rounds: 60 });
  due.forEach((r, k) => {
    r.statuses.push(statuses[k]?.status ?? "not terminal");
  });
}

describe("the wallet's whole flow over every Initia pair of the devnet registry that routes", () => {
  it("each tx is STATE_COMPLETED in order and the destination balance rises by amount_out", async () => {
    const chains = (await get("/v2/info/chains")).body.chains;
    const assets = (await get("/v2/fungible/assets")).body.chain_to_assets_map;
    const routed = (
      await Promise.all(
        pairs.map(async (pair, i) => {
          for (const a of [pair.source, pair.dest]) {
            expect(chains.find((c: Json) => c.chain_id === a.chain.chain_id)?.chain_type).toBe("cosmos");
            expect(assets[a.chain.chain_id].assets.map((x: Json) => x.denom)).toContain(a.denom);
          }
          const route = await routeOf(pair.source, pair.dest, pair.opWithdraw);
          return executedEndToEnd(route?.txs_required)
            ? { pair, wallet: wallets[i] as Wallet, route }
            : undefined;
        }),
      )
    ).filter((r) => r !== undefined);

    // The first wave funds every ibc/ source: a one-tx transfer from the asset up its trace.
    const funding = await Promise.all(
      routed
        .filter((r) => fundingAsset(r.pair.source) !== r.pair.source)
        .map(async (r) => {
          const from = fundingAsset(r.pair.source);
          const route = await routeOf(from, r.pair.source, false);
          expect(
            route?.txs_required,
            `funding ${labelOf({ ...r.pair, source: from, dest: r.pair.source })}`,
          ).toBe(1);
          const sent = await broadcast(r.wallet, (await msgsOf(route, r.wallet, chains))[0]);
          return { label: labelOf(r.pair), sent };
        }),
    );
    const funded = await trackAllToEnd({
      db: database().db,
      registry,
      net,
      get,
      txs: funding.map((f) => f.sent),
      rounds: 30,
    });
    expect(funding.map((f, i) => [f.label, funded[i]?.status])).toEqual(
      funding.map((f) => [f.label, "STATE_COMPLETED"]),
    );

    const runs: Run[] = await Promise.all(
      routed.map(async ({ pair, wallet, route }) => {
        const address = (a: AssetNode) => addressOn(wallet, a.chain.chain_id);
        const sourceBefore = await balanceOf(
          pair.source.chain.chain_id,
          address(pair.source),
          pair.source.denom,
        );
        const destBefore = await balanceOf(pair.dest.chain.chain_id, address(pair.dest), pair.dest.denom);
        const txs = await msgsOf(route, wallet, chains);
        return { pair, wallet, route, txs, sourceBefore, destBefore, statuses: [] };
      }),
    );
    const most = Math.max(...runs.map((r) => r.txs.length));
    for (let index = 0; index < most; index++) await wave(runs, index);

    const outcome = await Promise.all(
      runs.map(async (r) => {
        const { source, dest } = r.pair;
        const sourceAfter = await balanceOf(
          source.chain.chain_id,
          addressOn(r.wallet, source.chain.chain_id),
          source.denom,
        );
        const destAfter = await balanceOf(
          dest.chain.chain_id,
          addressOn(r.wallet, dest.chain.chain_id),
          dest.denom,
        );
        return {
          label: labelOf(r.pair),
          statuses: r.statuses,
          spent: (r.sourceBefore - sourceAfter).toString(),
          received: (destAfter - r.destBefore).toString(),
        };
      }),
    );
    expect(outcome).toEqual(
      runs.map((r) => ({
        label: labelOf(r.pair),
        statuses: r.txs.map(() => "STATE_COMPLETED"),
        spent: r.route.amount_in,
        received: r.route.amount_out,
      })),
    );
    expect(runs.length).toBeGreaterThan(0);
  }, 120_000);
});
