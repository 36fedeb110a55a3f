import { describe, expect, it } from "vitest";
import { ApiError } from "../api/errors.js";
import {
  buildPagination,
  decodeKey,
  encodeCursor,
  encodeOffset,
  type PaginationQuery,
  parsePageRequest,
} from "./pagination.js";

const b64 = (s: string) => Buffer.from(s).toString("base64");

function errorOf(fn: () => unknown): { status: number; body: unknown } {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return { status: err.status, body: err.toBody() };
    throw err;
  }
  throw new Error("expected an ApiError");
}

describe("encodeCursor", () => {
  it("matches the reference's bytes (sorted keys, no spaces)", () => {
    expect(encodeCursor({ sequence: 12345 })).toBe("eyJzZXF1ZW5jZSI6MTIzNDV9");
    expect(encodeCursor({ height: 100 })).toBe("eyJoZWlnaHQiOjEwMH0=");
    expect(encodeCursor({ token_id: "token123", height: 300 })).toBe(
      "eyJoZWlnaHQiOjMwMCwidG9rZW5faWQiOiJ0b2tlbjEyMyJ9",
    );
  });
});

describe("decodeKey", () => {
  it.each([
    ["eyJzZXF1ZW5jZSI6MTIzNDV9", { kind: "sequence", sequence: 12345n }],
    ["eyJoZWlnaHQiOjEwMH0=", { kind: "height", height: 100n }],
    [
      "eyJoZWlnaHQiOjMwMCwidG9rZW5faWQiOiJ0b2tlbjEyMyJ9",
      { kind: "height_token_id", height: 300n, tokenId: "token123" },
    ],
    [
      b64(`{"collection_addr":"0x${"ab".repeat(20)}","height":7,"token_id":"t"}`),
      { kind: "height_token_id", height: 7n, tokenId: "t", collection: Buffer.alloc(20, 0xab) },
    ],
    [
      b64(`{"collection_addr":"0x${"CD".repeat(32)}","height":7}`),
      { kind: "height", height: 7n, collection: Buffer.alloc(32, 0xcd) },
    ],
    [
      b64(`{"account":"0x${"0a".repeat(20)}","amount":"123456789012345678901234567890"}`),
      { kind: "amount", amount: "123456789012345678901234567890", account: Buffer.alloc(20, 0x0a) },
    ],
    [b64("200"), { kind: "offset", offset: 200 }],
    [b64('{"other":1}'), undefined],
    ["", undefined],
    [undefined, undefined],
  ])("decodes %s", (key, expected) => {
    expect(decodeKey(key)).toEqual(expected);
  });

  it("restores a + that arrived as a space", () => {
    const key = encodeCursor({ height: 1, token_id: "~~~" });
    expect(key).toContain("+");
    expect(decodeKey(key.replace("+", " "))).toEqual({ kind: "height_token_id", height: 1n, tokenId: "~~~" });
  });

  it.each([
    ["not*base64", "pagination.key must be a valid base64 encoded string"],
    [b64("-5"), "pagination.key must decode to a nonnegative integer"],
    [b64("abc"), "pagination.key must decode to a nonnegative integer"],
    [b64("{broken"), "invalid pagination.key format: expected base64 of JSON or of a decimal offset"],
    [b64('{"sequence":"x"}'), "invalid pagination.key: sequence must be an integer from 0 to 2^63-1"],
    [
      b64(`{"collection_addr":"0x${"ab".repeat(19)}","height":7}`),
      "invalid pagination.key: collection_addr must be 0x and 20 or 32 bytes of hex",
    ],
    [
      b64(`{"sequence":"${"9".repeat(20)}"}`),
      "invalid pagination.key: sequence must be an integer from 0 to 2^63-1",
    ],
    [b64('{"sequence":-1}'), "invalid pagination.key: sequence must be an integer from 0 to 2^63-1"],
    [
      b64('{"height":"9223372036854775808"}'),
      "invalid pagination.key: height must be an integer from 0 to 2^63-1",
    ],
    [b64('{"height":"0x10"}'), "invalid pagination.key: height must be an integer from 0 to 2^63-1"],
    [b64('{"height":1e300}'), "invalid pagination.key: height must be an integer from 0 to 2^63-1"],
    [
      b64('{"height":1,"token_id":"a\\u0000b"}'),
      "invalid pagination.key: token_id must be a string of valid text (no NUL)",
    ],
    [
      b64('{"height":1,"token_id":"\\ud800"}'),
      "invalid pagination.key: token_id must be a string of valid text (no NUL)",
    ],
    [b64('{"amount":"1.5"}'), "invalid pagination.key: amount must be a decimal integer string"],
    [
      b64('{"amount":"15","account":"init1xyz"}'),
      "invalid pagination.key: account must be 0x and 20 or 32 bytes of hex",
    ],
    [
      b64('{"collection_addr":7,"height":7,"token_id":"1"}'),
      "invalid pagination.key: collection_addr must be 0x and 20 or 32 bytes of hex",
    ],
  ])("rejects %s", (key, message) => {
    expect(errorOf(() => decodeKey(key))).toEqual({
      status: 400,
      body: { code: 3, message, details: [{ field: "query.pagination.key", description: message }] },
    });
  });
});

