import { describe, expect, it } from "vitest";
import { createChainHead, perChainHeads, singleChainHeads } from "./chain-head.js";

describe("chain head", () => {
  it("knows nothing until it follows; then a chain's height, null for a chain with no commit", () => {
    const head = createChainHead();
    expect(head.following).toBe(false);
    expect(head.known("a-1")).toBeUndefined();
    head.follow(new Map([["a-1", 10n]]));
    expect(head.following).toBe(true);
    expect(head.known("a-1")).toBe(10n);
    expect(head.known("b-1")).toBeNull();
  });

  it("moves forward only, and each move is a new generation", () => {
    const head = createChainHead();
    head.follow(new Map([["a-1", 10n]]));
    const g = head.generation;
    head.advance("a-1", 11n);
    expect(head.known("a-1")).toBe(11n);
    expect(head.generation).toBe(g + 1);
    head.advance("a-1", 11n);
    head.advance("a-1", 9n);
    expect(head.known("a-1")).toBe(11n);
    expect(head.generation).toBe(g + 1);
  });

  it("losing the commits answers undefined (read the database) and is a new generation", () => {
    const head = createChainHead();
    head.follow(new Map([["a-1", 10n]]));
    const g = head.generation;
    head.lost();
    expect(head.known("a-1")).toBeUndefined();
    expect(head.generation).toBe(g + 1);
    head.follow(new Map([["a-1", 12n]]));
    expect(head.known("a-1")).toBe(12n);
    expect(head.generation).toBe(g + 2);
  });

  it("a read older than a commit seen while it was in flight does not take the head back", () => {
    const head = createChainHead();
    head.advance("a-1", 15n);
    head.follow(new Map([["a-1", 14n]]));
    expect(head.known("a-1")).toBe(15n);
  });
});

describe("the heads of several chains", () => {
  const pool = { query: () => Promise.reject(new Error("not read here")) };

  it("a commit dispatched to its chain's head leaves the other chain's generation alone", () => {
    const a = createChainHead();
    const b = createChainHead();
    const heads = perChainHeads(
      new Map([
        ["a-1", { head: a, pool }],
        ["b-1", { head: b, pool }],
      ]),
    );
    a.follow(new Map([["a-1", 10n]]));
    b.follow(new Map([["b-1", 20n]]));
    const [ga, gb] = [a.generation, b.generation];
    heads.of("a-1")?.advance("a-1", 11n);
    expect(a.known("a-1")).toBe(11n);
    expect(a.generation).toBe(ga + 1);
    expect(b.generation).toBe(gb);
    expect(b.known("a-1")).toBeNull();
    // A chain not served here has no head: its commits move nothing.
    expect(heads.of("c-1")).toBeUndefined();
    expect([...heads.all()].map((c) => [c.chainId, c.head])).toEqual([
      ["a-1", a],
      ["b-1", b],
    ]);
  });

  it("one chain's deployment: every commit moves its one head, whatever chain it names (as before)", () => {
    const head = createChainHead();
    const heads = singleChainHeads(head);
    expect(heads.of("a-1")).toBe(head);
    expect(heads.of("not-known-yet")).toBe(head);
    // Read on the listening connection itself: no pool of its own.
    expect([...heads.all()]).toEqual([{ head }]);
  });
});
