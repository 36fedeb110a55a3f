import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { SMOKE_MIX } from "./scenarios.js";

const require = createRequire(import.meta.url);
const spec = JSON.parse(readFileSync(require.resolve("@weft/spec/openapi.json"), "utf8")) as {
  paths: object;
};

describe("scenario mix", () => {
  it("only names paths of the contract, with positive weights", () => {
    for (const s of SMOKE_MIX) {
      expect(Object.keys(spec.paths)).toContain(s.path);
      expect(s.weight).toBeGreaterThan(0);
    }
  });
});
