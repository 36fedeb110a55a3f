/**
 * A block height in a path (`/blocks/{height}`, the `by_height` lists): a positive decimal integer
 * that fits Postgres's bigint. The request validator coerces `1e5`, `5.0` or `2^63` to numbers that
 * pass an integer schema, and Postgres then refuses the text it is given (a 500); the raw path text
 * is checked here, once for every route, so any other spelling is the same 400.
 */
import { badRequest } from "../api/errors.js";

const INT64_MAX = 9_223_372_036_854_775_807n;

/** @returns the height as decimal text, ready for a bigint parameter. @throws a 400 naming it. */
export function heightParam(text: string): string {
  if (!/^\d{1,19}$/.test(text) || BigInt(text) < 1n || BigInt(text) > INT64_MAX) {
    throw badRequest("invalid height: must be a positive integer", [
      { field: "path.height", description: "must be a positive integer" },
    ]);
  }
  return text;
}
