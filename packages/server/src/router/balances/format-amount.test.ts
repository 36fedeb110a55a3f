import { describe, expect, it } from "vitest";
import { formatAmount } from "./format-amount.js";

describe("formatAmount", () => {
  it("prints Skip's formatted_amount: every fraction digit, a leading zero below one unit", () => {
    expect(formatAmount(100_000_000n, 6)).toBe("100.000000");
    expect(formatAmount(58_477_097_336_215_771_549n, 18)).toBe("58.477097336215771549");
    expect(formatAmount(1n, 18)).toBe("0.000000000000000001");
    expect(formatAmount(0n, 6)).toBe("0.000000");
  });

  it("prints the integer when decimals are 0 or unknown", () => {
    expect(formatAmount(12_345n, 0)).toBe("12345");
    expect(formatAmount(12_345n, undefined)).toBe("12345");
  });
});
