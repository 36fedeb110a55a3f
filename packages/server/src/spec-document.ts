import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AppDeps } from "./app.js";

/** Reads the bundled OpenAPI document that @weft/spec generates and commits. */
export function loadSpecDocument(): AppDeps["spec"] {
  const require = createRequire(import.meta.url);
  return JSON.parse(readFileSync(require.resolve("@weft/spec/openapi.json"), "utf8")) as AppDeps["spec"];
}
