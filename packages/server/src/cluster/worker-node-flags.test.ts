import { describe, expect, it } from "vitest";
import { applyServingFlagsInProcess, WORKER_NODE_FLAGS, workerExecArgv } from "./worker-node-flags.js";

describe("workerExecArgv", () => {
  it("adds the serving flags after the primary's own", () => {
    expect(workerExecArgv(["--enable-source-maps"])).toEqual(["--enable-source-maps", ...WORKER_NODE_FLAGS]);
    expect(WORKER_NODE_FLAGS).toEqual(["--max-semi-space-size=32", "--no-allocation-site-pretenuring"]);
  });

  it("keeps a young-generation size the operator gave on the command line or in NODE_OPTIONS", () => {
    expect(workerExecArgv(["--max-semi-space-size=128"])).toEqual([
      "--max-semi-space-size=128",
      "--no-allocation-site-pretenuring",
    ]);
    expect(workerExecArgv([], "--trace-warnings --max-semi-space-size=8")).toEqual([
      "--no-allocation-site-pretenuring",
    ]);
  });

  it("keeps pretenuring on when the operator asked for it, however the flag is written", () => {
    for (const given of ["--allocation-site-pretenuring", "--allocation_site_pretenuring"])
      expect(workerExecArgv([given])).toEqual([given, "--max-semi-space-size=32"]);
    expect(workerExecArgv(["--no-allocation-site-pretenuring"])).toEqual([
      "--no-allocation-site-pretenuring",
      "--max-semi-space-size=32",
    ]);
  });
});

describe("applyServingFlagsInProcess", () => {
  it("turns pretenuring off in a process serving in itself, unless the operator set it", () => {
    // Only pretenuring: the young generation's size is fixed once the heap exists.
    expect(applyServingFlagsInProcess([], "")).toEqual(["--no-allocation-site-pretenuring"]);
    expect(applyServingFlagsInProcess(["--allocation-site-pretenuring"], "")).toEqual([]);
    expect(applyServingFlagsInProcess([], "--no-allocation-site-pretenuring")).toEqual([]);
  });
});
