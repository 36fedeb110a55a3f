/**
 * What the tests use of the server besides the app: the registry loader and the transfer tracker
 * `weft serve` runs beside the app (both exported by @weft/server), and where its CLI lives.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

export { createChainReader, createHttpJson, createTracker, loadRegistry, type Tracker } from "@weft/server";

/** The built server package, through the client's own node_modules link (a workspace dependency). */
export const SERVER_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../node_modules/@weft/server/dist",
);
