/**
 * Router checks (run only with a router URL). Test data comes from the router itself: a routable
 * pair from `/v2/fungible/assets` (an asset and its one-hop IBC form on another chain), addresses
 * made for each chain from `/v2/info/chains` (bech32 prefix, or hex on EVM chains).
 */
import { randomBytes } from "node:crypto";
import { bech32 } from "bech32";
import {
  type Check,
  type CheckContext,
  describe,
  errorMessage,
  fail,
  NO_ROUTER_URL,
  pass,
  skip,
} from "../check.js";
import type { ContractOperation } from "../contract.js";
import type { Exchange, Probe } from "../http-probe.js";
import type { Outcome } from "../types.js";
import { responseProblem } from "./contract.js";

export interface ChainInfo {
  chain_id: string;
  bech32_prefix: string;
  chain_type: string;
}
interface AssetInfo {
  denom: string;
  chain_id: string;
  origin_denom: string;
  origin_chain_id: string;
  trace: string;
}
// biome-ignore lint/suspicious/noExplicitAny: route bodies are read field by field and schema-checked.
type RouteBody = any;

interface RouterData {
  chains: ChainInfo[];
  routeRequest?: Record<string, unknown>;
  route?: RouteBody;
  why?: string;
}

/** A fixed 20-byte account, spelled for each chain. */
const ACCOUNT = new Uint8Array(20).fill(0x11);
export function addressFor(chain: ChainInfo | undefined): string {
  if (!chain || chain.chain_type === "evm" || !chain.bech32_prefix)
    return `0x${Buffer.from(ACCOUNT).toString("hex")}`;
  return bech32.encode(chain.bech32_prefix, bech32.toWords(ACCOUNT));
}

/** 64 hex digits nobody has tracked yet (a fixed one may have been tracked by another client). */
export const freshHash = () => randomBytes(32).toString("hex").toUpperCase();
/** A well-formed chain id no registry has (fresh each run, for the same reason). */
export const freshChainId = () => `conformance-${randomBytes(4).toString("hex")}-1`;

const discovered = new WeakMap<object, Promise<RouterData>>();

/** Chains and one routable single-hop IBC pair, discovered once per run. */
export function routerData(ctx: CheckContext, probe: Probe): Promise<RouterData> {
  let data = discovered.get(ctx.discovery);
  if (!data) {
    data = discover(probe);
    discovered.set(ctx.discovery, data);
  }
  return data;
}

async function discover(probe: Probe): Promise<RouterData> {
  const chainsRes = await probe.get("/v2/info/chains");
  const chains = ((chainsRes.json as { chains?: ChainInfo[] } | undefined)?.chains ?? []).filter(
    (c) => c.chain_id,
  );
  const assetsRes = await probe.get("/v2/fungible/assets");
  const map =
    (assetsRes.json as { chain_to_assets_map?: Record<string, { assets: AssetInfo[] }> } | undefined)
      ?.chain_to_assets_map ?? {};
  const assets = Object.values(map).flatMap((c) => c.assets ?? []);
  const candidates = assets
    .filter((a) => a.trace === "" && a.origin_chain_id === a.chain_id)
    .flatMap((a) =>
      assets
        .filter(
          (b) =>
            b.chain_id !== a.chain_id &&
            b.origin_denom === a.origin_denom &&
            b.origin_chain_id === a.origin_chain_id,
        )
        .filter((b) => /^transfer\/[^/]+$/.test(b.trace))
        .map((b) => [a, b] as const),
    )
    .slice(0, 10);
  for (const [a, b] of candidates) {
    const routeRequest = {
      source_asset_denom: a.denom,
      source_asset_chain_id: a.chain_id,
      dest_asset_denom: b.denom,
      dest_asset_chain_id: b.chain_id,
      amount_in: "1000000",
    };
    const res = await probe.post("/v2/fungible/route", routeRequest);
    if (res.status === 200 && !(res.json as RouteBody)?.required_op_hook)
      return { chains, routeRequest, route: res.json };
  }
  return {
    chains,
    why: `no asset with a one-hop IBC form on another chain among ${assets.length} assets had a route`,
  };
}

export type Law = (ctx: CheckContext, probe: Probe) => Promise<Outcome>;

const op = (ctx: CheckContext, id: string): ContractOperation | undefined => ctx.contract.byId(id);

