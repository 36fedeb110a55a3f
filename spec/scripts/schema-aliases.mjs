// One TypeScript name per component schema of the contract (generated/schemas.d.ts), so the client,
// the server and the conformance package share the same names instead of each renaming
// `components["schemas"][...]` its own way. Used by generate.mjs; tested in src/schema-aliases.test.ts.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import ts from "typescript";

const require = createRequire(import.meta.url);

/** @typedef {{ name: string, schema: string, summary: string | undefined }} SchemaAlias */

/**
 * Schemas whose PascalCase name would shadow a global type where it is imported (`Error` would hide
 * the built-in class, `Event` the DOM/Node one), so they get a name of their own. Add an entry here
 * when generation fails on a clash.
 */
/** @type {Readonly<Record<string, string>>} */
export const NAME_OVERRIDES = Object.freeze({ error: "ErrorBody", event: "AbciEvent" });

/**
 * `tx-response` -> `TxResponse`, `Error` -> `Error`.
 * @param {string} schemaName
 */
export function pascalCase(schemaName) {
  return schemaName
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join("");
}

/**
 * The global names TypeScript's ES2023 and DOM libraries declare (what a consumer's file sees without
 * importing anything). Read from the pinned TypeScript's lib files, so the answer is the same on every
 * machine whatever Node version runs the generator; only parsed (not type-checked): lib.dom is large.
 * @returns {Set<string>}
 */
export function globalNames() {
  const libDir = path.dirname(require.resolve("typescript/lib/lib.d.ts"));
  /** @type {Set<string>} */
  const names = new Set();
  /** @type {Set<string>} */
  const seen = new Set();
  /** @param {string} lib */
  const visit = (lib) => {
    if (seen.has(lib)) return;
    seen.add(lib);
    const file = path.join(libDir, `lib.${lib}.d.ts`);
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
    for (const reference of source.libReferenceDirectives) visit(reference.fileName.toLowerCase());
    for (const statement of source.statements) {
      if (ts.isVariableStatement(statement)) {
        for (const d of statement.declarationList.declarations)
          if (ts.isIdentifier(d.name)) names.add(d.name.text);
      } else if (statement.name && ts.isIdentifier(statement.name)) names.add(statement.name.text);
    }
  };
  for (const lib of ["es2023", "dom"]) visit(lib);
  return names;
}

/**
 * The one-line summary of a schema for its alias's JSDoc: its title, else the first sentence of its
 * description (up to a list or a blank line, so a Markdown list of enum values is left out).
 * @param {Record<string, unknown>} schema
 * @returns {string | undefined}
 */
function summary(schema) {
  const text = schema.title ?? schema.description;
  if (typeof text !== "string") return undefined;
  const lead = text
    .trim()
    .split(/\n\s*(?:\n|[-*] )/)[0]
    .replace(/\s+/g, " ");
  // A sentence ends at . ! or ? before a capital letter or the end, so "e.g. `1`" does not end one.
  return /^.*?[.!?](?=\s+[A-Z]|$)/.exec(lead)?.[0] ?? lead;
}

const REF_PREFIX = "#/components/schemas/";

/**
 * The schema a pure `$ref` schema points at (`Error: {$ref: .../error}` -> "error"), else undefined.
 * @param {Record<string, unknown>} schema
 */
function refTarget(schema) {
  const keys = Object.keys(schema);
  if (keys.length !== 1 || typeof schema.$ref !== "string" || !schema.$ref.startsWith(REF_PREFIX)) {
    return undefined;
  }
  return decodeURIComponent(schema.$ref.slice(REF_PREFIX.length));
}

/**
 * `[{ name, schema, summary }]`: the alias of each component schema, in the document's order. A
 * schema that is only a `$ref` to another one (`Error: {$ref: error}`) is that schema's type, so it
 * gets no alias of its own. Throws, naming the schemas, when two schemas would get one name or a
 * name would shadow a global type: an entry in NAME_OVERRIDES resolves either.
 * @param {Record<string, Record<string, unknown>>} schemas `components.schemas` of the bundled document
 * @param {{ globals?: Set<string>, overrides?: Readonly<Record<string, string>> }} [options]
 *   globals: names an alias may not take (@default globalNames()); overrides: @default NAME_OVERRIDES
 * @returns {SchemaAlias[]}
 */
export function schemaAliases(schemas, { globals = globalNames(), overrides = NAME_OVERRIDES } = {}) {
  const keys = Object.keys(schemas).filter((key) => {
    const target = refTarget(schemas[key]);
    return target === undefined || !(target in schemas);
  });
  /** @type {Map<string, string[]>} */
  const byName = new Map();
  for (const key of keys) {
    const name = overrides[key] ?? pascalCase(key);
    byName.set(name, [...(byName.get(name) ?? []), key]);
  }
  /** @type {string[]} */
  const problems = [];
  /** @type {SchemaAlias[]} */
  const aliases = [];
  for (const [name, named] of byName) {
    const [key] = named;
    if (named.length > 1) {
      problems.push(`schemas ${named.map((k) => `"${k}"`).join(" and ")} would all be named ${name}`);
    } else if (!/^[A-Z][A-Za-z0-9]*$/.test(name)) {
      problems.push(`schema "${key}" gives no valid TypeScript name ("${name}")`);
    } else if (globals.has(name)) {
      problems.push(`schema "${key}" would be named ${name}, which shadows the global ${name}`);
    } else {
      aliases.push({ name, schema: key, summary: summary(schemas[key]) });
    }
  }
  if (problems.length > 0) {
    throw new Error(
      `schema-aliases: ${problems.join("; ")}. Name the schema in NAME_OVERRIDES (spec/scripts/schema-aliases.mjs).`,
    );
  }
  return aliases;
}

/**
 * The text of generated/schemas.d.ts: one `export type` per alias, with its summary as JSDoc.
 * @param {SchemaAlias[]} aliases
 */
export function renderSchemaAliases(aliases) {
  const lines = [
    "// Generated from spec/src by `pnpm --filter @weft/spec generate`. Do not edit.",
    '// One name per component schema: import these rather than renaming components["schemas"][...].',
    'import type { components } from "./openapi.js";',
    "",
  ];
  for (const { name, schema, summary: doc } of aliases) {
    // A `*/` in the text would end the comment early.
    if (doc) lines.push(`/** ${doc.replaceAll("*/", "*\\/")} */`);
    lines.push(`export type ${name} = components["schemas"][${JSON.stringify(schema)}];`);
  }
  return `${lines.join("\n")}\n`;
}
