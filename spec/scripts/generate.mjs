#!/usr/bin/env node
// Builds what is generated from the hand-written spec: the bundled single-file document the server
// serves (generated/openapi.json), the TypeScript types every package imports
// (generated/openapi.d.ts, `@weft/spec/types`) and one name per component schema over those types
// (generated/schemas.d.ts, `@weft/spec/schemas`; see schema-aliases.mjs). With --check it regenerates into a scratch folder and fails when the
// committed files differ, naming the command that fixes it.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import { renderSchemaAliases, schemaAliases } from "./schema-aliases.mjs";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const check = process.argv.includes("--check");
const outDir = check ? mkdtempSync(path.join(tmpdir(), "weft-spec-")) : path.join(root, "generated");
mkdirSync(outDir, { recursive: true });

const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
const redocly = require.resolve("@redocly/cli/bin/cli.js");
const bundled = path.join(outDir, "openapi.json");
const bundle = spawnSync(
  process.execPath,
  [
    redocly,
    "bundle",
    path.join(root, "src/openapi.yaml"),
    "--output",
    bundled,
    "--ext",
    "json",
    "--config",
    path.join(root, "redocly.yaml"),
  ],
  { env, encoding: "utf8" },
);
// Redocly prints banners on every run; show its output only when it failed.
if (bundle.status !== 0) {
  console.error(bundle.stdout, bundle.stderr);
  process.exit(bundle.status ?? 1);
}
// Stable bytes: one trailing newline, two-space indent, so diffs of the committed file read well.
writeFileSync(bundled, `${JSON.stringify(JSON.parse(readFileSync(bundled, "utf8")), null, 2)}\n`);

const types = path.join(outDir, "openapi.d.ts");
const ast = await openapiTS(new URL(`file://${bundled}`), { alphabetize: false });
writeFileSync(
  types,
  `// Generated from spec/src by \`pnpm --filter @weft/spec generate\`. Do not edit.
${astToString(ast)}`,
);

const document = JSON.parse(readFileSync(bundled, "utf8"));
try {
  const aliases = schemaAliases(document.components?.schemas ?? {});
  writeFileSync(path.join(outDir, "schemas.d.ts"), renderSchemaAliases(aliases));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  if (check) rmSync(outDir, { recursive: true, force: true });
  process.exit(1);
}

if (check) {
  const stale = ["openapi.json", "openapi.d.ts", "schemas.d.ts"].filter(
    (f) =>
      !existsSync(path.join(root, "generated", f)) ||
      readFileSync(path.join(outDir, f), "utf8") !== readFileSync(path.join(root, "generated", f), "utf8"),
  );
  rmSync(outDir, { recursive: true, force: true });
  if (stale.length > 0) {
    console.error(
      `spec/generated/${stale.join(", spec/generated/")} is out of date with spec/src. Run: npx pnpm@10 --filter @weft/spec generate`,
    );
    process.exit(1);
  }
  console.log("spec/generated is up to date");
}
