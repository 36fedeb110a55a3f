/**
 * `POST /v2/fungible/recommend_assets` (spec tag Router Info): for each request, the assets of the
 * destination chain a route from the source asset reaches, each with Skip's reason. Weft does not
 * swap, so every candidate is a form of the source's origin asset; the reason says which form:
 *
 * - `BASE_TOKEN`: the origin asset itself (the destination chain issued it);
 * - `DIRECT`: one operation reaches it (one transfer, or the wrapper's conversion on the same chain);
 * - `UNKNOWN`: a longer route reaches it.
 *
 * On the chain that issued the source's origin asset, the base token is the only candidate: the other
 * forms there are vouchers of the chain's own asset back from elsewhere, which nobody wants to receive.
 * `MOST_LIQUID` needs liquidity data Weft does not have, so it is never given. Candidates come best
 * first: by reason in the order above, then fewer txs, then the shorter duration, then registry order.
 */
import type { operations } from "@weft/spec/types";
import { ApiError, badRequest } from "../api/errors.js";
import type { OperationHandlers } from "../api/operation.js";
import { assetJson, isHidden } from "./asset-json.js";
import type { AssetNode, Registry } from "./registry/registry.js";
import type { FoundRoute, RouteQuery } from "./route/find-route.js";
import { createRegistryRouteMemo } from "./route/route-memo.js";
import { resolveAsset } from "./route.js";
import { type RouterDeps, requireRegistry } from "./router-deps.js";

type Operation = operations["getAssetRecommendations"];
type Request = Operation["requestBody"]["content"]["application/json"]["requests"][number];
type Entry = Operation["responses"][200]["content"]["application/json"]["recommendation_entries"][number];
type Reason = Entry["recommendations"][number]["reason"];

/** Reasons Weft gives, best first. */
const REASON_ORDER: readonly Reason[] = ["BASE_TOKEN", "DIRECT", "UNKNOWN"];

interface Candidate {
  asset: AssetNode;
  route: FoundRoute;
  reason: Reason;
}

/** Whether `asset` is the origin asset of `source` (where it was issued). */
const isBaseOf = (source: AssetNode, asset: AssetNode) =>
  asset.chain.chain_id === source.origin.chainId && asset.denom === source.origin.denom;

function reasonOf(source: AssetNode, asset: AssetNode, route: FoundRoute): Reason {
  if (isBaseOf(source, asset)) return "BASE_TOKEN";
  return route.hops.length === 1 ? "DIRECT" : "UNKNOWN";
}

/** Every asset of `destChainId` a route from `source` reaches, best first. */
export function recommendedAssets(
  registry: Registry,
  source: AssetNode,
  destChainId: string,
  find: (query: RouteQuery) => FoundRoute | undefined,
): Candidate[] {
  const onOrigin = destChainId === source.origin.chainId;
  const candidates: Candidate[] = [];
  for (const asset of registry.assets()) {
    if (asset.chain.chain_id !== destChainId || asset === source || isHidden(asset)) continue;
    if (onOrigin && !isBaseOf(source, asset)) continue;
    const route = find({ source, destination: asset, allowMultiTx: true });
    if (route) candidates.push({ asset, route, reason: reasonOf(source, asset, route) });
  }
  // Array.prototype.sort is stable: equal candidates keep registry order.
  return candidates.sort(
    (a, b) =>
      REASON_ORDER.indexOf(a.reason) - REASON_ORDER.indexOf(b.reason) ||
      a.route.txsRequired - b.route.txsRequired ||
      a.route.seconds - b.route.seconds,
  );
}

/** The request's entry: its recommendations, or an error saying what was not found. */
function entryFor(
  registry: Registry,
  request: Request,
  source: AssetNode,
  find: (query: RouteQuery) => FoundRoute | undefined,
): Entry {
  const from = `${source.denom} on ${source.chain.chain_id}`;
  const all = recommendedAssets(registry, source, request.dest_chain_id, find);
  if (all.length === 0) {
    const message =
      isBaseOf(source, source) && source.chain.chain_id === request.dest_chain_id
        ? `${from} is the base token of ${request.dest_chain_id} already`
        : `no route from ${from} reaches an asset on ${request.dest_chain_id}`;
    return { recommendations: [], error: { message } };
  }
  const wanted = request.reason ?? undefined;
  const kept = wanted === undefined ? all : all.filter((c) => c.reason === wanted);
  if (kept.length === 0) {
    const given = [...new Set(all.map((c) => c.reason))].join(", ");
    return {
      recommendations: [],
      error: {
        message: `no ${wanted} recommendation from ${from} on ${request.dest_chain_id}${wanted === "MOST_LIQUID" ? " (Weft has no liquidity data)" : ""}; without reason: ${given}`,
      },
    };
  }
  return { recommendations: kept.map((c) => ({ asset: assetJson(c.asset), reason: c.reason })) };
}

export function createRecommendAssetsHandlers(deps: RouterDeps): OperationHandlers {
  const memoOf = createRegistryRouteMemo();
  return {
    getAssetRecommendations: (input) => {
      const registry = requireRegistry(deps);
      const { requests } = input.body;
      // Every request is checked before any route is searched: a 400 names the first bad field.
      const sources = requests.map((request, i) => {
        const at = `body.requests.${i}`;
        if (!registry.chain(request.dest_chain_id)) {
          throw badRequest(
            `Invalid requests.${i}.dest_chain_id: ${request.dest_chain_id} is not in the registry (GET /v2/info/chains lists them)`,
            [{ field: `${at}.dest_chain_id`, description: `unknown chain id ${request.dest_chain_id}` }],
          );
        }
        return resolveAsset(
          registry,
          "source",
          request.source_asset_chain_id,
          request.source_asset_denom,
          at,
        );
      });
      const find = memoOf(registry).find;
      const entries = requests.map((r, i) => entryFor(registry, r, sources[i] as AssetNode, find));
      if (entries.every((e) => e.recommendations.length === 0)) {
        const messages = entries.map((e) => e.error?.message ?? "");
        throw new ApiError(
          404,
          `no recommendation found: ${entries.length === 1 ? messages[0] : `none for any of the ${entries.length} requests`}`,
          { details: messages.map((description, i) => ({ field: `body.requests.${i}`, description })) },
        );
      }
      return { recommendation_entries: entries };
    },
  };
}
