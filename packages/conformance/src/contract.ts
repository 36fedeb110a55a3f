/**
 * The contract as data: the bundled OpenAPI document of @weft/spec, plus the few lookups every check
 * needs (resolve a `$ref`, an operation's parameters, its documented responses). Reading the document
 * at run time, not a copy, keeps the suite in step with spec/ without code changes.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type HttpMethod, listOperations, type OperationRef } from "./operations.js";

/** A JSON Schema object as OpenAPI 3.1 writes it (loosely typed: the document is data). */
export type JsonSchema = Record<string, unknown> & {
  type?: string | string[];
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
};

export interface ParameterObject {
  name: string;
  in: "query" | "path" | "header" | "cookie";
  required?: boolean;
  schema?: JsonSchema;
  example?: unknown;
}

interface MediaObject {
  schema?: JsonSchema;
}
interface ResponseObject {
  $ref?: string;
  content?: Record<string, MediaObject>;
}
interface OperationObject {
  operationId?: string;
  tags?: string[];
  requestBody?: {
    content?: Record<string, { examples?: Record<string, { value?: unknown; $ref?: string }> }>;
  };
  parameters?: (ParameterObject | { $ref: string })[];
  responses?: Record<string, ResponseObject>;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Partial<Record<HttpMethod, OperationObject>>>;
  components?: Record<string, Record<string, unknown>>;
}

/** An operation with its parameters and responses resolved. */
export interface ContractOperation extends OperationRef {
  parameters: ParameterObject[];
  /** Status code ("200", "400", ...) -> media type -> schema (unresolved refs inside). */
  responses: Record<string, Record<string, JsonSchema | undefined>>;
  /** The first documented JSON request body example, for operations that take a body. */
  requestExample?: unknown;
}

export interface Contract {
  document: OpenApiDocument;
  operations: ContractOperation[];
  byId(operationId: string): ContractOperation | undefined;
  /** Follows one `#/...` pointer of the document. */
  resolve<T>(ref: string): T;
}

/** Reads the contract shipped in @weft/spec (spec/generated/openapi.json). */
export function loadContractDocument(): OpenApiDocument {
  const require = createRequire(import.meta.url);
  return JSON.parse(readFileSync(require.resolve("@weft/spec/openapi.json"), "utf8")) as OpenApiDocument;
}

function pointer(document: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith("#/")) throw new Error(`only local refs are supported, got ${ref}`);
  let node: unknown = document;
  for (const raw of ref.slice(2).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    node = (node as Record<string, unknown> | undefined)?.[key];
  }
  if (node === undefined) throw new Error(`unresolvable ref ${ref}`);
  return node;
}

/** Builds the lookups over a document (defaults to the one in @weft/spec). */
export function createContract(document: OpenApiDocument = loadContractDocument()): Contract {
  const resolve = <T>(ref: string): T => pointer(document, ref) as T;
  const deref = <T extends object>(node: T | { $ref: string }): T =>
    "$ref" in node && typeof node.$ref === "string" ? deref(resolve<T>(node.$ref)) : (node as T);
  const operations = listOperations(document).map((ref): ContractOperation => {
    const op = document.paths[ref.path]?.[ref.method] ?? {};
    const responses: ContractOperation["responses"] = {};
    for (const [status, response] of Object.entries(op.responses ?? {})) {
      const content = deref(response).content ?? {};
      responses[status] = Object.fromEntries(Object.entries(content).map(([type, m]) => [type, m.schema]));
    }
    const example = Object.values(op.requestBody?.content?.["application/json"]?.examples ?? {})[0];
    const requestExample = example
      ? deref<{ value?: unknown }>(example as { value?: unknown }).value
      : undefined;
    return {
      ...ref,
      // A parameter's schema may itself be a `$ref` (one schema shared by several parameters): the
      // checks read its type and pattern, so it is resolved here once for all of them.
      parameters: (op.parameters ?? []).map((p) => {
        const param = deref<ParameterObject>(p);
        return param.schema ? { ...param, schema: deref<JsonSchema>(param.schema) } : param;
      }),
      responses,
      ...(requestExample === undefined ? {} : { requestExample }),
    };
  });
  const index = new Map(operations.map((o) => [o.operationId, o]));
  return { document, operations, byId: (id) => index.get(id), resolve };
}

/** Follows `$ref`s until a schema with content. */
export function derefSchema(contract: Contract, schema: JsonSchema | undefined): JsonSchema | undefined {
  let node = schema;
  for (let i = 0; node?.$ref && i < 16; i++) node = contract.resolve<JsonSchema>(node.$ref);
  return node;
}
