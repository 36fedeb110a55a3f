/** What the Router API handlers need: the registry and a clock (injected, so msgs are reproducible). */
import { ApiError } from "../http/errors.js";
import type pg from "pg";
import type { Registry } from "./registry/registry.js";

export interface RouterDeps {
  registry: Registry | undefined;
  /** Where tracked transfers live (router_transfer). */
  pool: Pick<pg.Pool, "query">;
  /** Milliseconds since the epoch. @default Date.now */
  now: () => number;
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
