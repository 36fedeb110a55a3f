/**
 * Bad inputs generated from an operation's parameter schemas (wrong types, values outside
 * minimum/maximum, pattern and enum misses), plus the malformed identifiers whose rule the contract
 * states in prose because a schema cannot (addresses, tx hashes). Each must be a 4xx, never a 5xx.
 */
import type { ContractOperation, JsonSchema, ParameterObject } from "./contract.js";

export interface NegativeCase {
  param: ParameterObject;
  /** Short id of the case: `wrong-type`, `below-minimum`, `above-maximum`, `pattern-miss`, ... */
  name: string;
  value: string;
  /**
   * The reference indexer accepts this silently (non-numeric limit/offset and unparsable booleans
   * fall back to defaults; unknown `msgs` names are dropped), so the reference profile allows a 2xx.
   */
  referenceTolerates: boolean;
}

/** Tried in order; the first one the pattern rejects is used. */
const PATTERN_MISSES = ["abc", "!!", "-1", "%", "0x"];

/** Malformed identifiers whose 400 the contract states in a parameter's description. */
const PROSE_RULES: Record<string, { name: string; value: string }[]> = {
  account: [{ name: "malformed-address", value: "init1notanaddress" }],
  tx_hash: [
    { name: "malformed-hash", value: "xyz" },
    { name: "short-hash", value: "ABCDEF" },
  ],
  collection_addr: [{ name: "malformed-address", value: "0xnothex" }],
};

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
}

function patternMiss(pattern: string): string | undefined {
  const re = new RegExp(pattern, "u");
  return PATTERN_MISSES.find((v) => !re.test(v));
}

function fromSchema(param: ParameterObject, schema: JsonSchema, item: boolean): NegativeCase[] {
  const out: NegativeCase[] = [];
  const add = (name: string, value: string, referenceTolerates = item) =>
    out.push({ param, name, value, referenceTolerates });
  const type = typeOf(schema);
  if (type === "integer" || type === "number") {
    add("wrong-type", "abc", true);
    if (typeof schema.minimum === "number") add("below-minimum", String(schema.minimum - 1));
    if (typeof schema.maximum === "number") add("above-maximum", String(schema.maximum + 1));
  } else if (type === "boolean") {
    add("wrong-type", "maybe", true);
  } else if (type === "array" && schema.items) {
    out.push(...fromSchema(param, schema.items, true));
  } else if (type === "string") {
    if (Array.isArray(schema.enum)) add("enum-miss", "conformance-not-a-member");
    else if (schema.pattern) {
      const miss = patternMiss(schema.pattern);
      if (miss !== undefined)
        add(param.name === "pagination.key" ? "malformed-base64" : "pattern-miss", miss);
    }
  }
  return out;
}

/** Every negative case of an operation, in parameter order. */
export function negativeCases(op: ContractOperation): NegativeCase[] {
  const out: NegativeCase[] = [];
  for (const param of op.parameters) {
    if (param.in !== "query" && param.in !== "path") continue;
    if (param.schema) out.push(...fromSchema(param, param.schema, false));
    for (const rule of PROSE_RULES[param.name] ?? []) {
      out.push({ param, name: rule.name, value: rule.value, referenceTolerates: false });
    }
  }
  return out;
}
