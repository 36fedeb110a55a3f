/**
 * After `tsc`: the `require` entry of the exports map, dist/cjs/. The package is ESM; a CommonJS
 * consumer gets it through Node's require(esm) (enabled by default from Node 20.19, this package's
 * engine floor), so dist/cjs/index.js only re-exports dist/index.js: one runtime copy, so
 * `instanceof TransferError` holds whichever way the package was loaded.
 *
 * TypeScript needs declarations in CommonJS format for a CommonJS consumer under `module: node16`
 * (it models Node 16, which could not require ESM, and refuses ESM declarations with TS1479). So the
 * ESM declarations are copied unchanged under dist/cjs/, whose package.json makes them CommonJS.
 * bundle-spec-types.mjs (run next) places the contract's types there too, shared by both trees.
 */
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist");
const cjs = path.join(dist, "cjs");
mkdirSync(cjs, { recursive: true });
writeFileSync(path.join(cjs, "package.json"), `${JSON.stringify({ type: "commonjs" })}\n`);
writeFileSync(
  path.join(cjs, "index.js"),
  '"use strict";\n// require(esm): Node >= 20.19 loads the ES module itself, so there is one copy of the package.\nmodule.exports = require("../index.js");\n',
);
for (const file of readdirSync(dist).filter((f) => f.endsWith(".d.ts"))) {
  copyFileSync(path.join(dist, file), path.join(cjs, file));
}
