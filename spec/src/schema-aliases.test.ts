/**
 * scripts/schema-aliases.mjs: the names generated/schemas.d.ts gives the component schemas, and
 * generation failing (rather than picking a winner) when two schemas would share a name or a name
 * would shadow a global type. That the committed file matches the contract is `generate --check`'s job.
 */
import { describe, expect, it } from "vitest";
import { globalNames, renderSchemaAliases, schemaAliases } from "../scripts/schema-aliases.mjs";

const NO_GLOBALS = { globals: new Set<string>(), overrides: {} };
/** Read once: parsing TypeScript's DOM library takes a second or two. */
const GLOBALS = globalNames();

describe("schemaAliases", () => {
  it("names each schema in PascalCase, in document order, with its first sentence as summary", () => {
    const schemas = {
      "tx-response": { type: "object", description: 'A Cosmos tx, e.g. `"1"` in it. Keys in order.' },
      route: { type: "object", title: "A route" },
      "pagination-key": { type: "string" },
      "transaction-state": { type: "string", description: "State (Skip):\n- `A`: one. Two.\n- `B`" },
    };
    expect(schemaAliases(schemas, NO_GLOBALS)).toEqual([
      { name: "TxResponse", schema: "tx-response", summary: 'A Cosmos tx, e.g. `"1"` in it.' },
      { name: "Route", schema: "route", summary: "A route" },
      { name: "PaginationKey", schema: "pagination-key", summary: undefined },
      { name: "TransactionState", schema: "transaction-state", summary: "State (Skip):" },
    ]);
  });

  it("gives a schema that only $refs another one no alias of its own (`Error` -> `error`)", () => {
    const schemas = {
      Error: { $ref: "#/components/schemas/error" },
      error: { type: "object", description: "The error envelope." },
    };
    expect(
      schemaAliases(schemas, { globals: new Set(["Error"]), overrides: { error: "ErrorBody" } }),
    ).toEqual([{ name: "ErrorBody", schema: "error", summary: "The error envelope." }]);
  });

  it("fails, naming both schemas, when two different schemas would get the same name", () => {
    const schemas = { "tx-response": { type: "object" }, tx_response: { type: "string" }, block: {} };
    expect(() => schemaAliases(schemas, NO_GLOBALS)).toThrow(
      'schema-aliases: schemas "tx-response" and "tx_response" would all be named TxResponse. Name the schema in NAME_OVERRIDES (spec/scripts/schema-aliases.mjs).',
    );
  });

  it("fails when an override collides with another schema's name", () => {
    const schemas = { error: { type: "object" }, "error-body": { type: "object" } };
    expect(() => schemaAliases(schemas, { globals: new Set(), overrides: { error: "ErrorBody" } })).toThrow(
      'schemas "error" and "error-body" would all be named ErrorBody',
    );
  });

  it("fails when a name would shadow a global type, and on a name that is no identifier", () => {
    expect(() => schemaAliases({ event: { type: "object" } }, { globals: GLOBALS, overrides: {} })).toThrow(
      'schema "event" would be named Event, which shadows the global Event',
    );
    expect(() => schemaAliases({ "2fa": { type: "string" } }, NO_GLOBALS)).toThrow(
      'schema "2fa" gives no valid TypeScript name ("2fa")',
    );
  });
});

describe("globalNames", () => {
  it("holds the ES and DOM globals a consumer's file sees, and none of the contract's names", () => {
    for (const name of ["Error", "Event", "Node", "Response", "Partial", "Record"])
      expect(GLOBALS).toContain(name);
    for (const name of ["Route", "Block", "Chain", "TxResponse"]) expect(GLOBALS).not.toContain(name);
  });
});

describe("renderSchemaAliases", () => {
  it("writes one exported alias per schema over the generated components, `*/` escaped in JSDoc", () => {
    const text = renderSchemaAliases([
      { name: "TxResponse", schema: "tx-response", summary: "A tx, see a/*/b." },
      { name: "PaginationKey", schema: "pagination-key", summary: undefined },
    ]);
    expect(text.split("\n").slice(2)).toEqual([
      'import type { components } from "./openapi.js";',
      "",
      "/** A tx, see a/*\\/b. */",
      'export type TxResponse = components["schemas"]["tx-response"];',
      'export type PaginationKey = components["schemas"]["pagination-key"];',
      "",
    ]);
  });
});
