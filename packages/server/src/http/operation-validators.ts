/**
 * Request (and, in tests, response) validation compiled from the spec once, at startup: one ajv
 * function per operation over its path parameters and query, one over its JSON body, one over its
 * 200 body. A request then costs one compiled function call, where a generic OpenAPI middleware
 * walked the document and chained promise-wrapped middlewares on every request.
 *
 * Semantics follow the contract: path and query values arrive as strings and are coerced to the
 * schema's type (a single `msgs=x` becomes `["x"]`); unknown query parameters are allowed; bodies
 * are not coerced, but their schema defaults are filled in. The first failure becomes a 400 naming
 * the parameter as `path.<name>`, `query.<name>` or `body.<pointer>`.
 */

import type { ErrorDetail } from "@weft/spec/schemas";
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { ApiError } from "../api/errors.js";
import { UNSTORABLE_TEXT } from "../db/unstorable-text.js";

// ajv-formats is CommonJS with a default export the ESM loader wraps.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

type JsonSchema = Record<string, unknown>;

interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: JsonSchema;
}

export interface OperationObject {
  operationId?: string;
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { $ref: string } | { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> } | { $ref: string }>;
}

export interface SpecDocument {
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
}

/** A request as the validators see it: raw wire values, the body as parsed from JSON (if any). */
export interface RequestParts {
  /** Path parameters, percent-decoded. */
  path: Record<string, string>;
  /** Query parameters; a repeated name holds its values in order. */
  query: Record<string, string | string[]>;
  /** The parsed JSON body; undefined when the request had none or it was not JSON. */
  body: unknown;
  /** The Content-Type header, if the request had one. */
  contentType: string | undefined;
}

export interface OperationValidators {
  /** Throws a 400 (or 415) ApiError naming what is wrong; fills body defaults in place. */
  request(parts: RequestParts): void;
  /** Why `body` does not match the documented 200 response, or undefined when it does. */
  response(body: unknown): string | undefined;
}

/** The `$id` under which the document's components are known to ajv. */
const DOC_ID = "weft-spec";

function resolveRef<T>(doc: SpecDocument, value: T | { $ref: string }): T {
  if (typeof value !== "object" || value === null || !("$ref" in value)) return value as T;
  const parts = value.$ref.replace(/^#\//, "").split("/");
  let node: unknown = doc;
  for (const part of parts)
    node = (node as Record<string, unknown>)[part.replace(/~1/g, "/").replace(/~0/g, "~")];
  return node as T;
}

/** `#/components/...` refs inside a schema now point into the document registered as DOC_ID. */
function rebase(schema: JsonSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, `"$ref":"${DOC_ID}#/`)) as JsonSchema;
}

/** The `field` of an error detail: `query.pagination.limit`, `path.height`, `body.amount_in`. */
function fieldOf(error: ErrorObject, root: "path" | "query" | "body"): string {
  const segments = error.instancePath.split("/").slice(1);
  if (root !== "body") segments.shift(); // "/path/height" -> ["height"]
  if (error.keyword === "required") segments.push(String(error.params.missingProperty));
  const decoded = segments.map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  return [root, ...decoded].join(".");
}

/**
 * The wording a schema gives for its own failure (`x-weft-error` beside the failing keyword): for a
 * rule JSON Schema states but cannot word, e.g. "exactly one of amount_in and amount_out", or one
 * wording for a parameter whichever of its keywords fails (`pagination.limit`, every `height`).
 */
interface SchemaError {
  field: string;
  message: string;
  description: string;
}

function toBadRequest(error: ErrorObject | undefined, where: "params" | "body"): ApiError {
  const root = where === "body" ? "body" : error ? rootOf(error) : "query";
  const worded = (error?.parentSchema as { "x-weft-error"?: SchemaError } | undefined)?.["x-weft-error"];
  if (worded) {
    return new ApiError(400, worded.message, {
      details: [{ field: `${root}.${worded.field}`, description: worded.description }],
    });
  }
  const description = error?.message ?? "is invalid";
  const field = error ? fieldOf(error, root) : root;
  const detail: ErrorDetail = { field, description };
  // Name the parameter without its location prefix: "invalid pagination.limit: must be <= 1000".
  const name = field.replace(/^(query|path|body)\./, "");
  return new ApiError(400, `invalid ${name}: ${description}`, { details: [detail] });
}

