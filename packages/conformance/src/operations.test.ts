import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { listOperations } from "./operations.js";

const require = createRequire(import.meta.url);
const spec = JSON.parse(readFileSync(require.resolve("@weft/spec/openapi.json"), "utf8"));

describe("listOperations", () => {
  it("lists every operation of the contract with a unique operationId", () => {
    const ops = listOperations(spec);
    expect(ops.map((o) => o.operationId)).toContain("getHealth");
    expect(new Set(ops.map((o) => o.operationId)).size).toBe(ops.length);
  });

  it("refuses an operation without an operationId", () => {
    expect(() => listOperations({ paths: { "/x": { get: { tags: ["T"] } } } })).toThrow(
      "GET /x has no operationId or tag",
    );
  });
});
