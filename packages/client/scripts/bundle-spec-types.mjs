/**
 * After `tsc`: make the published declarations self-contained. The sources import the contract's
 * generated types from @weft/spec (`@weft/spec/types`, and the schema names of `@weft/spec/schemas`),
 * a private workspace package users cannot install, so the build copies those generated files
 * (spec/generated/openapi.d.ts, schemas.d.ts, which imports ./openapi.js) into dist/ and points every
 * declaration at the copies. They are copied from the generated files at each build, so they cannot
 * drift from the contract.
 *
 * The copies sit in dist/cjs/ (CommonJS format), used by both declaration trees: the ESM tree may
 * import types from a CommonJS file, but the CommonJS tree may not import them from an ESM one
 * without `resolution-mode` attributes (TypeScript >= 5.3), and two copies would double the tarball.
 */
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Each @weft/spec export the sources use, and its generated file (copied under dist/cjs/). */
const GENERATED = { "@weft/spec/types": "openapi.d.ts", "@weft/spec/schemas": "schemas.d.ts" };
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist");
const specDir = path.dirname(createRequire(import.meta.url).resolve("@weft/spec/openapi.json"));
for (const file of Object.values(GENERATED))
  copyFileSync(path.join(specDir, file), path.join(dist, "cjs", file));

const files = readdirSync(dist, { recursive: true, encoding: "utf8" }).map((f) => path.join(dist, f));
for (const file of files.filter((f) => f.endsWith(".d.ts"))) {
  let source = readFileSync(file, "utf8");
  for (const [specifier, generated] of Object.entries(GENERATED)) {
    if (!source.includes(`"${specifier}"`)) continue;
    let relative = path
      .relative(path.dirname(file), path.join(dist, "cjs", generated.replace(/\.d\.ts$/, ".js")))
      .split(path.sep)
      .join("/");
    if (!relative.startsWith(".")) relative = `./${relative}`;
    source = source.replaceAll(`"${specifier}"`, `"${relative}"`);
  }
  writeFileSync(file, source);
}
// Type-only imports are erased from the JS (verbatimModuleSyntax); anything left would break users.
const leftover = files.filter((f) => /\.(js|d\.ts)$/.test(f) && /["']@weft\//.test(readFileSync(f, "utf8")));
if (leftover.length > 0) {
  console.error(`bundle-spec-types: dist still imports a workspace package: ${leftover.join(", ")}`);
  process.exit(1);
}
