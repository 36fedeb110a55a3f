import { describe, expect, it } from "vitest";
import { ApiError } from "../api/errors.js";
import {
  buildPagination,
  decodeKey,
  encodeCursor,
  encodeOffset,
  type ListCursor,
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
  const collection = (bytes: number, hex: string) => `0x${hex.repeat(bytes)}`;
  it.each([
    ["tx", "eyJzZXF1ZW5jZSI6MTIzNDV9", { kind: "sequence", sequence: 12345n }],
    ["block", "eyJoZWlnaHQiOjEwMH0=", { kind: "height", height: 100n }],
    ["nftCollection", "eyJoZWlnaHQiOjEwMH0=", { kind: "height", height: 100n }],
    [
      "nftToken",
      "eyJoZWlnaHQiOjMwMCwidG9rZW5faWQiOiJ0b2tlbjEyMyJ9",
      { kind: "height_token_id", height: 300n, tokenId: "token123" },
    ],
    [
      "nftToken",
      b64(`{"collection_addr":"${collection(20, "ab")}","height":7,"token_id":"t"}`),
      { kind: "height_token_id", height: 7n, tokenId: "t", collection: Buffer.alloc(20, 0xab) },
    ],
    [
      "nftCollection",
      b64(`{"collection_addr":"${collection(32, "CD")}","height":7}`),
      { kind: "height", height: 7n, collection: Buffer.alloc(32, 0xcd) },
    ],
    [
      "richList",
      b64(`{"account":"0x${"0a".repeat(20)}","amount":"123456789012345678901234567890"}`),
      { kind: "amount", amount: "123456789012345678901234567890", account: Buffer.alloc(20, 0x0a) },
    ],
    ["richList", b64('{"amount":"5"}'), { kind: "amount", amount: "5" }],
    ...(["tx", "block", "nftCollection", "nftToken", "richList"] as const).flatMap((list) => [
      [list, b64("200"), { kind: "offset", offset: 200 }],
      [list, "", undefined],
      [list, undefined, undefined],
    ]),
  ] as [ListCursor, string | undefined, unknown][])("decodes a %s key %s", (list, key, expected) => {
    expect(decodeKey(key, list)).toEqual(expected);
  });

  it("restores a + that arrived as a space", () => {
    const key = encodeCursor({ height: 1, token_id: "~~~" });
    expect(key).toContain("+");
    expect(decodeKey(key.replace("+", " "), "nftToken")).toEqual({
      kind: "height_token_id",
      height: 1n,
      tokenId: "~~~",
    });
  });

  const FIX = "; pass the next_key of a previous page, or no key for the first page";
  const shapeError = (form: string) => `this list's keys are base64 of ${form} or of a decimal offset`;
  const forms = {
    tx: '{"sequence":N}',
    block: '{"height":N}',
    nftCollection: '{"height":N} or {"collection_addr":"0x..","height":N}',
    nftToken: '{"height":N,"token_id":"T"} or {"collection_addr":"0x..","height":N,"token_id":"T"}',
    richList: '{"amount":"N"} or {"account":"0x..","amount":"N"}',
  };
  it.each([
    ["tx", "not*base64", "must be a valid base64 encoded string"],
    ["tx", b64("-5"), "must decode to a nonnegative integer (an offset) or a JSON cursor"],
    ["block", b64("abc"), "must decode to a nonnegative integer (an offset) or a JSON cursor"],
    ["tx", b64("{broken"), "must be base64 of a JSON cursor or of a decimal offset"],
    ["tx", b64('{"sequence":"x"}'), "sequence must be an integer from 0 to 2^63-1"],
    [
      "nftCollection",
      b64(`{"collection_addr":"0x${"ab".repeat(19)}","height":7}`),
      "collection_addr must be 0x and 20 or 32 bytes of hex",
    ],
    ["tx", b64(`{"sequence":"${"9".repeat(20)}"}`), "sequence must be an integer from 0 to 2^63-1"],
    ["tx", b64('{"sequence":-1}'), "sequence must be an integer from 0 to 2^63-1"],
    ["block", b64('{"height":"9223372036854775808"}'), "height must be an integer from 0 to 2^63-1"],
    ["block", b64('{"height":"0x10"}'), "height must be an integer from 0 to 2^63-1"],
    ["nftCollection", b64('{"height":1e300}'), "height must be an integer from 0 to 2^63-1"],
    [
      "nftToken",
      b64('{"height":1,"token_id":"a\\u0000b"}'),
      "token_id must be a string of valid text (no NUL)",
    ],
    [
      "nftToken",
      b64('{"height":1,"token_id":"\\ud800"}'),
      "token_id must be a string of valid text (no NUL)",
    ],
    ["nftToken", b64('{"height":1,"token_id":5}'), "token_id must be a string of valid text (no NUL)"],
    ["richList", b64('{"amount":"1.5"}'), "amount must be a decimal integer string"],
    ["richList", b64('{"amount":"15","account":"init1xyz"}'), "account must be 0x and 20 or 32 bytes of hex"],
    [
      "nftToken",
      b64('{"collection_addr":7,"height":7,"token_id":"1"}'),
      "collection_addr must be 0x and 20 or 32 bytes of hex",
    ],
    // Keys this list does not issue: unknown fields, missing ones, another list's cursor.
    ["block", "eyJmb28iOjF9", shapeError(forms.block)],
    ["block", "eyJzZXF1ZW5jZSI6MTIzNDV9", shapeError(forms.block)],
    ["block", b64("{}"), shapeError(forms.block)],
    ["block", b64(`{"collection_addr":"${collection(20, "ab")}","height":7}`), shapeError(forms.block)],
    ["tx", b64('{"height":7}'), shapeError(forms.tx)],
    ["tx", b64('{"sequence":7,"foo":1}'), shapeError(forms.tx)],
    ["nftCollection", b64('{"height":7,"token_id":"1"}'), shapeError(forms.nftCollection)],
    ["nftCollection", b64('{"sequence":7}'), shapeError(forms.nftCollection)],
    ["nftToken", b64('{"height":7}'), shapeError(forms.nftToken)],
    ["nftToken", b64('{"token_id":"1"}'), shapeError(forms.nftToken)],
    ["richList", b64('{"account":"0xab"}'), shapeError(forms.richList)],
    ["richList", b64('{"sequence":5}'), shapeError(forms.richList)],
    ["richList", b64('{"other":1}'), shapeError(forms.richList)],
  ] as [ListCursor, string, string][])("refuses a %s key %s", (list, key, problem) => {
    const description = `${problem}${FIX}`;
    expect(errorOf(() => decodeKey(key, list))).toEqual({
      status: 400,
      body: {
        code: 3,
        message: `invalid pagination.key: ${description}`,
        details: [{ field: "query.pagination.key", description }],
      },
    });
  });
});

