/**
 * The file of accepted differences (`--accept FILE`): a JSON array (or `{ "accepted": [...] }`) of
 * entries `{ operation | path, pointer | field, kind, reason }`. An entry matches a difference when
 * every field it gives matches: `operation` the operationId, `path` a pattern on the request path
 * (`*` any characters but `/`, `**` anything), `pointer` a JSON pointer pattern (`*` one segment,
 * `**` any number) or `field` the same as a dotted path (`blocks.*.proposer`), `kind` the kind.
 */
import { readFileSync } from "node:fs";
import { DIFFERENCE_KINDS, type DifferenceKind } from "./json-diff.js";
import { isRecord } from "./wire.js";

export interface AcceptedDifference {
  operation?: string;
  path?: string;
  pointer?: string;
  field?: string;
  kind?: DifferenceKind;
  reason: string;
}

/** What an entry is matched against. */
export interface DifferencePlace {
  operationId: string;
  path: string;
  pointer: string;
  kind: DifferenceKind;
}

const escapeRegex = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&");

function globToRegex(pattern: string, separator: string): RegExp {
  const sep = escapeRegex(separator);
  const body = pattern
    .split(/(\*\*|\*)/)
    .map((part) => (part === "**" ? ".*" : part === "*" ? `[^${sep}]*` : escapeRegex(part)))
    .join("");
  return new RegExp(`^${body}$`);
}

const fieldToPointer = (field: string) =>
  field === ""
    ? ""
    : `/${field
        .split(".")
        .map((s) => s.replace(/~/g, "~0").replace(/\//g, "~1"))
        .join("/")}`;

/** @throws Error naming the entry when the document is not a list of valid entries. */
export function parseAcceptedDifferences(
  text: string,
  source = "accepted differences",
): AcceptedDifference[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new Error(`${source}: not JSON (${(err as Error).message})`);
  }
  const list = isRecord(doc) ? doc.accepted : doc;
  if (!Array.isArray(list))
    throw new Error(`${source}: expected a JSON array of entries or { "accepted": [...] }`);
  return list.map((entry, i) => {
    const where = `${source}: entry ${i}`;
    if (!isRecord(entry)) throw new Error(`${where} is not an object`);
    if (typeof entry.reason !== "string" || entry.reason.trim() === "")
      throw new Error(`${where} has no reason`);
    if (entry.operation === undefined && entry.path === undefined)
      throw new Error(`${where} names neither an operation nor a path`);
    if (entry.kind !== undefined && !(DIFFERENCE_KINDS as readonly unknown[]).includes(entry.kind))
      throw new Error(
        `${where}: unknown kind ${JSON.stringify(entry.kind)} (one of ${DIFFERENCE_KINDS.join(", ")})`,
      );
    for (const key of ["operation", "path", "pointer", "field"] as const) {
      if (entry[key] !== undefined && typeof entry[key] !== "string")
        throw new Error(`${where}: ${key} is not a string`);
    }
    return entry as unknown as AcceptedDifference;
  });
}

export function loadAcceptedDifferences(file: string): AcceptedDifference[] {
  return parseAcceptedDifferences(readFileSync(file, "utf8"), file);
}

/** A matcher: the first entry accepting a difference, or undefined. */
export function createAcceptance(
  entries: readonly AcceptedDifference[],
): (place: DifferencePlace) => AcceptedDifference | undefined {
  const compiled = entries.map((entry) => {
    const pointer = entry.pointer ?? (entry.field !== undefined ? fieldToPointer(entry.field) : undefined);
    return {
      entry,
      path: entry.path !== undefined ? globToRegex(entry.path, "/") : undefined,
      pointer: pointer !== undefined ? globToRegex(pointer, "/") : undefined,
    };
  });
  return (place) =>
    compiled.find(
      (c) =>
        (c.entry.operation === undefined || c.entry.operation === place.operationId) &&
        (c.path === undefined || c.path.test(place.path)) &&
        (c.pointer === undefined || c.pointer.test(place.pointer)) &&
        (c.entry.kind === undefined || c.entry.kind === place.kind),
    )?.entry;
}
