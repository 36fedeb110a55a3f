/**
 * Compares two JSON values the way a consumer of an API would notice: per object, keys present on
 * one side only (a single missing + extra pair reads as a renamed key) and key order; per value, the
 * JSON type and then the value. Arrays are compared element by element. Differences carry the JSON
 * pointer (RFC 6901) of the place, on the `a` side's structure.
 */
import { isRecord } from "./wire.js";

export const DIFFERENCE_KINDS = [
  "status",
  "key-renamed",
  "key-missing",
  "key-extra",
  "key-order",
  "type",
  "value",
  "length",
  "record-missing",
  "record-extra",
  "record-order",
] as const;
/** What differs; `key-missing` and `record-missing` are on the compared side (B), `-extra` only on B. */
export type DifferenceKind = (typeof DIFFERENCE_KINDS)[number];

export interface JsonDifference {
  kind: DifferenceKind;
  /** JSON pointer of the place in the body (in A's record numbering for lists). */
  pointer: string;
  /** What A has there, short. */
  a: string;
  /** What B has there, short. */
  b: string;
}

/** Characters of a value shown in a difference. */
const SHOWN_CHARS = 120;

export const escapePointer = (segment: string | number): string =>
  String(segment).replace(/~/g, "~0").replace(/\//g, "~1");

export const show = (value: unknown): string => {
  const text = value === undefined ? "(absent)" : JSON.stringify(value);
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text;
};

export const jsonType = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? "array" : typeof value;

/** Every difference between `a` and `b`, in document order. */
export function diffJson(a: unknown, b: unknown, pointer = ""): JsonDifference[] {
  const out: JsonDifference[] = [];
  walk(a, b, pointer, out);
  return out;
}

function walk(a: unknown, b: unknown, pointer: string, out: JsonDifference[]): void {
  const [ta, tb] = [jsonType(a), jsonType(b)];
  if (ta !== tb) {
    out.push({ kind: "type", pointer, a: `${ta} ${show(a)}`, b: `${tb} ${show(b)}` });
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) walk(a[i], b[i], `${pointer}/${i}`, out);
    if (a.length !== b.length)
      out.push({ kind: "length", pointer, a: `${a.length} items`, b: `${b.length} items` });
    return;
  }
  if (isRecord(a) && isRecord(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    const missing = ka.filter((k) => !Object.hasOwn(b, k));
    const extra = kb.filter((k) => !Object.hasOwn(a, k));
    if (missing.length === 1 && extra.length === 1) {
      const [m, e] = [missing[0] as string, extra[0] as string];
      out.push({ kind: "key-renamed", pointer: `${pointer}/${escapePointer(m)}`, a: m, b: e });
    } else {
      for (const k of missing)
        out.push({
          kind: "key-missing",
          pointer: `${pointer}/${escapePointer(k)}`,
          a: show(a[k]),
          b: "(absent)",
        });
      for (const k of extra)
        out.push({
          kind: "key-extra",
          pointer: `${pointer}/${escapePointer(k)}`,
          a: "(absent)",
          b: show(b[k]),
        });
    }
    const common = ka.filter((k) => Object.hasOwn(b, k));
    const orderB = kb.filter((k) => Object.hasOwn(a, k));
    if (common.join("\u0000") !== orderB.join("\u0000"))
      out.push({ kind: "key-order", pointer, a: common.join(","), b: orderB.join(",") });
    for (const k of common) walk(a[k], b[k], `${pointer}/${escapePointer(k)}`, out);
    return;
  }
  if (a !== b) out.push({ kind: "value", pointer, a: show(a), b: show(b) });
}

/**
 * Compares two record lists matched by record id: records only on A (`record-missing`), only on B
 * (`record-extra`), common records in a different relative order (`record-order`, once), and the
 * fields of each common record (pointer `/<listKey>/<index on A>`).
 */
export function diffRecords(
  listKey: string,
  a: readonly unknown[],
  b: readonly unknown[],
  id: (record: unknown) => string,
): JsonDifference[] {
  const out: JsonDifference[] = [];
  const base = `/${escapePointer(listKey)}`;
  // A record listed twice (a walk of a live list can meet one again) is matched occurrence by
  // occurrence: A's second with B's second, not with B's first.
  const indexB = new Map<string, number[]>();
  b.forEach((r, i) => {
    const at = indexB.get(id(r));
    if (at) at.push(i);
    else indexB.set(id(r), [i]);
  });
  const commonOrderB: number[] = [];
  a.forEach((record, i) => {
    const j = indexB.get(id(record))?.shift();
    if (j === undefined) {
      out.push({ kind: "record-missing", pointer: `${base}/${i}`, a: `record ${id(record)}`, b: "(absent)" });
      return;
    }
    commonOrderB.push(j);
    walk(record, b[j], `${base}/${i}`, out);
  });
  // What A's records did not take is B's alone.
  const left = [...indexB.values()].flat().sort((x, y) => x - y);
  for (const j of left)
    out.push({
      kind: "record-extra",
      pointer: `${base}/-`,
      a: "(absent)",
      b: `record ${id(b[j])} at ${j}`,
    });
  const firstOut = commonOrderB.findIndex((j, k) => k > 0 && j < (commonOrderB[k - 1] as number));
  if (firstOut > 0)
    out.push({ kind: "record-order", pointer: `${base}/${firstOut}`, a: "A's order", b: "another order" });
  return out;
}
