import { describe, expect, it } from "vitest";
import { CompareUsageError, parseCompareArgs } from "./compare-args.js";

const A = "http://127.0.0.1:8080";
const B = "http://localhost:18080/";

describe("parseCompareArgs", () => {
  it("fills the defaults and trims the URLs' trailing slash", () => {
    expect(parseCompareArgs(["--a", A, "--b", B])).toEqual({
      a: { name: "A", url: A },
      b: { name: "B", url: "http://localhost:18080" },
      durationSec: 10,
      connections: [10],
      rounds: 3,
      warmupSec: 5,
    });
  });

  it("reads every option, a list of connection counts, and skips pnpm's --", () => {
    expect(
      parseCompareArgs([
        "--",
        ...["--a", A, "--b", B, "--names", "weft, rollytics", "--duration", "3", "--connections", "10,50"],
        ...["--rounds", "5", "--warmup", "0", "--only", " deep ", "--json", "out.json"],
      ]),
    ).toEqual({
      a: { name: "weft", url: A },
      b: { name: "rollytics", url: "http://localhost:18080" },
      durationSec: 3,
      connections: [10, 50],
      rounds: 5,
      warmupSec: 0,
      only: "deep",
      jsonFile: "out.json",
    });
  });

  it("answers --help without checking the rest", () => {
    expect(parseCompareArgs(["--help"])).toBe("help");
  });

  it.each([
    [["--b", B], /--a is required/],
    [["--a", A], /--b is required/],
    [["--a", "http://10.0.0.1:8080", "--b", B], /refusing to send load to 10\.0\.0\.1/],
    [["--a", A, "--b", "https://indexer.example.org"], /refusing to send load/],
    [["--a", A, "--b", B, "--names", "weft"], /--names must be two different names/],
    [["--a", A, "--b", B, "--names", "x,x"], /--names must be two different names/],
    [["--a", A, "--b", B, "--duration", "0"], /--duration must be 1\.\.600 seconds/],
    [["--a", A, "--b", B, "--duration", "1.5"], /--duration must be/],
    [["--a", A, "--b", B, "--connections", "10,x"], /--connections must be 1\.\.1000/],
    [["--a", A, "--b", B, "--connections", "10,"], /--connections must be/],
    [["--a", A, "--b", B, "--connections", "10,10"], /lists a count twice/],
    [["--a", A, "--b", B, "--rounds", "0"], /--rounds must be 1\.\.100/],
    [["--a", A, "--b", B, "--warmup=-1"], /--warmup must be 0\.\.600 seconds/],
    [["--a", A, "--b", B, "--only", " "], /--only needs/],
    [["--a", A, "--b", B, "--rounds"], /--rounds/],
    [["--a", A, "--b", B, "--bogus"], /bogus/],
    [["--a", A, "--b", B, "extra"], /extra/],
  ])("refuses %j", (argv, message) => {
    expect(() => parseCompareArgs(argv)).toThrow(CompareUsageError);
    expect(() => parseCompareArgs(argv)).toThrow(message);
  });
});
