import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { misnamedTestFiles } from "@weft/testkit/split-test-files";
import { describe, expect, it } from "vitest";
import { E2E_IMPORTS } from "./_test/e2e-imports.js";

const src = path.dirname(fileURLToPath(import.meta.url));
const testFiles = readdirSync(src, { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith(".test.ts"))
  .map((f) => path.join(src, f));

describe("test file names", () => {
  it("a test that opens a database, spawns a process or drives a browser is *.e2e.test.ts, no other", () => {
    // vitest.config.ts runs *.e2e.test.ts in the e2e project and the rest in the fast unit project.
    expect(testFiles.length).toBeGreaterThan(100);
    expect(misnamedTestFiles(testFiles, E2E_IMPORTS)).toEqual([]);
  });
});