/** 200 with a conforming body, else the problem. */
export function conforms(ctx: CheckContext, operationId: string, res: Exchange): string | undefined {
  const operation = op(ctx, operationId);
  if (!operation) return `the contract has no ${operationId}`;
  if (res.status !== 200) return `expected 200, got ${describe(res)}`;
  return responseProblem(ctx, operation, res);
}

/** A 4xx that, in the strict profile, carries the documented error body. */
export function rejects(
  ctx: CheckContext,
  operationId: string,
  res: Exchange,
  what: string,
): string | undefined {
  if (res.status < 400 || res.status > 499) return `${what}: expected a 4xx, got ${describe(res)}`;
  const operation = op(ctx, operationId);
  if (ctx.profile === "strict" && operation) {
    const problem = responseProblem(ctx, operation, res);
    if (problem) return `${what}: ${problem}`;
  }
  return undefined;
}

export const discoveryLaw =
  (path: string, operationId: string): Law =>
  async (ctx, probe) => {
    if (!op(ctx, operationId)) return skip(`the contract does not document GET ${path}`);
    const problem = conforms(ctx, operationId, await probe.get(path));
    return problem ? fail(problem) : pass();
  };

const routeLaw: Law = async (ctx, probe) => {
  const data = await routerData(ctx, probe);
  if (!data.route || !data.routeRequest) return skip(data.why ?? "no routable pair discovered");
  const res = await probe.post("/v2/fungible/route", data.routeRequest);
  const problem = conforms(ctx, "getRoute", res);
  if (problem) return fail(problem);
  const r = res.json as RouteBody;
  const req = data.routeRequest;
  if (r.source_asset_denom !== req.source_asset_denom || r.dest_asset_denom !== req.dest_asset_denom) {
    return fail("the route does not echo the requested source and destination denoms");
  }
  if (r.amount_in !== req.amount_in)
    return fail(`amount_in ${r.amount_in} is not the requested ${req.amount_in}`);
  if (r.chain_ids[0] !== req.source_asset_chain_id || r.chain_ids.at(-1) !== req.dest_asset_chain_id) {
    return fail(`chain_ids ${r.chain_ids.join(",")} do not run from the source to the destination chain`);
  }
  if (r.operations.at(-1)?.amount_out !== r.amount_out)
    return fail("the last operation's amount_out is not the route's amount_out");
  return pass(`${req.source_asset_denom} on ${req.source_asset_chain_id} -> ${req.dest_asset_chain_id}`);
};

type SignableTx = {
  cosmos_tx?: { chain_id: string };
  evm_tx?: { chain_id: string };
  operations_indices: number[];
};

/**
 * Wallets sign with the signer of the chain's `chain_type`: a tx on a `cosmos`-typed chain (Initia's
 * minievm rollups included, whose EVM calls are `MsgCall`s) must be a `cosmos_tx`; an `evm_tx` there
 * cannot be signed. Returns the first offending tx, described.
 */
export function txKindProblem(chains: readonly ChainInfo[], txs: readonly SignableTx[]): string | undefined {
  for (const [i, tx] of txs.entries()) {
    const chainId = tx.cosmos_tx?.chain_id ?? tx.evm_tx?.chain_id;
    const type = chains.find((c) => c.chain_id === chainId)?.chain_type;
    if (type === "cosmos" && !tx.cosmos_tx)
      return `txs[${i}] is on ${chainId}, a cosmos-typed chain, but is not a cosmos_tx`;
  }
  return undefined;
}

const msgsLaw: Law = async (ctx, probe) => {
  const data = await routerData(ctx, probe);
  if (!data.route) return skip(data.why ?? "no routable pair discovered");
  const r = data.route as RouteBody;
  const res = await probe.post("/v2/fungible/msgs", {
    source_asset_denom: r.source_asset_denom,
    source_asset_chain_id: r.source_asset_chain_id,
    dest_asset_denom: r.dest_asset_denom,
    dest_asset_chain_id: r.dest_asset_chain_id,
    amount_in: r.amount_in,
    amount_out: r.amount_out,
    address_list: (r.required_chain_addresses as string[]).map((id) =>
      addressFor(data.chains.find((c) => c.chain_id === id)),
    ),
    operations: r.operations,
    slippage_tolerance_percent: "1",
  });
  const problem = conforms(ctx, "getMsgs", res);
  if (problem) return fail(problem);
  const txs = (res.json as { txs: SignableTx[] }).txs;
  if (txs.length === 0) return fail("txs is empty: clients sign txs[0]");
  const wrongKind = txKindProblem(data.chains, txs);
  if (wrongKind) return fail(wrongKind);
  const first = txs[0]?.cosmos_tx ?? txs[0]?.evm_tx;
  if (first?.chain_id !== r.source_asset_chain_id)
    return fail(`txs[0] is on ${first?.chain_id}, not the source chain`);
  const covered = txs.flatMap((t) => t.operations_indices).sort((a, b) => a - b);
  if (covered.join() !== r.operations.map((_: unknown, i: number) => i).join()) {
    return fail(`operations_indices ${covered.join(",")} do not cover each operation exactly once`);
  }
  return pass();
};

