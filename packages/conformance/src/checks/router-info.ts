/**
 * Router info checks beyond discovery (run only with a router URL): `POST /v2/info/balances` reads
 * every listed asset of a discovered chain for a fixed account, in Skip's shape, and refuses an
 * unknown chain with the error envelope; bridges, assets between chains, origins and reachable assets
 * agree with the route the router itself found between two discovered assets.
 */
import { type Check, fail, pass, skip } from "../check.js";
import {
  addressFor,
  conforms,
  discoveryLaw,
  freshChainId,
  freshHash,
  type Law,
  lawChecks,
  rejects,
  routerData,
} from "./router.js";

interface BalanceEntry {
  amount: string;
  formatted_amount: string;
  decimals?: number;
  error?: { message: string };
}
interface AssetInfo {
  denom: string;
  decimals?: number | null;
}

/** `formatted_amount` is `amount` scaled by `decimals` with every fraction digit, as Skip prints it. */
function formatted(amount: string, decimals: number | undefined): string {
  if (!decimals) return amount;
  const padded = amount.padStart(decimals + 1, "0");
  return `${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`;
}

const balancesLaw: Law = async (ctx, probe) => {
  if (!ctx.contract.byId("getBalances")) return skip("the contract does not document POST /v2/info/balances");
  const data = await routerData(ctx, probe);
  const chain = data.chains[0];
  if (!chain) return skip("the router lists no chains");
  const assetsRes = await probe.get("/v2/fungible/assets", { chain_ids: chain.chain_id });
  const assets =
    (assetsRes.json as { chain_to_assets_map?: Record<string, { assets: AssetInfo[] }> } | undefined)
      ?.chain_to_assets_map?.[chain.chain_id]?.assets ?? [];
  const address = addressFor(chain);
  const res = await probe.post("/v2/info/balances", {
    chains: { [chain.chain_id]: { address, denoms: [] } },
  });
  const problem = conforms(ctx, "getBalances", res);
  if (problem) return fail(problem);
  const entry = (
    res.json as { chains: Record<string, { address: string; denoms: Record<string, BalanceEntry> }> }
  ).chains[chain.chain_id];
  if (!entry) return fail(`the answer has no entry for the requested chain ${chain.chain_id}`);
  if (entry.address !== address) return fail(`address ${entry.address} is not the requested ${address}`);
  const missing = assets.filter((a) => !(a.denom in entry.denoms)).map((a) => a.denom);
  if (missing.length > 0)
    return fail(`denoms: [] must read every listed asset; missing ${missing.join(", ")}`);
  for (const [denom, b] of Object.entries(entry.denoms)) {
    if (b.formatted_amount !== formatted(b.amount, b.decimals))
      return fail(
        `${denom}: formatted_amount ${b.formatted_amount} is not ${b.amount} at ${b.decimals} decimals`,
      );
    const listed = assets.find((a) => a.denom === denom);
    if (listed && typeof listed.decimals === "number" && b.decimals !== listed.decimals)
      return fail(`${denom}: decimals ${b.decimals} differ from the asset's ${listed.decimals}`);
  }
  const failed = Object.values(entry.denoms).filter((b) => b.error).length;
  return pass(
    `${Object.keys(entry.denoms).length} denoms on ${chain.chain_id}${failed > 0 ? `, ${failed} with a read error` : ""}`,
  );
};

const balancesUnknownChainLaw: Law = async (ctx, probe) => {
  if (!ctx.contract.byId("getBalances")) return skip("the contract does not document POST /v2/info/balances");
  const problems = [
    rejects(
      ctx,
      "getBalances",
      await probe.post("/v2/info/balances", { chains: { [freshChainId()]: { address: "x", denoms: [] } } }),
      "balances on an unknown chain",
    ),
    rejects(
      ctx,
      "getBalances",
      await probe.post("/v2/info/balances", { chains: "none" }),
      "balances with malformed chains",
    ),
  ].filter((p): p is string => p !== undefined);
  return problems.length > 0 ? fail(problems.join("; ")) : pass();
};

interface WireAsset {
  denom: string;
  chain_id: string;
}
// biome-ignore lint/suspicious/noExplicitAny: bodies are schema-checked first, then read by key.
type Body = any;

/** The discovered routable pair (a native asset and its one-hop IBC form), or why there is none. */
async function discoveredPair(
  ctx: Parameters<Law>[0],
  probe: Parameters<Law>[1],
): Promise<{ why: string } | { source: WireAsset; dest: WireAsset }> {
  const data = await routerData(ctx, probe);
  const r = data.routeRequest;
  if (!r) return { why: data.why ?? "no routable pair discovered" };
  return {
    source: { denom: String(r.source_asset_denom), chain_id: String(r.source_asset_chain_id) },
    dest: { denom: String(r.dest_asset_denom), chain_id: String(r.dest_asset_chain_id) },
  };
}
const same = (a: WireAsset | undefined, b: WireAsset) => a?.denom === b.denom && a?.chain_id === b.chain_id;

