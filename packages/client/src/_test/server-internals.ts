/**
 * Server modules the tests need that @weft/server does not export (its exports map has only the
 * app, the database and `listen`): the registry loader, and the transfer tracker `weft serve` runs
 * beside the app. Imported from the server's built dist by relative path, so their own declarations
 * type them and a changed signature fails typecheck here.
 * TODO(server): export these (e.g. a `@weft/server/testing` entry) and import that instead.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

export { createHttpJson } from "../../node_modules/@weft/server/dist/ingest/http-json.js";
export { loadRegistry } from "../../node_modules/@weft/server/dist/router/registry/load-registry.js";
export { createChainReader } from "../../node_modules/@weft/server/dist/router/tracking/chain-reader.js";
export { createTracker, type Tracker } from "../../node_modules/@weft/server/dist/router/tracking/tracker.js";

/** The built server package, through the client's own node_modules link (a workspace dependency). */
export const SERVER_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../node_modules/@weft/server/dist",
);