function rootOf(error: ErrorObject): "path" | "query" {
  return error.instancePath.startsWith("/path") ? "path" : "query";
}

const UNSTORABLE_DESCRIPTION = "must be valid text: no NUL byte or unpaired surrogate";

/**
 * The field of the first string in `value` that Postgres would refuse (`invalid byte sequence for
 * encoding "UTF8": 0x00`, a 500 wherever the value reaches SQL), or undefined. Arrays and objects
 * (repeated or bracketed query names, JSON bodies) are walked with a stack of their own, so a body
 * nested thousands deep cannot overflow the call stack; their keys are checked too.
 */
function unstorableField(value: unknown, field: string): string | undefined {
  const pending: [unknown, string][] = [[value, field]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, at] = next;
    if (typeof item === "string") {
      if (UNSTORABLE_TEXT.test(item)) return at;
    } else if (typeof item === "object" && item !== null) {
      // Reversed onto the stack, so the first offending field in document order is the one named.
      for (const [key, inner] of Object.entries(item).reverse()) {
        if (UNSTORABLE_TEXT.test(key)) return `${at}.${key}`;
        pending.push([inner, `${at}.${key}`]);
      }
    }
  }
  return undefined;
}

function refuseUnstorable(field: string | undefined): void {
  if (field === undefined) return;
  const name = field.replace(/^(query|path|body)\./, "");
  throw new ApiError(400, `invalid ${name}: ${UNSTORABLE_DESCRIPTION}`, {
    details: [{ field, description: UNSTORABLE_DESCRIPTION }],
  });
}

function isJson(type: string | undefined): boolean {
  return typeof type === "string" && /^application\/([\w.+-]*\+)?json\b/i.test(type.trim());
}

/**
 * Validators already compiled, by document. Compiling is nearly all of an app's build time (~250 ms
 * and ~1 MB each): a deployment serving several chains builds one app per chain from the same
 * document (http/chain-mount.ts), and a chain added while serving must not stall the event loop.
 * The validators hold no state of their own between calls, so sharing them is safe.
 */
const compiledByDocument = new WeakMap<SpecDocument, Map<string, OperationValidators>>();

/** The validators of every operation of `doc`, keyed by operationId; compiled once per document. */
export function compileOperationValidators(doc: SpecDocument): Map<string, OperationValidators> {
  let compiled = compiledByDocument.get(doc);
  if (!compiled) {
    compiled = compileValidators(doc);
    compiledByDocument.set(doc, compiled);
  }
  return compiled;
}

function compileValidators(doc: SpecDocument): Map<string, OperationValidators> {
  // verbose: an error carries the schema it failed in, for a parameter's `x-weft-error` (one
  // wording for `pagination.limit` or `height` whichever keyword fails); it costs only on errors.
  const ajv = new Ajv2020({
    strict: false, // OpenAPI keywords (example, discriminator, ...) sit beside JSON Schema ones
    allErrors: false,
    coerceTypes: "array",
    useDefaults: false,
    verbose: true,
  });
  addFormats(ajv);
  // Bodies: not coerced, defaults filled in (a client omitting `allow_multi_tx` gets its default).
  // verbose: an error carries the schema it failed in (for `x-weft-error`); it costs only on errors.
  const bodyAjv = new Ajv2020({
    strict: false,
    allErrors: false,
    coerceTypes: false,
    useDefaults: true,
    verbose: true,
  });
  addFormats(bodyAjv);
  // Responses (tests, CI): exactly as documented, nothing coerced or filled in.
  const responseAjv = new Ajv2020({ strict: false, allErrors: false });
  addFormats(responseAjv);
  const components = rebase({ components: doc.components ?? {} });
  for (const instance of [ajv, bodyAjv, responseAjv]) instance.addSchema({ $id: DOC_ID, ...components });

  const validators = new Map<string, OperationValidators>();
  for (const item of Object.values(doc.paths)) {
    const shared = (item.parameters as Parameter[] | undefined) ?? [];
    for (const value of Object.values(item)) {
      const op = value as OperationObject;
      if (typeof op !== "object" || op === null || !op.operationId) continue;
      validators.set(op.operationId, compileOne(doc, { ajv, bodyAjv, responseAjv }, op, shared));
    }
  }
  return validators;
}

