/**
 * One cause seen from two deployments is usually one difference repeated: a field rendered another
 * way shows up in every record of every page of every way a list is asked (888 lines for one
 * moniker). Grouped by endpoint, place and kind, with a count and one example, the report names
 * each cause once; the report's `compared` keeps every difference for machines.
 */
import type { DifferenceKind, JsonDifference } from "./json-diff.js";

/** One difference a differential run found: where, and whether it is an accepted one. */
export interface Difference extends JsonDifference {
  operationId: string;
  /** The request path (with query) asked of both sides. */
  path: string;
  /** Present when an accepted-differences entry matches it. */
  accepted?: { reason: string };
}

export interface DifferenceGroup {
  operationId: string;
  /** `GET` */
  method: string;
  /** The operation's path template, `/indexer/block/v1/blocks/{height}`. */
  endpoint: string;
  /**
   * The JSON pointer with each array index (a list record, an array element) replaced by `*`: the
   * form of an accepted-differences `pointer` pattern, so a group can be accepted as it reads.
   */
  pointer: string;
  kind: DifferenceKind;
  count: number;
  /** Present when the group's differences are accepted (by this reason). */
  accepted?: { reason: string };
  /** The first difference of the group, in report order. */
  example: Difference;
}

/** The endpoint of an operation, from the report's `operations`. */
export interface OperationEndpoint {
  operationId: string;
  method: string;
  path: string;
}

// "/blocks/12/proposer/moniker" -> "/blocks/*/proposer/moniker"; "-" (an extra record) stays.
export const generalizePointer = (pointer: string): string => pointer.replace(/\/\d+(?=\/|$)/g, "/*");

/**
 * Groups differences by operation, generalized pointer, kind and acceptance (an accepted group
 * and an open one never merge: they answer different questions).
 * @returns the groups in order of their first difference, each with its count and that example.
 */
export function groupDifferences(
  differences: readonly Difference[],
  operations: readonly OperationEndpoint[],
): DifferenceGroup[] {
  const endpoints = new Map(operations.map((o) => [o.operationId, o]));
  const groups = new Map<string, DifferenceGroup>();
  for (const d of differences) {
    const pointer = generalizePointer(d.pointer);
    const key = JSON.stringify([d.operationId, pointer, d.kind, d.accepted?.reason ?? null]);
    const group = groups.get(key);
    if (group) {
      group.count += 1;
      continue;
    }
    const op = endpoints.get(d.operationId);
    groups.set(key, {
      operationId: d.operationId,
      method: op?.method ?? "GET",
      // An operation missing from the list (a hand-made report) still groups, by its first path.
      endpoint: op?.path ?? d.path.split("?")[0] ?? d.path,
      pointer,
      kind: d.kind,
      count: 1,
      ...(d.accepted ? { accepted: d.accepted } : {}),
      example: d,
    });
  }
  return [...groups.values()];
}
