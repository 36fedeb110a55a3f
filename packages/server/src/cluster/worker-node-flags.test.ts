import { describe, expect, it } from "vitest";
import { WORKER_NODE_FLAGS, workerExecArgv } from "./worker-node-flags.js";

describe("workerExecArgv", () => {
  it("adds the serving flags after the primary's own", () => {
    expect(workerExecArgv(["--enable-source-maps"])).toEqual(["--enable-source-maps", ...WORKER_NODE_FLAGS]);
  });

  it("keeps a young-generation size the operator gave on the command line or in NODE_OPTIONS", () => {
    expect(workerExecArgv(["--max-semi-space-size=128"])).toEqual(["--max-semi-space-size=128"]);
    expect(workerExecArgv([], "--trace-warnings --max-semi-space-size=8")).toEqual([]);
  });
});
