/**
 * openapi-generator's `validate` on the document the server serves (spec/generated/openapi.json, the
 * bundle of spec/src): no error, and only the warnings listed and justified here. A broken copy of
 * the document shows the check can fail.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureGeneratorJar, findJava } from "../toolchain/generator-jar.js";
import { skipReason } from "../toolchain/runtime.js";
import { SPEC_DOCUMENT } from "./sdk-targets.js";
import { validateDocument } from "./validate-document.js";

const javaMissing = skipReason("java", findJava(), "apt-get install openjdk-17-jre-headless");

/** Each warning `validate` may print, and why it stays. */
const ACCEPTED_WARNINGS: Record<string, string> = {
  // `components.schemas.Error` is the envelope's public name (an alias of `error`, which the
  // operations reference): clients and the spec's own tests name it, so it stays though no
  // operation points at it directly.
  "Unused model: Error": "the envelope's public alias",
};

describe.skipIf(javaMissing)("openapi-generator validate", () => {
  let jar: string;
  const scratch = mkdtempSync(path.join(tmpdir(), "weft-validate-"));
  beforeAll(async () => {
    jar = await ensureGeneratorJar();
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("finds no error in the served document, and no warning but the accepted ones", () => {
    const started = Date.now();
    const result = validateDocument(jar, SPEC_DOCUMENT);
    console.log(`validate: ${(Date.now() - started) / 1000} s; warnings: ${JSON.stringify(result.warnings)}`);
    expect(result.errors, result.output).toEqual([]);
    expect(result.ok, result.output).toBe(true);
    expect(result.warnings.filter((w) => !(w in ACCEPTED_WARNINGS))).toEqual([]);
  });

  it("fails a document with a dangling $ref and no title, naming both", () => {
    const spec = JSON.parse(readFileSync(SPEC_DOCUMENT, "utf8"));
    spec.paths["/status"].get.responses["200"].content["application/json"].schema = {
      $ref: "#/components/schemas/no-such-schema",
    };
    delete spec.info.title;
    const broken = path.join(scratch, "broken.json");
    writeFileSync(broken, JSON.stringify(spec));
    const result = validateDocument(jar, broken);
    expect(result.ok).toBe(false);
    expect(result.errors.join("\n")).toContain("#/components/schemas/no-such-schema");
    expect(result.errors).toContain("attribute info.title is missing");
  });
});
