/**
 * `pnpm --filter @weft/peer-tools sdk:generate [--check]`: validates the served document with the
 * pinned openapi-generator, then regenerates the committed SDKs (sdks/python, sdks/go) from it, or
 * with --check only reports how they differ from a fresh generation (exit 1 when they do).
 */
import { ensureGeneratorJar, GENERATOR_VERSION } from "../toolchain/generator-jar.js";
import { driftCount } from "./file-tree.js";
import { describeDrift, regenerateSdk, sdkDrift } from "./generate-sdk.js";
import { SDK_TARGETS, SPEC_DOCUMENT } from "./sdk-targets.js";
import { validateDocument } from "./validate-document.js";

const say = (line: string) => process.stdout.write(`${line}\n`);
const check = process.argv.includes("--check");

const jar = await ensureGeneratorJar();
const validation = validateDocument(jar, SPEC_DOCUMENT);
if (!validation.ok || validation.errors.length > 0) {
  process.stderr.write(`openapi-generator ${GENERATOR_VERSION} validate failed:\n${validation.output}\n`);
  process.exit(1);
}
say(`validate: 0 errors, ${validation.warnings.length} warning(s): ${validation.warnings.join("; ")}`);

let failed = false;
for (const target of SDK_TARGETS) {
  const started = Date.now();
  const drift = check ? sdkDrift(jar, target) : regenerateSdk(jar, target);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (check && driftCount(drift) > 0) {
    failed = true;
    process.stderr.write(`${describeDrift(target, drift)}\n`);
  } else {
    const what = check ? "up to date" : `${driftCount(drift)} file(s) written or removed`;
    say(`sdks/${target.name}: ${what} (${seconds} s)`);
  }
}
process.exit(failed ? 1 : 0);
