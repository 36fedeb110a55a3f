/**
 * Compatibility with the reference indexer (rollytics): every operation and parameter its Swagger 2.0
 * document declares, as listed in spec/reference/reference-indexer-operations.json, is present in ours
 * with a compatible type.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

interface OurParam {
  $ref?: string;
  name: string;
  in: string;
  schema?: { type?: string | string[]; $ref?: string };
}

/** One entry of reference-indexer-operations.json; `type` is the Swagger 2.0 type. */
interface ReferenceOperation {
  method: string;
  path: string;
  parameters: { name: string; in: string; type: string; required: boolean; items?: string }[];
}

const here = path.dirname(fileURLToPath(import.meta.url));
const ours = JSON.parse(readFileSync(path.join(here, "../generated/openapi.json"), "utf8")) as {
  paths: Record<string, Record<string, { parameters?: OurParam[] }>>;
  components: { parameters: Record<string, OurParam>; schemas: Record<string, OurParam["schema"]> };
};
const reference = JSON.parse(
  readFileSync(path.resolve(here, "../reference/reference-indexer-operations.json"), "utf8"),
) as { operations: ReferenceOperation[] };

/**
 * Parameters of the bundle are `$ref`s into components.parameters (defined once), and their schemas
 * may be `$ref`s into components.schemas (one `pagination.key` form for every list's key).
 */
const resolve = (param: OurParam): OurParam => {
  const p = param.$ref
    ? (ours.components.parameters[param.$ref.replace("#/components/parameters/", "")] ?? param)
    : param;
  const ref = p.schema?.$ref;
  return ref ? { ...p, schema: ours.components.schemas[ref.replace("#/components/schemas/", "")] } : p;
};

/** Swagger 2.0 types our schemas may stand for (a string path param for an integer is validated by pattern). */
const COMPATIBLE: Record<string, string[]> = {
  string: ["string"],
  integer: ["integer", "string"],
  boolean: ["boolean", "string"],
  array: ["array"],
};

const cases = reference.operations.map((op) => ({
  label: `${op.method.toUpperCase()} ${op.path}`,
  p: op.path,
  method: op.method,
  op,
}));

describe("every path and parameter of the reference indexer", () => {
  it("reads the whole reference list", () => {
    expect(new Set(reference.operations.map((op) => op.path)).size).toBeGreaterThanOrEqual(23);
  });

  it.each(cases)("$label exists with compatible parameters", ({ p, method, op }) => {
    const mine = ours.paths[p]?.[method];
    expect(mine, `${method} ${p} missing from our spec`).toBeDefined();
    const params = (mine?.parameters ?? []).map(resolve);
    for (const param of op.parameters) {
      const match = params.find((q) => q.name === param.name && q.in === param.in);
      expect(match, `${param.in} parameter ${param.name} of ${p}`).toBeDefined();
      const type = match?.schema?.type;
      const types = Array.isArray(type) ? type : [type];
      expect(
        COMPATIBLE[param.type]?.some((t) => types.includes(t)),
        `${param.name}: ${param.type} vs ${String(type)}`,
      ).toBe(true);
    }
  });
});
