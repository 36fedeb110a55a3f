/**
 * The committed SDKs used as a client would use them, against one live `weft dev` (Move chain):
 * each runs its hand-written smoke test (sdks/python/smoke, sdks/go/smoke): status, a list walked
 * by `next_key` to its end against `pagination.total`, a tx by hash, the error envelope of a 404
 * and a 400, and a route between two chains of the devnet registry.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { weftCliOf } from "@weft/testkit/spawn-weft";
import { startWeftDev, type WeftDev } from "@weft/testkit/weft-dev";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findGo } from "../toolchain/go-runtime.js";
import { ensureVenv, findPython } from "../toolchain/python-venv.js";
import { runCommand } from "../toolchain/run-command.js";
import { skipReason } from "../toolchain/runtime.js";
import { GO_SDK, PYTHON_SDK, PYTHON_SDK_REQUIREMENTS, SPEC_DOCUMENT } from "./sdk-targets.js";

const pythonMissing = skipReason("python3", findPython(), "apt-get install python3 python3-venv");
const goMissing = skipReason("go", findGo(), "Go 1.23 or newer, e.g. apt-get install golang-go");

/** Each smoke test's cases: all must pass, so a runner that found none cannot pass. */
const SMOKE_CASES = 5;

describe.skipIf(pythonMissing && goMissing)("the SDKs against weft dev", () => {
  let weft: WeftDev;
  beforeAll(async () => {
    weft = await startWeftDev({ cli: weftCliOf(import.meta.url), vmType: "move" });
  }, 180_000);
  afterAll(async () => {
    await weft?.stop();
  });

  it("serves at /swagger/doc.json the document the SDKs are generated from", async () => {
    const served = await (await fetch(`${weft.url}/swagger/doc.json`)).json();
    expect(served).toEqual(JSON.parse(readFileSync(SPEC_DOCUMENT, "utf8")));
  });

  it.skipIf(pythonMissing)("Python: sdks/python/smoke passes", async () => {
    // The venv pins every package the client imports, by name as requirements.txt lists them.
    const wanted = readFileSync(path.join(PYTHON_SDK.dir, "requirements.txt"), "utf8")
      .split("\n")
      .map((line) =>
        line
          .split(/[\s<>=!~;]/)[0]!
          .toLowerCase()
          .replaceAll("_", "-"),
      )
      .filter((name) => name !== "");
    const pinned = PYTHON_SDK_REQUIREMENTS.map((r) => r.split("==")[0]);
    expect(wanted.filter((name) => !pinned.includes(name))).toEqual([]);

    const venv = ensureVenv("sdk-python", PYTHON_SDK_REQUIREMENTS);
    const run = await runCommand(
      venv.python,
      ["-m", "unittest", "discover", "-s", "smoke", "-p", "smoke_test.py", "-v"],
      {
        cwd: PYTHON_SDK.dir,
        // The client is imported from the committed tree as it is (no install to go stale), and
        // leaves no __pycache__ in it.
        env: { WEFT_URL: weft.url, PYTHONPATH: PYTHON_SDK.dir, PYTHONDONTWRITEBYTECODE: "1" },
      },
    );
    console.log(`python smoke: ${run.seconds} s\n${run.output}`);
    expect(run.exit, run.output).toBe(0);
    expect(run.output).toContain(`Ran ${SMOKE_CASES} tests`);
    expect(run.output).toMatch(/\nOK\n/);
  });

  it.skipIf(goMissing)("Go: sdks/go/smoke passes", async () => {
    // No module outside the standard library: nothing is downloaded (go.sum is the generator's).
    const run = await runCommand("go", ["test", "-count=1", "-v", "./smoke/"], {
      cwd: GO_SDK.dir,
      env: { WEFT_URL: weft.url },
    });
    console.log(`go smoke: ${run.seconds} s\n${run.output}`);
    expect(run.exit, run.output).toBe(0);
    expect(run.output.match(/^--- PASS: Test/gm) ?? []).toHaveLength(SMOKE_CASES);
    expect(run.output).not.toMatch(/^--- (FAIL|SKIP)/m);
  });
});
