/**
 * Checks of Skip's convenience endpoints (run only with a router URL): `POST /v2/fungible/msgs_direct`
 * builds the route `/v2/fungible/route` finds and the txs `/v2/fungible/msgs` builds for it;
 * `GET /v2/fungible/venues` answers its shape with venues on listed chains; `POST
 * /v2/fungible/recommend_assets` recommends, for the discovered source, the one-hop IBC form it
 * routes to, and refuses an unknown chain with a 400.
 */
import { type Check, fail, pass, skip } from "../check.js";
import { diffJson } from "../json-diff.js";
import {
  addressFor,
  conforms,
  freshChainId,
  type Law,
  lawChecks,
  rejects,
  routerData,
  txKindProblem,
} from "./router.js";

// biome-ignore lint/suspicious/noExplicitAny: bodies are schema-checked first, then read by key.
type Body = any;

/** What a tx of a msgs answer is, timeouts aside (they count from each call's own clock). */
const txShape = (txs: Body[]) =>
  txs.map((tx) => {
    const signed = tx.cosmos_tx ?? tx.evm_tx;
    const types = (tx.cosmos_tx?.msgs ?? []).map((m: Body) => m.msg_type_url);
    return `${signed?.chain_id} [${types.join(",")}] ops ${tx.operations_indices?.join(",")}`;
  });

const msgsDirectLaw: Law = async (ctx, probe) => {
  if (!ctx.contract.byId("getMsgsDirect"))
    return skip("the contract does not document POST /v2/fungible/msgs_direct");
  const data = await routerData(ctx, probe);
  if (!data.route || !data.routeRequest) return skip(data.why ?? "no routable pair discovered");
  const route = data.route as Body;
  const chain_ids_to_addresses = Object.fromEntries(data.chains.map((c) => [c.chain_id, addressFor(c)]));
  const res = await probe.post("/v2/fungible/msgs_direct", {
    ...data.routeRequest,
    chain_ids_to_addresses,
    slippage_tolerance_percent: "1",
  });
  const problem = conforms(ctx, "getMsgsDirect", res);
  if (problem) return fail(problem);
  const body = res.json as Body;
  const differences = diffJson(route, body.route).filter((d) => d.kind !== "key-order");
  if (differences.length > 0) {
    const [first] = differences;
    return fail(
      `its route is not the one /v2/fungible/route finds: ${first?.kind} at ${first?.pointer || "/"}`,
    );
  }
  const msgs = await probe.post("/v2/fungible/msgs", {
    source_asset_denom: route.source_asset_denom,
    source_asset_chain_id: route.source_asset_chain_id,
    dest_asset_denom: route.dest_asset_denom,
    dest_asset_chain_id: route.dest_asset_chain_id,
    amount_in: route.amount_in,
    amount_out: route.amount_out,
    address_list: (route.required_chain_addresses as string[]).map((id) => chain_ids_to_addresses[id] ?? ""),
    operations: route.operations,
    slippage_tolerance_percent: "1",
  });
  const msgsProblem = conforms(ctx, "getMsgs", msgs);
  if (msgsProblem) return fail(`/v2/fungible/msgs of that route: ${msgsProblem}`);
  const [direct, separate] = [txShape(body.txs), txShape((msgs.json as Body).txs)];
  if (direct.join("; ") !== separate.join("; "))
    return fail(
      `txs [${direct.join("; ")}] are not those /v2/fungible/msgs builds: [${separate.join("; ")}]`,
    );
  if (body.min_amount_out !== (msgs.json as Body).min_amount_out)
    return fail(
      `min_amount_out ${body.min_amount_out} is not /v2/fungible/msgs's ${(msgs.json as Body).min_amount_out}`,
    );
  const wrongKind = txKindProblem(data.chains, body.txs);
  if (wrongKind) return fail(wrongKind);
  const dest = String(data.routeRequest.dest_asset_chain_id);
  const { [dest]: _, ...withoutDest } = chain_ids_to_addresses;
  const refused = rejects(
    ctx,
    "getMsgsDirect",
    await probe.post("/v2/fungible/msgs_direct", {
      ...data.routeRequest,
      chain_ids_to_addresses: withoutDest,
    }),
    `msgs_direct without an address for ${dest}`,
  );
  return refused ? fail(refused) : pass(`${body.txs.length} tx(s), ${route.operations.length} operation(s)`);
};

