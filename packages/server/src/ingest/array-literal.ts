/**
 * Postgres array literals (`{1,2}`, `{"a","b"}`, `{\\x00ff}`) for the writer's column parameters,
 * built here rather than by node-postgres. Its builder (pg/lib/utils.js `arrayString`) quotes every
 * element, runs two regex replaces over each and grows the literal one concatenation at a time: on a
 * devnet backfill that was ~6% of what weft ingest allocated (sampled) and its escaping ~2.5% of its
 * CPU, for columns that are mostly numbers, booleans and hex. Here numbers and booleans go bare, a text is escaped only when
 * it holds a quote or a backslash, and the literal is one join.
 *
 * Sent as text, the literal is parsed by Postgres with the parameter's type (the statement casts
 * each one, e.g. `$7::bigint[]`), exactly as node-postgres's would have been.
 */

const NEEDS_ESCAPE = /["\\]/;
const ESCAPED = /["\\]/g;

function element(value: unknown): string {
  switch (typeof value) {
    case "string":
      // Always quoted: an empty text, `NULL`, or one with a comma, brace or space stays one text.
      return NEEDS_ESCAPE.test(value) ? `"${value.replace(ESCAPED, "\\$&")}"` : `"${value}"`;
    case "number":
      if (!Number.isFinite(value)) throw new TypeError(`array element ${value} is not a finite number`);
      return String(value);
    case "bigint":
      return String(value);
    case "boolean":
      return value ? "t" : "f";
    default:
      if (value === null || value === undefined) return "NULL";
      // bytea in hex form; the array parser reads `\\` as one backslash.
      if (Buffer.isBuffer(value)) return `\\\\x${value.toString("hex")}`;
      throw new TypeError(`cannot write a ${Object.prototype.toString.call(value)} as an array element`);
  }
}

/** The literal of a one-dimensional array of texts, numbers, bigints, booleans, Buffers and nulls. */
export function arrayLiteral(values: readonly unknown[]): string {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) parts[i] = element(values[i]);
  return `{${parts.join(",")}}`;
}

/** The statement's parameters with every array as its literal; other values as they are. */
export function withArrayLiterals(values: readonly unknown[]): unknown[] {
  return values.map((value) => (Array.isArray(value) ? arrayLiteral(value) : value));
}
