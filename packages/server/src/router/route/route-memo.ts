/**
 * Found routes remembered per query. Pathfinding depends only on the registry (fixed for the life of
 * the app) and on the query's assets and constraints, never on the amount: a wallet asks the same pair
 * again and again as its user types amounts, and the search is the part of `POST /v2/fungible/route`
 * whose time varies most (findRoute p99 0.13-0.2 ms and max ~0.9 ms on route-bench's 60-chain
 * registry, against a p50 of 7 us). Amounts and the response are still made per request.
 *
 * Remembered routes are shared by every later request for the same query, so they are frozen: code
 * that tried to change one would throw instead of corrupting the next answer.
 */
import type { Registry } from "../registry/registry.js";
import { type FoundRoute, findRoute, type RouteQuery } from "./find-route.js";

/** Queries remembered at most; the oldest goes first when full (a pair is a few hundred bytes). */
export const ROUTE_MEMO_ENTRIES = 4096;

export interface RouteMemo {
  /** The registry the routes were found on. */
  registry: Registry;
  /** findRoute's answer for `query`, searched once per distinct query. */
  find(query: RouteQuery): FoundRoute | undefined;
}

/** Everything findRoute reads from a query, unambiguously (denoms may hold any character). */
const queryKey = (q: RouteQuery): string =>
  JSON.stringify([
    q.source.chain.chain_id,
    q.source.denom,
    q.destination.chain.chain_id,
    q.destination.denom,
    q.allowMultiTx,
    q.bridges ? [...q.bridges].sort() : null,
    q.opWithdraw ?? null,
  ]);

const frozen = (route: FoundRoute): FoundRoute => {
  for (const hop of route.hops) Object.freeze(hop);
  Object.freeze(route.hops);
  return Object.freeze(route);
};

export function createRouteMemo(registry: Registry, entries = ROUTE_MEMO_ENTRIES): RouteMemo {
  // null: searched, and no route satisfies the query (remembered too: the 404's explanation asks again).
  const known = new Map<string, FoundRoute | null>();
  return {
    registry,
    find(query) {
      const key = queryKey(query);
      const remembered = known.get(key);
      if (remembered !== undefined) return remembered ?? undefined;
      const found = findRoute(registry, query);
      if (known.size >= entries) known.delete(known.keys().next().value as string);
      known.set(key, found ? frozen(found) : null);
      return found;
    },
  };
}

/**
 * The memo of whichever registry a handler is given: a new one when the registry changes, so
 * each route module keeps one without knowing when (or whether) the app swaps its registry.
 */
export function createRegistryRouteMemo(entries = ROUTE_MEMO_ENTRIES): (registry: Registry) => RouteMemo {
  let memo: RouteMemo | undefined;
  return (registry) => {
    if (memo?.registry !== registry) memo = createRouteMemo(registry, entries);
    return memo;
  };
}
