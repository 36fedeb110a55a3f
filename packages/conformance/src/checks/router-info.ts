/**
 * Router info checks beyond discovery (run only with a router URL): `POST /v2/info/balances` reads
 * every listed asset of a discovered chain for a fixed account, in Skip's shape, and refuses an
 * unknown chain with the error envelope.
 */
import { type Check, fail, pass, skip } from "../check.js";
import { addressFor, conforms, type Law, lawChecks, rejects, routerData } from "./router.js";

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
      await probe.post("/v2/info/balances", { chains: { "no-such-chain-0": { address: "x", denoms: [] } } }),
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

const LAWS: { id: string; title: string; law: Law }[] = [
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
];

export const routerInfoChecks = (): Check[] => lawChecks(LAWS);
