/**
 * Server modules the tests need that @weft/server does not export (its exports map has only the
 * app, the database and `listen`). They are loaded from the server's built dist by file path, typed
 * through the public `AppDeps`, so a changed signature still fails typecheck here.
 * TODO(server): export `loadRegistry` from @weft/server and drop this file.
 */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { AppDeps } from "@weft/server";

export type Registry = NonNullable<NonNullable<AppDeps["router"]>["registry"]>;

/** The built server package, through the client's own node_modules link (a workspace dependency). */
export const SERVER_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../node_modules/@weft/server/dist",
);

/** Loads a bundled router registry (`devnet`) exactly as `weft serve` does with ROUTER_REGISTRY. */
export async function loadBundledRegistry(name: "devnet"): Promise<Registry> {
  const url = pathToFileURL(path.join(SERVER_DIST, "router/registry/load-registry.js")).href;
  const module = (await import(url)) as { loadRegistry: (nameOrPath: string) => Registry };
  return module.loadRegistry(name);
}