function compileOne(
  doc: SpecDocument,
  { ajv, bodyAjv, responseAjv }: Record<"ajv" | "bodyAjv" | "responseAjv", Ajv2020>,
  op: OperationObject,
  shared: (Parameter | { $ref: string })[],
): OperationValidators {
  const params = [...shared, ...(op.parameters ?? [])].map((p) => resolveRef<Parameter>(doc, p));
  const group = (where: "path" | "query") => {
    const list = params.filter((p) => p.in === where);
    return {
      type: "object",
      properties: Object.fromEntries(list.map((p) => [p.name, rebase(p.schema ?? {})])),
      required: list.filter((p) => p.required || where === "path").map((p) => p.name),
    };
  };
  // Only declared parameters are read by handlers (and may reach SQL); others are ignored.
  const declared = (where: "path" | "query") => params.filter((p) => p.in === where).map((p) => p.name);
  const [pathNames, queryNames] = [declared("path"), declared("query")];
  const paramsValidator: ValidateFunction | undefined = params.length
    ? ajv.compile({ type: "object", properties: { path: group("path"), query: group("query") } })
    : undefined;

  const requestBody = op.requestBody
    ? resolveRef<{ required?: boolean; content?: Record<string, { schema?: JsonSchema }> }>(
        doc,
        op.requestBody,
      )
    : undefined;
  const bodySchema = requestBody?.content?.["application/json"]?.schema;
  const bodyValidator = bodySchema ? bodyAjv.compile(rebase(bodySchema)) : undefined;

  const ok = op.responses?.["200"]
    ? resolveRef<{ content?: Record<string, { schema?: JsonSchema }> }>(doc, op.responses["200"])
    : undefined;
  const okSchema = ok?.content?.["application/json"]?.schema;
  let responseValidator: ValidateFunction | undefined;

  return {
    request(req) {
      if (paramsValidator) {
        // Before the schemas: a NUL is the same 400 whatever else the parameter gets wrong.
        for (const name of pathNames) refuseUnstorable(unstorableField(req.path[name], `path.${name}`));
        for (const name of queryNames) refuseUnstorable(unstorableField(req.query[name], `query.${name}`));
        // Validate copies: the schemas coerce, and handlers read the raw strings and parse them
        // themselves (api/operation.ts says why).
        const input = { path: { ...req.path }, query: { ...req.query } };
        if (!paramsValidator(input)) throw toBadRequest(paramsValidator.errors?.[0], "params");
      }
      if (!requestBody) return;
      // The JSON parser parses JSON bodies only; anything else leaves the body undefined.
      if (!isJson(req.contentType)) {
        if (!requestBody.required && req.body === undefined) return;
        throw new ApiError(
          415,
          "unsupported media type: send the body as JSON with Content-Type: application/json",
          {
            details: [
              {
                field: "body",
                description: `Content-Type ${JSON.stringify(req.contentType ?? "")} is not JSON`,
              },
            ],
          },
        );
      }
      refuseUnstorable(unstorableField(req.body, "body"));
      if (bodyValidator && !bodyValidator(req.body)) throw toBadRequest(bodyValidator.errors?.[0], "body");
    },
    response(body) {
      if (!okSchema) return undefined;
      // Compiled on first use: only tests and CI validate responses.
      responseValidator ??= responseAjv.compile(rebase(okSchema));
      if (responseValidator(body)) return undefined;
      const e = responseValidator.errors?.[0];
      return `response${e?.instancePath ?? ""} ${e?.message ?? "is invalid"}`;
    },
  };
}
