/**
 * After `tsc`: make the published declarations self-contained. The sources import the contract's
 * generated types from @weft/spec, a private workspace package users cannot install, so the build
 * copies spec/generated/openapi.d.ts into dist/ and points every declaration at that copy. The copy
 * is made from the generated file at each build, so it cannot drift from the contract.
 *
 * The copy sits in dist/cjs/ (CommonJS format), used by both declaration trees: the ESM tree may
 * import types from a CommonJS file, but the CommonJS tree may not import them from an ESM one
 * without `resolution-mode` attributes (TypeScript >= 5.3), and two copies would double the tarball.
 */
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SPECIFIER = "@weft/spec/types";
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist");
const specDir = path.dirname(createRequire(import.meta.url).resolve("@weft/spec/openapi.json"));
const contractTypes = path.join(dist, "cjs/openapi.d.ts");
copyFileSync(path.join(specDir, "openapi.d.ts"), contractTypes);

const files = readdirSync(dist, { recursive: true, encoding: "utf8" }).map((f) => path.join(dist, f));
for (const file of files.filter((f) => f.endsWith(".d.ts"))) {
  const source = readFileSync(file, "utf8");
  if (!source.includes(SPECIFIER)) continue;
  let relative = path
    .relative(path.dirname(file), contractTypes.replace(/\.d\.ts$/, ".js"))
    .split(path.sep)
    .join("/");
  if (!relative.startsWith(".")) relative = `./${relative}`;
  writeFileSync(file, source.replaceAll(`"${SPECIFIER}"`, `"${relative}"`));
}
// Type-only imports are erased from the JS (verbatimModuleSyntax); anything left would break users.
const leftover = files.filter((f) => /\.(js|d\.ts)$/.test(f) && /["']@weft\//.test(readFileSync(f, "utf8")));
if (leftover.length > 0) {
  console.error(`bundle-spec-types: dist still imports a workspace package: ${leftover.join(", ")}`);
  process.exit(1);
}
