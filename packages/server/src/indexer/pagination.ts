/**
 * Pagination of every indexer list, as the reference indexer does it (rollytics; see the spec's
 * `pagination.*` parameters): cursor keys (`{"sequence":N}`, `{"height":N}`, `{"height":N,"token_id":T}`,
 * base64 JSON) and offset keys (base64 decimal) are both accepted everywhere.
 *
 * Deliberate differences, both invisible to clients that loop until `next_key` is null:
 * - `next_key` is null on the last page (we read one record past the page to know), where the
 *   reference emits a key on every non-empty page and clients make one extra, empty request.
 * - NFT collection and token lists and the rich list emit cursor keys
 *   (`{"collection_addr":..,"height":N[,"token_id":T]}`, `{"account":..,"amount":"N"}`) where the
 *   reference emits base64 offsets: a deep page then costs what the first costs, and a traversal of
 *   an NFT list sees each record once while blocks are ingested (new tokens shift offsets). Offset
 *   keys and `pagination.offset` are still accepted there (the explorer pages the rich list by offset).
 */
import { badRequest } from "../api/errors.js";
import { UNSTORABLE_TEXT } from "../db/unstorable-text.js";

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

/**
 * Where a page starts. `collection` is Weft's tie-break on the NFT lists (`collection_addr` in the
 * key): without it, `(height)` and `(height, token_id)` are not unique, and the reference's own
 * cursors skip the records that tie with the page's last one.
 */
export type PagePosition =
  | { kind: "offset"; offset: number }
  | { kind: "sequence"; sequence: bigint }
  | { kind: "height"; height: bigint; collection?: Buffer }
  | { kind: "height_token_id"; height: bigint; tokenId: string; collection?: Buffer }
  /** The rich list's cursor: a balance (a decimal string, beyond 2^53) and the holder as tie-break. */
  | { kind: "amount"; amount: string; account?: Buffer };

export interface PageRequest {
  limit: number;
  /** Newest (or largest) first. @default true */
  reverse: boolean;
  /** @default true */
  countTotal: boolean;
  position: PagePosition;
}

export interface PaginationQuery {
  "pagination.key"?: string | undefined;
  "pagination.offset"?: number | string | undefined;
  "pagination.limit"?: number | string | undefined;
  "pagination.count_total"?: boolean | string | undefined;
  "pagination.reverse"?: boolean | string | undefined;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function toBool(value: boolean | string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  if (typeof value === "boolean") return value;
  // Same spellings as Go's strconv.ParseBool, which the reference uses.
  if (["1", "t", "T", "TRUE", "true", "True"].includes(value)) return true;
  if (["0", "f", "F", "FALSE", "false", "False"].includes(value)) return false;
  throw badRequest(`pagination: expected true or false, got ${JSON.stringify(value)}`);
}

/**
 * A decimal integer query value. `Number()` would also read `1e5`, `5.0`, `0x10` or ` 7`; the
 * reference (Go's strconv) refuses them, and so do we.
 */
function toInt(value: number | string | undefined, name: string): number | undefined {
  if (value === undefined || value === "") return undefined;
  const n = typeof value === "number" ? value : /^-?\d{1,16}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n))
    throw badRequest(`${name} must be an integer`, [
      { field: `query.${name}`, description: "must be integer" },
    ]);
  return n;
}

/** Largest value of Postgres's bigint, the type of every `sequence` and `height` column. */
const INT64_MAX = 9_223_372_036_854_775_807n;

/**
 * A `sequence` or `height` in a cursor: a JSON integer or decimal string within 0..2^63-1. A larger
 * one would reach Postgres as a bigint parameter it refuses (a 500), so it is checked here, before SQL.
 */
function nonNegativeBigInt(value: unknown): bigint | undefined {
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === "string" && /^\d{1,19}$/.test(value) && BigInt(value) <= INT64_MAX)
    return BigInt(value);
  return undefined;
}

function keyError(message: string) {
  return badRequest(message, [{ field: "query.pagination.key", description: message }]);
}

/** An address in a cursor (NFT `collection_addr`, rich-list `account`): 0x and 20 or 32 bytes of hex. */
function addressOf(value: unknown, field: string): Buffer {
  if (typeof value === "string" && /^0x(?:[0-9a-fA-F]{40}|[0-9a-fA-F]{64})$/.test(value))
    return Buffer.from(value.slice(2), "hex");
  throw keyError(`invalid pagination.key: ${field} must be 0x and 20 or 32 bytes of hex`);
}

