import { describe, expect, it } from "vitest";
import { createAcceptance, parseAcceptedDifferences } from "./accepted-differences.js";
import { diffJson, diffRecords } from "./json-diff.js";

describe("diffJson", () => {
  it("finds a renamed key, reordered keys, a changed type and a changed value, each once at its pointer", () => {
    const a = { h: "1", b: { x: 1, y: 2 }, list: [{ v: "a" }, { v: "b" }], k: 1 };
    const b = { h: 1, b: { y: 2, x: 1 }, list: [{ v: "a" }, { v: "c" }], kk: 1 };
    expect(diffJson(a, b).map((d) => [d.kind, d.pointer])).toEqual([
      ["key-renamed", "/k"],
      ["type", "/h"],
      ["key-order", "/b"],
      ["value", "/list/1/v"],
    ]);
    expect(diffJson(a, structuredClone(a))).toEqual([]);
    expect(diffJson({ "a/b": 1, c: 2, d: 3 }, { "a/b": 2 }).map((d) => [d.kind, d.pointer])).toEqual([
      ["key-missing", "/c"],
      ["key-missing", "/d"],
      ["value", "/a~1b"],
    ]);
  });

  it("matches list records by id: an extra and a missing record, a changed one at A's index", () => {
    const id = (r: unknown) => String((r as { id: number }).id);
    const a = [{ id: 1 }, { id: 2, v: 1 }, { id: 3 }];
    const b = [{ id: 1 }, { id: 9 }, { id: 2, v: 2 }];
    expect(diffRecords("items", a, b, id).map((d) => [d.kind, d.pointer])).toEqual([
      ["value", "/items/1/v"],
      ["record-missing", "/items/2"],
      ["record-extra", "/items/-"],
    ]);
  });

  it("matches a record listed twice occurrence by occurrence (a live list walked over time)", () => {
    const id = (r: unknown) => String((r as { id: number }).id);
    // The same record met twice, in the same versions on both sides: no difference.
    const a = [{ id: 1, h: 5 }, { id: 2 }, { id: 1, h: 9 }];
    expect(diffRecords("items", a, structuredClone(a), id)).toEqual([]);
    // B met it once more than A: that one is B's alone.
    const b = [...structuredClone(a), { id: 1, h: 12 }];
    expect(diffRecords("items", a, b, id).map((d) => [d.kind, d.b])).toEqual([
      ["record-extra", "record 1 at 3"],
    ]);
  });
});

describe("accepted differences", () => {
  it("matches by operation or path, pointer or field pattern, and kind", () => {
    const accept = createAcceptance(
      parseAcceptedDifferences(
        JSON.stringify({
          accepted: [
            {
              operation: "listBlocks",
              field: "blocks.*.proposer.moniker",
              kind: "value",
              reason: "resolved over REST",
            },
            {
              path: "/indexer/tx/v1/txs/**",
              pointer: "/pagination/total",
              reason: "the reference estimates",
            },
          ],
        }),
      ),
    );
    const place = {
      operationId: "listBlocks",
      path: "/indexer/block/v1/blocks",
      pointer: "/blocks/3/proposer/moniker",
      kind: "value" as const,
    };
    expect(accept(place)?.reason).toBe("resolved over REST");
    expect(accept({ ...place, kind: "type" })).toBeUndefined();
    expect(accept({ ...place, pointer: "/blocks/3/proposer" })).toBeUndefined();
    expect(
      accept({
        operationId: "listTxsByAccount",
        path: "/indexer/tx/v1/txs/by_account/init1x",
        pointer: "/pagination/total",
        kind: "value",
      })?.reason,
    ).toBe("the reference estimates");
    expect(
      accept({
        operationId: "listTxs",
        path: "/indexer/tx/v1/txs",
        pointer: "/pagination/total",
        kind: "value",
      }),
    ).toBeUndefined();
  });

  it("rejects entries without a reason, without a place, or with an unknown kind", () => {
    expect(() => parseAcceptedDifferences('[{"operation":"x"}]', "a.json")).toThrow(
      "a.json: entry 0 has no reason",
    );
    expect(() => parseAcceptedDifferences('[{"reason":"r"}]')).toThrow(
      "names neither an operation nor a path",
    );
    expect(() => parseAcceptedDifferences('[{"operation":"x","kind":"bad","reason":"r"}]')).toThrow(
      'unknown kind "bad"',
    );
    expect(() => parseAcceptedDifferences("{")).toThrow("not JSON");
  });
});