describe("parsePageRequest", () => {
  it("defaults like the reference", () => {
    expect(parsePageRequest({})).toEqual({
      limit: 100,
      reverse: true,
      countTotal: true,
      position: { kind: "offset", offset: 0 },
    });
  });

  it("lets a key win over pagination.offset", () => {
    expect(parsePageRequest({ "pagination.offset": 0, "pagination.key": b64("30") }).position).toEqual({
      kind: "offset",
      offset: 30,
    });
  });

  it.each([
    [
      { "pagination.limit": 0 },
      "pagination.limit must be between 1 and 1000",
      "query.pagination.limit",
      "must be between 1 and 1000",
    ],
    [
      { "pagination.limit": 1001 },
      "pagination.limit must be between 1 and 1000",
      "query.pagination.limit",
      "must be between 1 and 1000",
    ],
    [
      { "pagination.offset": -1 },
      "pagination.offset cannot be negative",
      "query.pagination.offset",
      "must be >= 0",
    ],
    ...["0x10", "1e5", "5.0", " 5", "1".repeat(20)].map(
      (offset): [PaginationQuery, string, string, string] => [
        { "pagination.offset": offset },
        "pagination.offset must be an integer",
        "query.pagination.offset",
        "must be integer",
      ],
    ),
  ])("rejects %j", (query, message, field, description) => {
    expect(errorOf(() => parsePageRequest(query))).toEqual({
      status: 400,
      body: { code: 3, message, details: [{ field, description }] },
    });
  });
});

describe("buildPagination", () => {
  const request = parsePageRequest({ "pagination.limit": 10, "pagination.offset": 20 });

  it("emits offset keys, and no next_key on the last page", () => {
    expect(buildPagination({ request, hasMore: true, total: 95n })).toEqual({
      previous_key: encodeOffset(10),
      next_key: encodeOffset(30),
      total: "95",
    });
    expect(buildPagination({ request, hasMore: false, total: 25 })).toEqual({
      previous_key: encodeOffset(10),
      next_key: null,
      total: "25",
    });
  });

  it("has no previous_key before a whole page (offset < limit)", () => {
    const req = parsePageRequest({ "pagination.limit": 100, "pagination.offset": 50 });
    expect(buildPagination({ request: req, hasMore: false, total: 60 }).previous_key).toBeNull();
  });

  it("emits the last record's cursor in cursor mode", () => {
    expect(buildPagination({ request, hasMore: true, total: null, nextCursor: { sequence: 7n } })).toEqual({
      previous_key: null,
      next_key: "eyJzZXF1ZW5jZSI6N30=",
      total: "0",
    });
    expect(
      buildPagination({ request, hasMore: false, total: 3, nextCursor: { sequence: 7n } }).next_key,
    ).toBeNull();
  });

  it("keeps the offset previous_key of an offset request where asked (NFT lists)", () => {
    const cursor = { height: 7n, token_id: "a" };
    expect(
      buildPagination({ request, hasMore: true, total: 0, nextCursor: cursor, offsetPreviousKey: true }),
    ).toEqual({ previous_key: encodeOffset(10), next_key: encodeCursor(cursor), total: "0" });
  });
});
