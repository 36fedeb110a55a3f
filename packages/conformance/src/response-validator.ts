/**
 * Validates response bodies against the contract's response schemas with Ajv in JSON Schema 2020-12
 * mode (OpenAPI 3.1 schemas are 2020-12), formats on. The whole document is registered once, so a
 * schema is compiled from its JSON pointer and its inner `#/components/...` refs resolve as written.
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import formats from "ajv-formats";
import type { Contract, ContractOperation } from "./contract.js";

// ajv-formats is CommonJS: under NodeNext its default export arrives as the module object.
const addFormats = (formats as unknown as { default: (a: Ajv2020) => Ajv2020 }).default;
const DOCUMENT_ID = "weft-contract";

export interface ResponseValidator {
  /** Media types documented for a status (`[]` when the status is not documented). */
  mediaTypes(op: ContractOperation, status: number): string[];
  /** Whether the operation documents this status. */
  documents(op: ContractOperation, status: number): boolean;
  /** Schema errors of a body, or `[]` when it validates (or the status documents no schema). */
  validate(op: ContractOperation, status: number, mediaType: string, body: unknown): string[];
  /** Schema errors of a value against a schema of the document (`#/components/schemas/error`). */
  validateSchema(pointer: string, value: unknown): string[];
}

const escapePointer = (segment: string) => segment.replace(/~/g, "~0").replace(/\//g, "~1");

export function createResponseValidator(contract: Contract): ResponseValidator {
  // strict off: OpenAPI adds keywords (`example`, `discriminator`) that are not JSON Schema.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...contract.document, $id: DOCUMENT_ID });
  const compiled = new Map<string, ValidateFunction>();

  /** JSON pointer of a response object, following a `$ref` to components/responses. */
  const responsePointer = (op: ContractOperation, status: string): string => {
    const response = contract.document.paths[op.path]?.[op.method]?.responses?.[status];
    if (response?.$ref) return response.$ref;
    return `#/paths/${escapePointer(op.path)}/${op.method}/responses/${status}`;
  };

  const check = (ref: string, value: unknown): string[] => {
    let validate = compiled.get(ref);
    if (!validate) {
      validate = ajv.compile({ $ref: ref });
      compiled.set(ref, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || "/"} ${e.message ?? "is invalid"}`);
  };

  return {
    validateSchema: (pointer, value) => check(`${DOCUMENT_ID}${pointer}`, value),
    mediaTypes: (op, status) => Object.keys(op.responses[String(status)] ?? {}),
    documents: (op, status) => String(status) in op.responses,
    validate(op, status, mediaType, body) {
      const schema = op.responses[String(status)]?.[mediaType];
      if (!schema) return [];
      const ref = `${DOCUMENT_ID}${responsePointer(op, String(status))}/content/${escapePointer(mediaType)}/schema`;
      return check(ref, body);
    },
  };
}
