import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const here = path.dirname(fileURLToPath(import.meta.url));
const bundle = JSON.parse(readFileSync(path.join(here, "../generated/openapi.json"), "utf8")) as {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        operationId?: string;
        tags?: string[];
        summary?: string;
        description?: string;
        responses?: Record<string, unknown>;
      }
    >
  >;
  components: { schemas: Record<string, unknown> };
};

const operations = Object.entries(bundle.paths).flatMap(([p, item]) =>
  Object.entries(item)
    .filter(([m]) => ["get", "post", "put", "delete", "patch"].includes(m))
    .map(([m, op]) => ({ id: `${m.toUpperCase()} ${p}`, op })),
);

describe("the bundled document", () => {
  it("is OpenAPI 3.1 with the one error envelope", () => {
    expect(bundle.openapi).toBe("3.1.0");
    expect(bundle.components.schemas).toHaveProperty("Error");
  });

  it.each(operations)(
    "$id has an operationId, one tag, a summary, a description and a 500 response",
    ({ op }) => {
      expect(op.operationId).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(op.tags).toHaveLength(1);
      expect(op.summary?.length).toBeGreaterThan(3);
      expect(op.description?.length).toBeGreaterThan(10);
      expect(Object.keys(op.responses ?? {})).toContain("500");
    },
  );

  it("has unique operationIds", () => {
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
