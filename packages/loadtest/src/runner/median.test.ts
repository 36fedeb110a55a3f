import { describe, expect, it } from "vitest";
import { median } from "./median.js";

describe("median", () => {
  it("takes the middle value, or the mean of the two middle ones, whatever the order", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([10, 1, 4, 2])).toBe(3);
    expect(median([7])).toBe(7);
    expect(() => median([])).toThrow(/median of nothing/);
  });
});
