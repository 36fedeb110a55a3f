/**
 * Generating an SDK with the pinned openapi-generator: into a scratch folder (the drift check
 * compares that with the committed tree), or over the committed tree (regeneration replaces every
 * generated file and deletes the ones no longer generated, keeping the hand-written ones).
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { runGenerator } from "../toolchain/generator-jar.js";
import { compareTrees, gitFiles, listFiles, type Tree, type TreeDrift } from "./file-tree.js";
import { isHandWritten, type SdkTarget, SPEC_DOCUMENT } from "./sdk-targets.js";

/** The command that regenerates the committed SDKs (what a failed drift check tells you to run). */
export const REGENERATE_COMMAND =
  "npx -y pnpm@10.34.8 --filter @weft/peer-tools... build && npx -y pnpm@10.34.8 --filter @weft/peer-tools sdk:generate";

/**
 * Generates `target` into `outDir` (made if missing). The committed ignore file goes in first: the
 * generator reads it from the output folder, so the hand-written files it lists are never written.
 */
export function generateSdk(jar: string, target: SdkTarget, outDir: string): void {
  mkdirSync(outDir, { recursive: true });
  copyFileSync(
    path.join(target.dir, ".openapi-generator-ignore"),
    path.join(outDir, ".openapi-generator-ignore"),
  );
  runGenerator(jar, [
    "generate",
    "-g",
    target.generator,
    "-i",
    SPEC_DOCUMENT,
    "-o",
    outDir,
    ...target.options,
  ]);
}

/** The generated files of a tree: everything but the hand-written ones. */
const generatedPart = (target: SdkTarget, dir: string, files: readonly string[]): Tree => ({
  dir,
  files: files.filter((f) => !isHandWritten(target, f)),
});

/** Runs `use` on a fresh generation of `target` in a scratch folder, removed afterwards. */
export function withScratchGeneration<T>(jar: string, target: SdkTarget, use: (tree: Tree) => T): T {
  const scratch = mkdtempSync(path.join(tmpdir(), `weft-sdk-${target.name}-`));
  try {
    generateSdk(jar, target, scratch);
    return use(generatedPart(target, scratch, listFiles(scratch)));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * How an SDK tree differs from a fresh generation (`generated`): by default the committed one, its
 * files as git sees them; or a copy at `dir` holding `files`.
 */
export function driftFrom(
  generated: Tree,
  target: SdkTarget,
  dir = target.dir,
  files: readonly string[] = gitFiles(dir),
): TreeDrift {
  return compareTrees(generated, generatedPart(target, dir, files));
}

/** How the committed SDK differs from what the generator makes now. */
export const sdkDrift = (jar: string, target: SdkTarget): TreeDrift =>
  withScratchGeneration(jar, target, (generated) => driftFrom(generated, target));

/** Regenerates the committed SDK in place; returns what changed. */
export function regenerateSdk(jar: string, target: SdkTarget): TreeDrift {
  return withScratchGeneration(jar, target, (generated) => {
    const drift = driftFrom(generated, target);
    for (const f of drift.stale) rmSync(path.join(target.dir, f));
    for (const f of [...drift.changed, ...drift.missing]) {
      mkdirSync(path.dirname(path.join(target.dir, f)), { recursive: true });
      copyFileSync(path.join(generated.dir, f), path.join(target.dir, f));
    }
    return drift;
  });
}

/** A drift report naming every differing file of `target` and the command that fixes it. */
export function describeDrift(target: SdkTarget, drift: TreeDrift): string {
  const lines = [
    ...drift.changed.map((f) => `  changed: ${f}`),
    ...drift.missing.map((f) => `  missing (generated, not committed): ${f}`),
    ...drift.stale.map((f) => `  stale (committed, no longer generated): ${f}`),
  ];
  return `sdks/${target.name} is out of date with spec/generated/openapi.json:\n${lines.join("\n")}\nRun: ${REGENERATE_COMMAND}`;
}
