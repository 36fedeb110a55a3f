import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PACKAGE_ROOT } from "./tool-cache.js";

// The holders are separate node processes, as the test workers are: they run the built module
// (turbo builds the package before its tests).
const built = path.join(PACKAGE_ROOT, "dist", "toolchain", "tool-lock.js");

/** A child process that takes the lock, appends "start" and "end" around a pause, to `log`. */
function holder(log: string, name: string): Promise<number> {
  const script = `
    import { appendFileSync } from "node:fs";
    import { withToolLock } from ${JSON.stringify(built)};
    withToolLock(${JSON.stringify(name)}, () => {
      appendFileSync(${JSON.stringify(log)}, "start\\n");
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
      appendFileSync(${JSON.stringify(log)}, "end\\n");
    });`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
    stdio: "inherit",
  });
  return new Promise((resolve) => child.on("exit", (code) => resolve(code ?? -1)));
}

describe("withToolLock", () => {
  it("lets one process install at a time", async () => {
    const log = path.join(mkdtempSync(path.join(tmpdir(), "weft-lock-")), "log");
    const name = `test-${process.pid}-${Date.now()}`;
    expect(await Promise.all([holder(log, name), holder(log, name), holder(log, name)])).toEqual([0, 0, 0]);
    // Never two "start"s in a row: each install ended before the next began.
    expect(readFileSync(log, "utf8").trim().split("\n")).toEqual([
      "start",
      "end",
      "start",
      "end",
      "start",
      "end",
    ]);
  });
});
