import { describe, expect, it } from "vitest";
import { createChainHead } from "./chain-head.js";

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