const unknownStatusLaw: Law = async (ctx, probe) => {
  const data = await routerData(ctx, probe);
  const chain = data.chains[0]?.chain_id ?? "unknown-1";
  const res = await probe.get("/v2/tx/status", { tx_hash: freshHash(), chain_id: chain });
  if (res.status === 501) return skip(`not implemented by this deployment (501: ${errorMessage(res)})`);
  if (res.status !== 404) return fail(`an untracked hash: expected 404, got ${describe(res)}`);
  const operation = op(ctx, "getTxStatus");
  const problem = operation ? responseProblem(ctx, operation, res) : undefined;
  return problem ? fail(problem) : pass();
};

const malformedLaw: Law = async (ctx, probe) => {
  const chain = (await routerData(ctx, probe)).chains[0]?.chain_id ?? "unknown-1";
  const problems = [
    rejects(ctx, "getRoute", await probe.post("/v2/fungible/route", {}), "route without assets"),
    rejects(
      ctx,
      "getRoute",
      await probe.post("/v2/fungible/route", {
        source_asset_denom: "x",
        source_asset_chain_id: "x",
        dest_asset_denom: "y",
        dest_asset_chain_id: "y",
        amount_in: "-1",
      }),
      "route with amount_in -1",
    ),
    rejects(
      ctx,
      "getMsgs",
      await probe.post("/v2/fungible/msgs", { operations: "none" }),
      "msgs with malformed operations",
    ),
    rejects(
      ctx,
      "getChains",
      await probe.get("/v2/info/chains", { chain_ids: "no such chain!" }),
      "chains with a malformed chain id",
    ),
    rejects(
      ctx,
      "trackTx",
      await probe.post("/v2/tx/track", { tx_hash: `${freshHash().slice(0, 62)}zz`, chain_id: chain }),
      "track of a hash that is not 64 hex digits",
    ),
    rejects(
      ctx,
      "getTxStatus",
      await probe.get("/v2/tx/status", { tx_hash: freshHash().slice(0, 63), chain_id: chain }),
      "status of a hash of 63 hex digits",
    ),
  ].filter((p): p is string => p !== undefined);
  return problems.length > 0 ? fail(problems.join("; ")) : pass();
};

const LAWS: { id: string; title: string; law: Law }[] = [
  {
    id: "router.info-chains",
    title: "GET /v2/info/chains matches the contract",
    law: discoveryLaw("/v2/info/chains", "getChains"),
  },
  {
    id: "router.fungible-assets",
    title: "GET /v2/fungible/assets matches the contract",
    law: discoveryLaw("/v2/fungible/assets", "getAssets"),
  },
  {
    id: "router.route",
    title: "a route between discovered assets conforms and runs from source to destination",
    law: routeLaw,
  },
  {
    id: "router.msgs",
    title:
      "the msgs of that route conform; the source tx comes first; every operation is in one tx; txs on a cosmos-typed chain are cosmos_tx",
    law: msgsLaw,
  },
  {
    id: "router.status-unknown",
    title: "the status of an untracked hash is the documented 404",
    law: unknownStatusLaw,
  },
  {
    id: "router.malformed",
    title:
      "malformed router requests (route, msgs, chain ids, tx hashes to track or read) get a 4xx (strict: the error envelope)",
    law: malformedLaw,
  },
];

/** Router checks from laws; each skips when no router URL was given. */
export function lawChecks(laws: { id: string; title: string; law: Law }[]): Check[] {
  return laws.map(({ id, title, law }) => ({
    id,
    class: "router",
    kind: "router",
    title,
    run: (ctx) => (ctx.routerProbe ? law(ctx, ctx.routerProbe) : Promise.resolve(skip(NO_ROUTER_URL))),
  }));
}

export const routerChecks = (): Check[] => lawChecks(LAWS);