const betweenChainsLaw: Law = async (ctx, probe) => {
  const pair = await discoveredPair(ctx, probe);
  if (!("source" in pair)) return skip(pair.why);
  const { source, dest } = pair;
  const res = await probe.post("/v2/fungible/assets_between_chains", {
    source_chain_id: source.chain_id,
    dest_chain_id: dest.chain_id,
    include_evm_assets: true,
    allow_multi_tx: true,
  });
  const problem = conforms(ctx, "getAssetsBetweenChains", res);
  if (problem) return fail(problem);
  const pairs = (res.json as Body).assets_between_chains as Body[];
  const wrong = pairs.find(
    (p) => p.asset_on_source.chain_id !== source.chain_id || p.asset_on_dest.chain_id !== dest.chain_id,
  );
  if (wrong)
    return fail(
      `a pair runs ${wrong.asset_on_source.chain_id} -> ${wrong.asset_on_dest.chain_id}, not the requested chains`,
    );
  if (!pairs.some((p) => same(p.asset_on_source, source) && same(p.asset_on_dest, dest)))
    return fail(`the routable pair ${source.denom} -> ${dest.denom} is missing`);
  const unknown = await probe.post("/v2/fungible/assets_between_chains", {
    source_chain_id: source.chain_id,
    dest_chain_id: freshChainId(),
  });
  const refused = rejects(ctx, "getAssetsBetweenChains", unknown, "an unknown dest chain");
  return refused ? fail(refused) : pass(`${pairs.length} pairs ${source.chain_id} -> ${dest.chain_id}`);
};

const originLaw: Law = async (ctx, probe) => {
  const pair = await discoveredPair(ctx, probe);
  if (!("source" in pair)) return skip(pair.why);
  const { source, dest } = pair;
  const res = await probe.post("/v2/fungible/ibc_origin_assets", {
    assets: [
      dest,
      {
        denom: `ibc/${freshHash()}`,
        chain_id: dest.chain_id,
      },
    ],
  });
  const problem = conforms(ctx, "getIbcOriginAssets", res);
  if (problem) return fail(problem);
  const [found, missing] = (res.json as Body).origin_assets as Body[];
  if (!found?.asset_found || !same(found.asset, source))
    return fail(
      `the origin of ${dest.denom} on ${dest.chain_id} should be ${source.denom} on ${source.chain_id}, got ${JSON.stringify(found)}`,
    );
  if (missing?.asset_found !== false) return fail("an unknown ibc/ denom must be asset_found: false");
  return pass();
};

const fromSourceLaw: Law = async (ctx, probe) => {
  const pair = await discoveredPair(ctx, probe);
  if (!("source" in pair)) return skip(pair.why);
  const { source, dest } = pair;
  const res = await probe.post("/v2/fungible/assets_from_source", {
    source_asset_denom: source.denom,
    source_asset_chain_id: source.chain_id,
    allow_multi_tx: true,
  });
  const problem = conforms(ctx, "getAssetsFromSource", res);
  if (problem) return fail(problem);
  const byChain = (res.json as Body).dest_assets as Record<string, { assets: WireAsset[] }>;
  if (!byChain[dest.chain_id]?.assets.some((a) => same(a, dest)))
    return fail(`${dest.denom} on ${dest.chain_id}, which a route reaches, is missing`);
  const misfiled = Object.entries(byChain).find(([id, c]) => c.assets.some((a) => a.chain_id !== id));
  return misfiled ? fail(`dest_assets.${misfiled[0]} holds an asset of another chain`) : pass();
};

/** Well-formed requests naming a chain no registry has are refused (a 4xx), never a 5xx or a route. */
const unknownChainRequestsLaw: Law = async (ctx, probe) => {
  const pair = await discoveredPair(ctx, probe);
  if (!("source" in pair)) return skip(pair.why);
  const { source } = pair;
  const unknown = freshChainId();
  const problems = [
    rejects(
      ctx,
      "getRoute",
      await probe.post("/v2/fungible/route", {
        source_asset_denom: source.denom,
        source_asset_chain_id: source.chain_id,
        dest_asset_denom: source.denom,
        dest_asset_chain_id: unknown,
        amount_in: "1000000",
      }),
      `a route to ${unknown}`,
    ),
    rejects(
      ctx,
      "getAssetsFromSource",
      await probe.post("/v2/fungible/assets_from_source", {
        source_asset_denom: source.denom,
        source_asset_chain_id: unknown,
      }),
      `assets from ${source.denom} on ${unknown}`,
    ),
  ].filter((p): p is string => p !== undefined);
  return problems.length > 0 ? fail(problems.join("; ")) : pass();
};

const LAWS: { id: string; title: string; law: Law }[] = [
  {
    id: "router.route-unknown-chain",
    title:
      "a well-formed route to, or assets_from_source on, a chain no registry has gets a 4xx (strict: the error envelope)",
    law: unknownChainRequestsLaw,
  },
  {
    id: "router.balances",
    title:
      "POST /v2/info/balances with denoms [] reads every listed asset of a chain, formatted by its decimals",
    law: balancesLaw,
  },
  {
    id: "router.balances-invalid",
    title: "balances for an unknown chain or a malformed body get a 4xx (strict: the error envelope)",
    law: balancesUnknownChainLaw,
  },
  {
    id: "router.info-bridges",
    title: "GET /v2/info/bridges matches the contract",
    law: discoveryLaw("/v2/info/bridges", "getBridges"),
  },
  {
    id: "router.assets-between-chains",
    title:
      "assets_between_chains of the discovered pair's chains conforms and contains that pair; an unknown chain gets a 4xx",
    law: betweenChainsLaw,
  },
  {
    id: "router.ibc-origin-assets",
    title:
      "ibc_origin_assets traces the discovered IBC asset to its origin; an unknown denom is asset_found false",
    law: originLaw,
  },
  {
    id: "router.assets-from-source",
    title: "assets_from_source of the discovered source conforms and lists the asset its route reaches",
    law: fromSourceLaw,
  },
];

export const routerInfoChecks = (): Check[] => lawChecks(LAWS);
