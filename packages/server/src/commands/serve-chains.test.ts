import { describe, expect, it } from "vitest";
import { chainCacheMaxBytes } from "./serve-chains.js";

describe("each chain's response cache budget", () => {
  it("is RESPONSE_CACHE_MAX_BYTES split evenly over the chains served, never more in total", () => {
    const max = 64 * 1024 * 1024;
    expect(chainCacheMaxBytes(max, 1)).toBe(max);
    expect(chainCacheMaxBytes(max, 4)).toBe(16 * 1024 * 1024);
    // 20 chains hold what one did, not 1.3 GB.
    expect(chainCacheMaxBytes(max, 20) * 20).toBeLessThanOrEqual(max);
    expect(chainCacheMaxBytes(max, 20)).toBe(Math.floor(max / 20));
    expect(chainCacheMaxBytes(max, 0)).toBe(max);
  });
});
