/**
 * The shape of a value at a path of a JSON answer, as far as a reader can tell two nodes apart:
 * presence, JSON type and, for strings, their encoding (hex case and width, 0x prefix, decimal,
 * base64, bech32, RFC 3339 time). Values that legitimately differ between two chains (hashes,
 * heights, addresses) share a class; an encoding a reader would parse differently does not.
 */

/**
 * A path into a JSON value: keys joined by dots, `[]` for every element of an array
 * (`result.txs_results[].events[].attributes[].value`). A leading `[]` walks a top-level array.
 */
export type JsonPath = string;

/** Every value at `path` in `root`; `undefined` stands for a missing key. */
export function valuesAt(root: unknown, path: JsonPath): unknown[] {
  const steps = path.split(".").flatMap((part) => {
    const m = /^([^[]*)((?:\[\])*)$/.exec(part);
    const key = m?.[1] ?? part;
    const arrays = (m?.[2]?.length ?? 0) / 2;
    return [...(key ? [{ key }] : []), ...Array.from({ length: arrays }, () => ({ each: true }))];
  });
  let current: unknown[] = [root];
  for (const step of steps) {
    const next: unknown[] = [];
    for (const v of current) {
      if ("each" in step) {
        // An absent or null list has no elements: its own presence is a path of its own.
        if (Array.isArray(v)) next.push(...v);
      } else if (v !== null && typeof v === "object" && !Array.isArray(v)) {
        next.push((v as Record<string, unknown>)[step.key]);
      } else if (v !== undefined && v !== null) {
        next.push(undefined);
      }
    }
    current = next;
  }
  return current;
}

/** The JSON type of a value, `absent` for a missing key. */
export function typeOf(v: unknown): string {
  if (v === undefined) return "absent";
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  return typeof v;
}

const BECH32 = /^[a-z]{1,83}1[02-9ac-hj-np-z]{6,}$/;
const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?Z$/;

/** Type and, for strings, encoding: `string:0x-hex-lower/40`, `string:HEX/64`, `string:decimal`, ... */
export function formatOf(v: unknown): string {
  if (typeof v !== "string") return typeOf(v);
  if (v === "") return "string:empty";
  if (/^0x[0-9a-f]*$/.test(v)) return `string:0x-hex-lower${widthOf(v.length - 2)}`;
  if (/^0x[0-9a-fA-F]*$/.test(v)) return `string:0x-hex-mixed${widthOf(v.length - 2)}`;
  if (/^(0|[1-9][0-9]*)$/.test(v)) return "string:decimal";
  if (/^[0-9A-F]{40}$|^[0-9A-F]{64}$/.test(v)) return `string:HEX/${v.length}`;
  if (RFC3339.test(v))
    return `string:rfc3339/${(v.split(".")[1]?.length ?? 1) - 1 > 0 ? "fraction" : "seconds"}`;
  if (BECH32.test(v)) return `string:bech32:${v.slice(0, v.lastIndexOf("1"))}`;
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(v) && v.length % 4 === 0) return "string:base64";
  return "string";
}

/** Fixed widths (addresses, hashes, blooms, words) are part of the encoding; other lengths are data. */
function widthOf(hexDigits: number): string {
  return [40, 64, 512].includes(hexDigits) ? `/${hexDigits}` : "";
}
