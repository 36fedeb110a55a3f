/**
 * Reading wire bodies. Their shapes are the contract's (`@weft/spec/schemas`), but a deployment under
 * test may send anything, so code reading them first checks the shape it relies on (`isRecord`, ...).
 */
import type { Pagination } from "@weft/spec/schemas";

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The record array and pagination of a list body, or a description of what is wrong. */
export function readPage(
  body: unknown,
  listKey: string,
): { items: unknown[]; pagination: Pagination } | { problem: string } {
  if (!isRecord(body)) return { problem: "body is not a JSON object" };
  const items = body[listKey];
  if (!Array.isArray(items)) return { problem: `\`${listKey}\` is not an array` };
  const pagination = body.pagination;
  if (!isRecord(pagination)) return { problem: "`pagination` is not an object" };
  return { items, pagination: pagination as unknown as Pagination };
}