describe("parsePageRequest", () => {
  it("defaults like the reference", () => {
    expect(parsePageRequest({}, "tx")).toEqual({
      limit: 100,
      reverse: true,
      countTotal: true,
      position: { kind: "offset", offset: 0 },
    });
  });

  it("lets a key win over pagination.offset", () => {
    expect(parsePageRequest({ "pagination.offset": 0, "pagination.key": b64("30") }, "tx").position).toEqual({
      kind: "offset",
      offset: 30,
    });
  });

  const LIMIT = "must be an integer from 1 to 1000";
  const OFFSET = "must be a nonnegative integer";
  it.each([
    ...[0, 1001, "abc", "1e2"].map((limit): [PaginationQuery, string, string] => [
      { "pagination.limit": limit },
      "pagination.limit",
      LIMIT,
    ]),
    ...[-1, "0x10", "1e5", "5.0", " 5", "1".repeat(20)].map((offset): [PaginationQuery, string, string] => [
      { "pagination.offset": offset },
      "pagination.offset",
      OFFSET,
    ]),
  ])("rejects %j in the words of the spec's x-weft-error", (query, name, description) => {
    expect(errorOf(() => parsePageRequest(query, "tx"))).toEqual({
      status: 400,
      body: {
        code: 3,
        message: `invalid ${name}: ${description}`,
        details: [{ field: `query.${name}`, description }],
      },
    });
  });
});

describe("buildPagination", () => {
  const request = parsePageRequest({ "pagination.limit": 10, "pagination.offset": 20 }, "tx");

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
    const req = parsePageRequest({ "pagination.limit": 100, "pagination.offset": 50 }, "tx");
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