const venuesLaw: Law = async (ctx, probe) => {
  if (!ctx.contract.byId("getVenues")) return skip("the contract does not document GET /v2/fungible/venues");
  const res = await probe.get("/v2/fungible/venues");
  const problem = conforms(ctx, "getVenues", res);
  if (problem) return fail(problem);
  const chains = new Set((await routerData(ctx, probe)).chains.map((c) => c.chain_id));
  const venues = (res.json as Body).venues as { name: string; chain_id: string }[];
  const stray = venues.find((v) => !chains.has(v.chain_id));
  if (stray) return fail(`venue ${stray.name} is on ${stray.chain_id}, which /v2/info/chains does not list`);
  return pass(`${venues.length} venue(s)`);
};

const recommendLaw: Law = async (ctx, probe) => {
  if (!ctx.contract.byId("getAssetRecommendations"))
    return skip("the contract does not document POST /v2/fungible/recommend_assets");
  const data = await routerData(ctx, probe);
  const r = data.routeRequest;
  if (!r) return skip(data.why ?? "no routable pair discovered");
  const request = {
    source_asset_denom: r.source_asset_denom,
    source_asset_chain_id: r.source_asset_chain_id,
    dest_chain_id: r.dest_asset_chain_id,
  };
  const res = await probe.post("/v2/fungible/recommend_assets", { requests: [request] });
  const problem = conforms(ctx, "getAssetRecommendations", res);
  if (problem) return fail(problem);
  const entries = (res.json as Body).recommendation_entries as Body[];
  if (entries.length !== 1) return fail(`one request got ${entries.length} entries`);
  const recommended = (entries[0]?.recommendations ?? []) as Body[];
  const elsewhere = recommended.find((x) => x.asset.chain_id !== r.dest_asset_chain_id);
  if (elsewhere)
    return fail(`${elsewhere.asset.denom} on ${elsewhere.asset.chain_id} is not on the requested chain`);
  if (!recommended.some((x) => x.asset.denom === r.dest_asset_denom))
    return fail(
      `${r.dest_asset_denom}, which a one-hop route reaches on ${r.dest_asset_chain_id}, is not recommended`,
    );
  const unknown = await probe.post("/v2/fungible/recommend_assets", {
    requests: [{ ...request, dest_chain_id: freshChainId() }],
  });
  if (unknown.status !== 400)
    return fail(`a request for an unknown dest chain: expected 400, got ${unknown.status}`);
  const refused = rejects(ctx, "getAssetRecommendations", unknown, "a request for an unknown dest chain");
  return refused ? fail(refused) : pass(`${recommended.length} recommendation(s)`);
};

const LAWS: { id: string; title: string; law: Law }[] = [
  {
    id: "router.msgs-direct",
    title:
      "msgs_direct of the discovered pair conforms, returns the route /v2/fungible/route finds and the txs /v2/fungible/msgs builds for it; a missing address gets a 4xx",
    law: msgsDirectLaw,
  },
  {
    id: "router.venues",
    title: "GET /v2/fungible/venues matches the contract and names only listed chains",
    law: venuesLaw,
  },
  {
    id: "router.recommend-assets",
    title:
      "recommend_assets for the discovered source recommends the asset its one-hop route reaches; an unknown dest chain gets a 400",
    law: recommendLaw,
  },
];

export const routerConvenienceChecks = (): Check[] => lawChecks(LAWS);
