/**
 * The committed SDKs (sdks/python, sdks/go) are what the pinned generator makes from the served
 * document today: each is generated afresh into a scratch folder and compared file by file. A
 * tampered copy, compared with the same generation, shows the comparison names changed, missing and
 * stale files.
 */
import { appendFileSync, cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureGeneratorJar, findJava } from "../toolchain/generator-jar.js";
import { skipReason } from "../toolchain/runtime.js";
import { driftCount, gitFiles, type Tree, type TreeDrift } from "./file-tree.js";
import { describeDrift, driftFrom, REGENERATE_COMMAND, withScratchGeneration } from "./generate-sdk.js";
import { GO_SDK, INLINE_NAMES, PYTHON_SDK, type SdkTarget } from "./sdk-targets.js";

const javaMissing = skipReason("java", findJava(), "apt-get install openjdk-17-jre-headless");

/** A copy of sdks/python with one generated file edited, one deleted, one added and the README edited. */
function tamperedPythonCopy(dir: string): string[] {
  const files = gitFiles(PYTHON_SDK.dir);
  for (const f of files) cpSync(path.join(PYTHON_SDK.dir, f), path.join(dir, f));
  appendFileSync(path.join(dir, "weft_client/api/tx_api.py"), "# edited by hand\n");
  rmSync(path.join(dir, "weft_client/models/pagination.py"));
  writeFileSync(path.join(dir, "weft_client/models/gone.py"), "");
  // Hand-written files are the people's: edits there are no drift.
  appendFileSync(path.join(dir, "README.md"), "more prose\n");
  return files.filter((f) => f !== "weft_client/models/pagination.py").concat("weft_client/models/gone.py");
}

describe.skipIf(javaMissing)("the committed SDKs", () => {
  let jar: string;
  const copy = mkdtempSync(path.join(tmpdir(), "weft-sdk-tampered-"));
  beforeAll(async () => {
    jar = await ensureGeneratorJar();
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  /** Generates `target` once and hands the tree to `use`, logging how long generating took. */
  const generated = <T>(target: SdkTarget, use: (tree: Tree) => T): T => {
    const started = Date.now();
    return withScratchGeneration(jar, target, (tree) => {
      console.log(`sdks/${target.name}: generated in ${(Date.now() - started) / 1000} s`);
      return use(tree);
    });
  };

  it("sdks/python is up to date, and a tampered copy of it is reported file by file", () => {
    const [committed, tampered] = generated(PYTHON_SDK, (tree): TreeDrift[] => [
      driftFrom(tree, PYTHON_SDK),
      driftFrom(tree, PYTHON_SDK, copy, tamperedPythonCopy(copy)),
    ]);
    expect(driftCount(committed!), describeDrift(PYTHON_SDK, committed!)).toBe(0);

    expect(tampered).toEqual({
      changed: ["weft_client/api/tx_api.py"],
      missing: ["weft_client/models/pagination.py"],
      stale: ["weft_client/models/gone.py"],
    });
    const report = describeDrift(PYTHON_SDK, tampered!);
    expect(report).toContain("changed: weft_client/api/tx_api.py");
    expect(report).toContain(REGENERATE_COMMAND);
  });

  it("sdks/go is up to date", () => {
    const drift = generated(GO_SDK, (tree) => driftFrom(tree, GO_SDK));
    expect(driftCount(drift), describeDrift(GO_SDK, drift)).toBe(0);
  });

  it("names every inline response it has a name for (a renamed operation would leave one unused)", () => {
    // The generator documents each model in docs/<Model>.md; an unused mapping makes none.
    const unused = Object.values(INLINE_NAMES).filter(
      (name) => !existsSync(path.join(PYTHON_SDK.dir, "docs", `${name}.md`)),
    );
    expect(unused).toEqual([]);
  });
});