/** Decodes `pagination.key` into a position; `undefined` when absent or empty. */
export function decodeKey(raw: string | undefined): PagePosition | undefined {
  if (raw === undefined || raw === "") return undefined;
  // A `+` that reached us unencoded arrives as a space; put it back rather than fail the client.
  const key = raw.replace(/ /g, "+");
  if (!BASE64.test(key) || key.replace(/=+$/, "").length % 4 === 1) {
    throw keyError("pagination.key must be a valid base64 encoded string");
  }
  const text = Buffer.from(key, "base64").toString("utf8").trim();
  if (text.startsWith("{")) {
    let parsed: Record<string, unknown> | undefined;
    try {
      const value: unknown = JSON.parse(text);
      if (value && typeof value === "object" && !Array.isArray(value))
        parsed = value as Record<string, unknown>;
    } catch {
      parsed = undefined;
    }
    if (!parsed)
      throw keyError("invalid pagination.key format: expected base64 of JSON or of a decimal offset");
    if ("sequence" in parsed) {
      const sequence = nonNegativeBigInt(parsed.sequence);
      if (sequence === undefined)
        throw keyError("invalid pagination.key: sequence must be an integer from 0 to 2^63-1");
      return { kind: "sequence", sequence };
    }
    if ("height" in parsed) {
      const height = nonNegativeBigInt(parsed.height);
      if (height === undefined)
        throw keyError("invalid pagination.key: height must be an integer from 0 to 2^63-1");
      const tie =
        "collection_addr" in parsed
          ? { collection: addressOf(parsed.collection_addr, "collection_addr") }
          : {};
      if ("token_id" in parsed) {
        if (typeof parsed.token_id !== "string" || UNSTORABLE_TEXT.test(parsed.token_id))
          throw keyError("invalid pagination.key: token_id must be a string of valid text (no NUL)");
        return { kind: "height_token_id", height, tokenId: parsed.token_id, ...tie };
      }
      return { kind: "height", height, ...tie };
    }
    if ("amount" in parsed) {
      if (typeof parsed.amount !== "string" || !/^-?\d{1,78}$/.test(parsed.amount))
        throw keyError("invalid pagination.key: amount must be a decimal integer string");
      const tie = "account" in parsed ? { account: addressOf(parsed.account, "account") } : {};
      return { kind: "amount", amount: parsed.amount, ...tie };
    }
    // A JSON object naming no cursor field is ignored, as the reference does.
    return undefined;
  }
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw keyError("pagination.key must decode to a nonnegative integer");
  }
  return { kind: "offset", offset: Number(text) };
}

/**
 * Reads the `pagination.*` query parameters.
 * @throws ApiError 400 naming the parameter: limit outside 1..1000, negative offset, malformed key.
 */
export function parsePageRequest(query: PaginationQuery): PageRequest {
  const limit = toInt(query["pagination.limit"], "pagination.limit") ?? DEFAULT_LIMIT;
  if (limit < 1 || limit > MAX_LIMIT) {
    throw badRequest(`pagination.limit must be between 1 and ${MAX_LIMIT}`, [
      { field: "query.pagination.limit", description: `must be between 1 and ${MAX_LIMIT}` },
    ]);
  }
  const offset = toInt(query["pagination.offset"], "pagination.offset") ?? 0;
  if (offset < 0) {
    throw badRequest("pagination.offset cannot be negative", [
      { field: "query.pagination.offset", description: "must be >= 0" },
    ]);
  }
  const fromKey = decodeKey(query["pagination.key"]);
  return {
    limit,
    reverse: toBool(query["pagination.reverse"], true),
    countTotal: toBool(query["pagination.count_total"], true),
    // A key wins over pagination.offset (a decimal key replaces it; a cursor makes it moot).
    position: fromKey ?? { kind: "offset", offset },
  };
}

/** base64 of the cursor's JSON with sorted keys and no spaces, byte-identical to the reference. */
export function encodeCursor(cursor: Record<string, string | number | bigint>): string {
  const body = Object.keys(cursor)
    .sort()
    .map(
      (k) =>
        `${JSON.stringify(k)}:${typeof cursor[k] === "string" ? JSON.stringify(cursor[k]) : String(cursor[k])}`,
    )
    .join(",");
  return Buffer.from(`{${body}}`).toString("base64");
}

export const encodeOffset = (offset: number): string => Buffer.from(String(offset)).toString("base64");

export interface PaginationBody {
  previous_key: string | null;
  next_key: string | null;
  total: string;
}

/**
 * The response `pagination` object.
 * @param nextCursor the cursor of the page's last record when the endpoint pages by cursor; without
 *   it the page is offset-paged and keys are base64 decimal offsets.
 * @param offsetPreviousKey a cursor-paged list that still answers an offset request with the
 *   reference's offset `previous_key` (the NFT lists, offset-paged in the reference).
 */
export function buildPagination(options: {
  request: PageRequest;
  hasMore: boolean;
  total: bigint | number | null;
  nextCursor?: Record<string, string | number | bigint> | undefined;
  offsetPreviousKey?: boolean;
}): PaginationBody {
  const { request, hasMore } = options;
  const total = options.total === null ? "0" : String(options.total);
  const offset = request.position.kind === "offset" ? request.position.offset : 0;
  const previousOffset = offset > 0 && offset >= request.limit ? encodeOffset(offset - request.limit) : null;
  if (options.nextCursor !== undefined) {
    return {
      previous_key: options.offsetPreviousKey ? previousOffset : null,
      next_key: hasMore ? encodeCursor(options.nextCursor) : null,
      total,
    };
  }
  return {
    previous_key: previousOffset,
    next_key: hasMore ? encodeOffset(offset + request.limit) : null,
    total,
  };
}
