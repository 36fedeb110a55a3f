/** `POST /v2/fungible/route` (spec tag Router): pathfinding plus exact amounts. */

import type { Route, RouteRequest } from "@weft/spec/schemas";
import { ApiError, badRequest } from "../api/errors.js";
import type { OperationHandlers } from "../api/operation.js";
import type { AssetNode, Registry } from "./registry/registry.js";
import { type FoundRoute, findRoute, type RouteQuery } from "./route/find-route.js";
import type { Hop } from "./route/hops.js";
import { amountsForIn, amountsForOut } from "./route/route-amounts.js";
import { routeJson } from "./route/route-json.js";
import { createRegistryRouteMemo } from "./route/route-memo.js";
import { txBreakReasons } from "./route/tx-breaks.js";
import { type RouterDeps, requireRegistry } from "./router-deps.js";

type Side = "source" | "dest";

/**
 * The registry asset a request names. `at` is where the request's fields sit in the body, e.g.
 * `body.requests.0` (@default `body`).
 * @throws ApiError 400 naming the field and where to look.
 */
export function resolveAsset(
  registry: Registry,
  side: Side,
  chainId: string,
  denom: string,
  at = "body",
): AssetNode {
  // The message names the field as the body spells it: `source_asset_denom`, `requests.0.source_asset_denom`.
  const name = (field: string) => `${at}.${field}`.replace(/^body\./, "");
  if (!registry.chain(chainId)) {
    throw badRequest(
      `Invalid ${name(`${side}_asset_chain_id`)}: ${chainId} is not in the registry (GET /v2/info/chains lists them)`,
      [{ field: `${at}.${side}_asset_chain_id`, description: `unknown chain id ${chainId}` }],
    );
  }
  const node = registry.asset(chainId, denom);
  if (!node) {
    throw badRequest(
      `Invalid ${name(`${side}_asset_denom`)}: ${denom} is not an asset of ${chainId} (GET /v2/fungible/assets?chain_ids=${chainId} lists them)`,
      [{ field: `${at}.${side}_asset_denom`, description: `unknown denom on ${chainId}` }],
    );
  }
  return node;
}

/**
 * The best route, or the 404 that explains which constraint removed every candidate. `find` is
 * findRoute on `registry`, or a memo of it (route-memo.ts).
 */
export function routeOrNotFound(
  registry: Registry,
  query: RouteQuery,
  find: (query: RouteQuery) => FoundRoute | undefined = (q) => findRoute(registry, q),
): FoundRoute {
  const found = find(query);
  if (found) return found;
  const { source, destination } = query;
  const what = `no route found from ${source.denom} on ${source.chain.chain_id} to ${destination.denom} on ${destination.chain.chain_id}`;
  // The same constraints over several txs first: its breaks are the precise reason when it exists.
  const multi = query.allowMultiTx ? undefined : find({ ...query, allowMultiTx: true });
  const relaxed = multi ?? find({ source, destination, allowMultiTx: true });
  let reason: string;
  let info: string;
  if (multi) {
    reason = `the only route${query.opWithdraw ? " withdrawing over OPinit" : ""} needs ${multi.txsRequired} txs: ${txBreakReasons(multi.hops).join("; ")}`;
    info = "Set allow_multi_tx: true to accept routes that need more than one signed tx.";
  } else if (!relaxed) {
    reason =
      source.origin.denom === destination.origin.denom && source.origin.chainId === destination.origin.chainId
        ? "no IBC channel, OPinit bridge or LayerZero peer connects them"
        : `they are different assets (${source.origin.denom} from ${source.origin.chainId}, ${destination.origin.denom} from ${destination.origin.chainId}) and Weft does not swap`;
    info = `GET /v2/fungible/assets lists the assets of each chain; pick a ${destination.chain.chain_id} asset whose origin_denom is ${source.origin.denom}.`;
  } else if (query.opWithdraw === true) {
    reason = `no route from ${source.denom} on ${source.chain.chain_id} withdraws over an OPinit bridge`;
    info = "Only assets bridged over OPinit can be withdrawn with is_op_withdraw: true; retry without it.";
  } else if (query.opWithdraw === false) {
    reason = "the only route is an OPinit withdrawal";
    info =
      "Set is_op_withdraw: true to withdraw over the OPinit bridge (claimable after the finalization period).";
  } else {
    reason = "the allowed bridges do not connect them";
    info = "Remove the bridges filter, or add the bridges the route needs.";
  }
  throw new ApiError(404, `${what}: ${reason}`, { info });
}

/** The fields of a route request; `/v2/fungible/msgs_direct` carries the same. */
export type RouteFields = Pick<
  RouteRequest,
  | "source_asset_denom"
  | "source_asset_chain_id"
  | "dest_asset_denom"
  | "dest_asset_chain_id"
  | "amount_in"
  | "amount_out"
  | "bridges"
  | "allow_multi_tx"
  | "is_op_withdraw"
>;

/** A route as `POST /v2/fungible/route` answers it, with the hops it was made from. */
export interface PlannedRoute {
  hops: Hop[];
  route: Route;
}

/**
 * What `POST /v2/fungible/route` answers for `body`: the best route and its exact amounts.
 * `find` is findRoute on `registry`, or a memo of it (route-memo.ts).
 * @throws ApiError 400 naming the field at fault, or routeOrNotFound's 404.
 */
export function planRoute(
  registry: Registry,
  body: RouteFields,
  find: (query: RouteQuery) => FoundRoute | undefined,
): PlannedRoute {
  if ((body.amount_in === undefined) === (body.amount_out === undefined)) {
    throw badRequest("give exactly one of amount_in and amount_out", [
      { field: "body.amount_in", description: "exactly one of amount_in and amount_out is required" },
    ]);
  }
  const source = resolveAsset(registry, "source", body.source_asset_chain_id, body.source_asset_denom);
  const destination = resolveAsset(registry, "dest", body.dest_asset_chain_id, body.dest_asset_denom);
  if (source === destination) {
    throw badRequest("source and destination are the same asset: nothing to route", [
      { field: "body.dest_asset_denom", description: "equals the source asset" },
    ]);
  }
  const query: RouteQuery = {
    source,
    destination,
    allowMultiTx: body.allow_multi_tx ?? false,
    ...(body.bridges ? { bridges: new Set(body.bridges) } : {}),
    ...(body.is_op_withdraw !== undefined ? { opWithdraw: body.is_op_withdraw } : {}),
  };
  const found = routeOrNotFound(registry, query, find);
  const amounts =
    body.amount_in !== undefined
      ? amountsForIn(found.hops, BigInt(body.amount_in))
      : amountsForOut(found.hops, BigInt(body.amount_out as string));
  if (!amounts.ok) {
    const field = body.amount_in !== undefined ? "body.amount_in" : "body.amount_out";
    throw badRequest(amounts.message, [{ field, description: amounts.message }]);
  }
  const route = routeJson({
    registry,
    hops: found.hops,
    amounts: amounts.hops,
    amountIn: amounts.amountIn,
    amountOut: amounts.amountOut,
    txsRequired: found.txsRequired,
    seconds: found.seconds,
    warnings: amounts.warnings,
  });
  return { hops: found.hops, route };
}

export function createRouteHandlers(deps: RouterDeps): OperationHandlers {
  const memoOf = createRegistryRouteMemo();
  return {
    getRoute: (input) => {
      const registry = requireRegistry(deps);
      return planRoute(registry, input.body, memoOf(registry).find).route;
    },
  };
}
