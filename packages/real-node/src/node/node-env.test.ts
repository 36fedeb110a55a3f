import { describe, expect, it } from "vitest";
import { minievmSkipReason, minimoveSkipReason, realNodeBinaries } from "./node-env.js";

describe("which real nodes the tier runs", () => {
  it("skips, naming the variable to set, when a binary is not given", () => {
    const bins = realNodeBinaries({});
    expect(minievmSkipReason(bins)).toMatch(/^skipped: set WEFT_MINIEVM_BIN /);
    expect(minimoveSkipReason(bins)).toMatch(/^skipped: set WEFT_MINIMOVE_BIN /);
    expect(minimoveSkipReason(realNodeBinaries({ WEFT_MINIMOVE_BIN: "/bin/minitiad" }))).toMatch(
      /^skipped: set WEFT_MOVEVM_LIB_DIR /,
    );
  });

  it("runs what is given", () => {
    const bins = realNodeBinaries({
      WEFT_MINIEVM_BIN: "/a",
      WEFT_MINIMOVE_BIN: "/b",
      WEFT_MOVEVM_LIB_DIR: "/c",
    });
    expect([minievmSkipReason(bins), minimoveSkipReason(bins)]).toEqual([undefined, undefined]);
  });

  it("fails instead of skipping when the tier is required (CI gave the binaries)", () => {
    const bins = realNodeBinaries({ WEFT_REAL_NODE_REQUIRED: "1", WEFT_MINIEVM_BIN: "/a" });
    expect(minievmSkipReason(bins)).toBeUndefined();
    expect(() => minimoveSkipReason(bins)).toThrow("WEFT_REAL_NODE_REQUIRED=1, but set WEFT_MINIMOVE_BIN");
  });
});
