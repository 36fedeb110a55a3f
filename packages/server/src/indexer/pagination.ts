/**
 * Pagination of every indexer list, as the reference indexer does it (rollytics; see the spec's
 * `pagination.*` parameters): each list takes its own cursor keys (`{"sequence":N}`, `{"height":N}`,
 * `{"height":N,"token_id":T}`, base64 JSON) and offset keys (base64 decimal).
 *
 * Deliberate differences, invisible to clients that loop until `next_key` is null:
 * - a JSON key that is not the list's cursor (unknown fields, missing ones, another list's) is a 400
 *   naming `pagination.key`, where the reference silently serves the first page;
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

/** The 400 of a bad numeric parameter, worded as the spec's `x-weft-error` on its schema words it. */
function numberError(name: string, description: string) {
  return badRequest(`invalid ${name}: ${description}`, [{ field: `query.${name}`, description }]);
}

export const LIMIT_RULE = `must be an integer from 1 to ${MAX_LIMIT}`;
export const OFFSET_RULE = "must be a nonnegative integer";

/**
 * A decimal integer query value. `Number()` would also read `1e5`, `5.0`, `0x10` or ` 7`; the
 * reference (Go's strconv) refuses them, and so do we.
 */
function toInt(value: number | string | undefined, name: string, rule: string): number | undefined {
  if (value === undefined || value === "") return undefined;
  const n = typeof value === "number" ? value : /^-?\d{1,16}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n)) throw numberError(name, rule);
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

/**
 * The cursor each list issues as `next_key` and takes back (the spec documents it on the list's own
 * `pagination.key` parameter): its JSON fields, required and optional. A key of any other shape is a
 * 400, where the reference pages from the start: a client holding a wrong key (a copied example,
 * another list's cursor) would otherwise read page 1 again without knowing.
 */
const CURSORS = {
  block: { required: ["height"], optional: [], form: '{"height":N}' },
  tx: { required: ["sequence"], optional: [], form: '{"sequence":N}' },
  nftCollection: {
    required: ["height"],
    optional: ["collection_addr"],
    form: '{"height":N} or {"collection_addr":"0x..","height":N}',
  },
  nftToken: {
    required: ["height", "token_id"],
    optional: ["collection_addr"],
    form: '{"height":N,"token_id":"T"} or {"collection_addr":"0x..","height":N,"token_id":"T"}',
  },
  richList: {
    required: ["amount"],
    optional: ["account"],
    form: '{"amount":"N"} or {"account":"0x..","amount":"N"}',
  },
} as const satisfies Record<
  string,
  { required: readonly string[]; optional: readonly string[]; form: string }
>;

/** Which list a key is decoded for: `block`, `tx` (every sequence-paged list), `nftCollection`, ... */
export type ListCursor = keyof typeof CURSORS;

/** What a client does about any bad key; every key error ends with it. */
const KEY_FIX = "pass the next_key of a previous page, or no key for the first page";

/** The 400 of a bad key: `invalid pagination.key: <problem>; <fix>`, as the validator words its 400s. */
function keyError(problem: string) {
  const description = `${problem}; ${KEY_FIX}`;
  return badRequest(`invalid pagination.key: ${description}`, [
    { field: "query.pagination.key", description },
  ]);
}

/** An address in a cursor (NFT `collection_addr`, rich-list `account`): 0x and 20 or 32 bytes of hex. */
function addressOf(value: unknown, field: string): Buffer {
  if (typeof value === "string" && /^0x(?:[0-9a-fA-F]{40}|[0-9a-fA-F]{64})$/.test(value))
    return Buffer.from(value.slice(2), "hex");
  throw keyError(`${field} must be 0x and 20 or 32 bytes of hex`);
}

function heightOf(parsed: Record<string, unknown>): bigint {
  const height = nonNegativeBigInt(parsed.height);
  if (height === undefined) throw keyError("height must be an integer from 0 to 2^63-1");
  return height;
}

/** The position of a JSON cursor of `list`'s shape. */
function cursorOf(parsed: Record<string, unknown>, list: ListCursor): PagePosition {
  const shape: { required: readonly string[]; optional: readonly string[]; form: string } = CURSORS[list];
  const fields = Object.keys(parsed);
  const fits =
    shape.required.every((f) => fields.includes(f)) &&
    fields.every((f) => shape.required.includes(f) || shape.optional.includes(f));
  if (!fits) throw keyError(`this list's keys are base64 of ${shape.form} or of a decimal offset`);
  switch (list) {
    case "tx": {
      const sequence = nonNegativeBigInt(parsed.sequence);
      if (sequence === undefined) throw keyError("sequence must be an integer from 0 to 2^63-1");
      return { kind: "sequence", sequence };
    }
    case "block":
      return { kind: "height", height: heightOf(parsed) };
    case "nftCollection":
    case "nftToken": {
      const height = heightOf(parsed);
      const tie =
        "collection_addr" in parsed
          ? { collection: addressOf(parsed.collection_addr, "collection_addr") }
          : {};
      if (list === "nftCollection") return { kind: "height", height, ...tie };
      if (typeof parsed.token_id !== "string" || UNSTORABLE_TEXT.test(parsed.token_id))
        throw keyError("token_id must be a string of valid text (no NUL)");
      return { kind: "height_token_id", height, tokenId: parsed.token_id, ...tie };
    }
    case "richList": {
      if (typeof parsed.amount !== "string" || !/^-?\d{1,78}$/.test(parsed.amount))
        throw keyError("amount must be a decimal integer string");
      const tie = "account" in parsed ? { account: addressOf(parsed.account, "account") } : {};
      return { kind: "amount", amount: parsed.amount, ...tie };
    }
  }
}

/**
 * Decodes `pagination.key` for `list` into a position; `undefined` when absent or empty.
 * @throws ApiError 400 naming `pagination.key`: not base64, neither JSON nor a decimal offset, or a
 *   JSON cursor with fields `list` does not issue or without the ones it does.
 */
export function decodeKey(raw: string | undefined, list: ListCursor): PagePosition | undefined {
  if (raw === undefined || raw === "") return undefined;
  // A `+` that reached us unencoded arrives as a space; put it back rather than fail the client.
  const key = raw.replace(/ /g, "+");
  if (!BASE64.test(key) || key.replace(/=+$/, "").length % 4 === 1) {
    throw keyError("must be a valid base64 encoded string");
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
    if (!parsed) throw keyError("must be base64 of a JSON cursor or of a decimal offset");
    return cursorOf(parsed, list);
  }
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw keyError("must decode to a nonnegative integer (an offset) or a JSON cursor");
  }
  return { kind: "offset", offset: Number(text) };
}

/**
 * Reads the `pagination.*` query parameters.
 * @param list whose cursor `pagination.key` may hold (ListCursor).
 * @throws ApiError 400 naming the parameter: limit outside 1..1000, negative offset, a key this
 *   list did not issue.
 */
export function parsePageRequest(query: PaginationQuery, list: ListCursor): PageRequest {
  // The request validator already refused these (the spec's schemas, same words); the checks stay
  // for callers without it (the benchmarks' raw baseline).
  const limit = toInt(query["pagination.limit"], "pagination.limit", LIMIT_RULE) ?? DEFAULT_LIMIT;
  if (limit < 1 || limit > MAX_LIMIT) throw numberError("pagination.limit", LIMIT_RULE);
  const offset = toInt(query["pagination.offset"], "pagination.offset", OFFSET_RULE) ?? 0;
  if (offset < 0) throw numberError("pagination.offset", OFFSET_RULE);
  const fromKey = decodeKey(query["pagination.key"], list);
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
