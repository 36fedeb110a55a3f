/**
 * What the Router API handlers need: the registry, a clock (injected, so msgs are reproducible) and
 * `fetch` for the node reads of `/v2/info/balances`.
 */

import type pg from "pg";
import { ApiError } from "../api/errors.js";
import type { Registry } from "./registry/registry.js";

export interface RouterDeps {
  registry: Registry | undefined;
  /** Where tracked transfers live (router_transfer). */
  pool: Pick<pg.Pool, "query">;
  /** Milliseconds since the epoch. @default Date.now */
  now: () => number;
  /** Reaches chain nodes (balances). @default globalThis.fetch */
  fetch: typeof fetch;
  /** Per-chain deadline of balance reads. @default BALANCE_NODE_TIMEOUT_MS */
  balanceTimeoutMs?: number;
}

/** The registry, or the 503 that tells an operator how to configure one. */
export function requireRegistry(deps: RouterDeps): Registry {
  if (!deps.registry) {
    throw new ApiError(
      503,
      "the router has no registry: start weft with ROUTER_REGISTRY=devnet, initia-testnet or a registry file path",
    );
  }
  return deps.registry;
}
