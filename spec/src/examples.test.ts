/**
 * Every example in the contract validates against its own schema: response and request body
 * examples against their media type's schema, parameter examples against the parameter's schema,
 * schema-level `example`s against their schema. Lint checks some of this; this test checks all of
 * it with the same validator the conformance suite uses (ajv 2020, formats on).
 */
// biome-ignore-all lint/suspicious/noExplicitAny: the OpenAPI document is walked as untyped data.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import formats from "ajv-formats";
import { describe, expect, it } from "vitest";

const here = path.dirname(fileURLToPath(import.meta.url));
const spec: any = JSON.parse(readFileSync(path.join(here, "../generated/openapi.json"), "utf8"));
const ajv = new Ajv2020({ strict: false, allErrors: true });
// ajv-formats is CommonJS: under NodeNext its default export arrives as the module object.
(formats as unknown as { default: (a: Ajv2020) => Ajv2020 }).default(ajv);
ajv.addSchema({ ...spec, $id: "weft" });

const pointerEscape = (p: string) => p.replace(/~/g, "~0").replace(/\//g, "~1");
const deref = (node: any): any =>
  node?.$ref
    ? deref(
        node.$ref
          .slice(2)
          .split("/")
          .reduce((n: any, k: string) => n?.[k.replace(/~1/g, "/").replace(/~0/g, "~")], spec),
      )
    : node;

interface Case {
  name: string;
  pointer: string;
  value: unknown;
}
const cases: Case[] = [];
for (const [p, item] of Object.entries(spec.paths) as [string, Record<string, any>][]) {
  for (const [method, op] of Object.entries(item)) {
    if (!["get", "post", "put", "delete", "patch"].includes(method)) continue;
    const base = `weft#/paths/${pointerEscape(p)}/${method}`;
    const media = (where: string, content: Record<string, any> | undefined) => {
      for (const [type, m] of Object.entries(content ?? {})) {
        if (!m.schema) continue;
        const pointer = `${where}/content/${pointerEscape(type)}/schema`;
        if (m.example !== undefined)
          cases.push({
            name: `${method.toUpperCase()} ${p} ${where.split("/").at(-1)} example`,
            pointer,
            value: m.example,
          });
        for (const [key, ex] of Object.entries(m.examples ?? {})) {
          cases.push({
            name: `${method.toUpperCase()} ${p} ${where.split("/").slice(-1)[0]} ${key}`,
            pointer,
            value: deref(ex).value,
          });
        }
      }
    };
    for (const [status, response] of Object.entries(op.responses ?? {})) {
      const r = deref(response);
      media(
        response && (response as any).$ref
          ? `weft#${(response as any).$ref.slice(1)}`
          : `${base}/responses/${status}`,
        r.content,
      );
    }
    if (op.requestBody) media(`${base}/requestBody`, deref(op.requestBody).content);
    for (const [i, param] of (op.parameters ?? []).entries()) {
      const prm = deref(param);
      if (prm.example === undefined) continue;
      const pointer = param.$ref ? `weft#${param.$ref.slice(1)}/schema` : `${base}/parameters/${i}/schema`;
      cases.push({ name: `${method.toUpperCase()} ${p} parameter ${prm.name}`, pointer, value: prm.example });
    }
  }
}
for (const [name, schema] of Object.entries(spec.components.schemas) as [string, any][]) {
  for (const value of schema.examples ?? [])
    cases.push({ name: `schema ${name} examples[]`, pointer: `weft#/components/schemas/${name}`, value });
  if (schema.example !== undefined)
    cases.push({
      name: `schema ${name} example`,
      pointer: `weft#/components/schemas/${name}`,
      value: schema.example,
    });
}

describe("every example of the contract against its own schema", () => {
  it("finds the examples (responses, requests, parameters, schemas)", () => {
    expect(cases.length).toBeGreaterThan(100);
    expect(cases.some((c) => c.name.includes("requestBody"))).toBe(true);
    expect(cases.some((c) => c.name.includes("parameter"))).toBe(true);
  });

  it.each(cases)("$name", ({ pointer, value }) => {
    const validate = ajv.compile({ $ref: pointer });
    const ok = validate(value);
    expect(ok ? [] : validate.errors?.map((e) => `${e.instancePath} ${e.message}`)).toEqual([]);
  });
});
