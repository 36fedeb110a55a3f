import { describe, expect, it } from "vitest";
import { createResponseCache } from "./response-cache.js";

describe("createResponseCache", () => {
  it("serves until the TTL passes", () => {
    let t = 0;
    const cache = createResponseCache({ now: () => t });
    cache.set("/a", "{}", 1000);
    t = 999;
    expect(cache.get("/a")).toBe("{}");
    t = 1000;
    expect(cache.get("/a")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("evicts the oldest entries beyond its bound and skips TTL 0", () => {
    const cache = createResponseCache({ maxEntries: 2 });
    cache.set("/a", "1", 10_000);
    cache.set("/b", "2", 10_000);
    cache.set("/c", "3", 10_000);
    cache.set("/d", "4", 0);
    expect([cache.get("/a"), cache.get("/b"), cache.get("/c"), cache.get("/d")]).toEqual([
      undefined,
      "2",
      "3",
      undefined,
    ]);
  });
});
