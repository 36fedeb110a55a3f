/**
 * Wire shapes, taken from the generated contract types (never redeclared). A deployment under test
 * may send anything, so code reading these first checks the shape it relies on (`isRecord`, ...).
 */
import type { components, operations } from "@weft/spec/types";

type Schemas = components["schemas"];
export type Block = Schemas["block"];
export type TxResponse = Schemas["tx-response"];
export type Pagination = Schemas["pagination"];
export type NftCollection = Schemas["nft-collection"];
export type NftToken = Schemas["nft-token"];
export type RichListHolder = Schemas["rich-list-holder"];
export type EvmTx = Schemas["evm-tx"];
export type StatusBody = operations["getStatus"]["responses"][200]["content"]["application/json"];
export type ErrorBody = Schemas["error"];

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
