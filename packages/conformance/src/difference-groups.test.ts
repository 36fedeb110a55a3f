import { describe, expect, it } from "vitest";
import { generalizePointer, groupDifferences } from "./difference-groups.js";
import type { Difference } from "./run-differential.js";

const operations = [
  { operationId: "listBlocks", method: "GET", path: "/indexer/block/v1/blocks" },
  { operationId: "getBlock", method: "GET", path: "/indexer/block/v1/blocks/{height}" },
];

const moniker = (i: number, path: string): Difference => ({
  kind: "value",
  pointer: `/blocks/${i}/proposer/moniker`,
  a: '"validator"',
  b: '""',
  operationId: "listBlocks",
  path,
});

describe("generalizePointer", () => {
  it("turns each array index into *, and leaves keys, an extra record's - and the body alone", () => {
    expect(generalizePointer("/blocks/12/proposer/moniker")).toBe("/blocks/*/proposer/moniker");
    expect(generalizePointer("/txs/3/tx/body/messages/10")).toBe("/txs/*/tx/body/messages/*");
    expect(generalizePointer("/txs/-")).toBe("/txs/-");
    expect(generalizePointer("/block/tx_count")).toBe("/block/tx_count");
    expect(generalizePointer("/a1/b12c")).toBe("/a1/b12c");
    expect(generalizePointer("")).toBe("");
  });
});

describe("groupDifferences", () => {
  it("makes one group per operation, place and kind, across records and list variants, with a count and the first as example", () => {
    const walk = "/indexer/block/v1/blocks?pagination.limit=50&pagination.reverse=false";
    const newest = "/indexer/block/v1/blocks?pagination.limit=5&pagination.reverse=true";
    const differences: Difference[] = [
      ...Array.from({ length: 880 }, (_, i) => moniker(i, walk)),
      {
        kind: "value",
        pointer: "/block/proposer/moniker",
        a: '"validator"',
        b: '""',
        operationId: "getBlock",
        path: "/indexer/block/v1/blocks/12",
      },
      ...Array.from({ length: 8 }, (_, i) => moniker(i, newest)),
      {
        kind: "type",
        pointer: "/blocks/3/proposer/moniker",
        a: 'string "x"',
        b: "null",
        operationId: "listBlocks",
        path: walk,
      },
      { ...moniker(4, walk), accepted: { reason: "the reference reads monikers over REST" } },
    ];
    const groups = groupDifferences(differences, operations);
    expect(groups.map((g) => [g.method, g.endpoint, g.pointer, g.kind, g.count, g.accepted?.reason])).toEqual(
      [
        ["GET", "/indexer/block/v1/blocks", "/blocks/*/proposer/moniker", "value", 888, undefined],
        ["GET", "/indexer/block/v1/blocks/{height}", "/block/proposer/moniker", "value", 1, undefined],
        ["GET", "/indexer/block/v1/blocks", "/blocks/*/proposer/moniker", "type", 1, undefined],
        [
          "GET",
          "/indexer/block/v1/blocks",
          "/blocks/*/proposer/moniker",
          "value",
          1,
          "the reference reads monikers over REST",
        ],
      ],
    );
    expect(groups[0]?.operationId).toBe("listBlocks");
    expect(groups[0]?.example).toEqual(moniker(0, walk));
    // Nothing lost: the counts add up to every difference.
    expect(groups.reduce((n, g) => n + g.count, 0)).toBe(differences.length);
  });

  it("groups an operation the report does not list under its request path", () => {
    const [group] = groupDifferences(
      [{ kind: "status", pointer: "", a: "200", b: "500", operationId: "getX", path: "/x/1?y=2" }],
      [],
    );
    expect(group).toMatchObject({ method: "GET", endpoint: "/x/1", pointer: "", count: 1 });
  });
});
