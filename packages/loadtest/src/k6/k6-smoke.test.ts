/**
 * The k6 smoke of CI: the real scripts, run by the Node shim with their own smoke profile
 * (`PROFILE=smoke`: 1 VU, 3 iterations) against a real Weft (`weft dev`: devnet + ingestion + API
 * on an embedded database), judged as k6 judges them: setup()'s requests count, every threshold
 * must hold and, so that none holds vacuously, every thresholded metric must have samples.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startWeftDev, type WeftDev } from "@weft/testkit/weft-dev";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShimRunResult } from "../shim/run.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, "../../dist");
// The Weft under test is the monorepo's own build, found by path: loadtest depends on no server code
// (the server's deep-vs-baseline bench depends on loadtest's runner, and a dependency back would be a
// cycle); packages/loadtest/turbo.json builds @weft/server before this package's tests.
const weftCli = path.resolve(here, "../../../server/dist/cli.js");
let weft: WeftDev | undefined;
// Test workers share this machine's cores with other suites: three cold requests on a starved CPU
// measure the machine, not Weft, so the latency budgets get headroom (the benchmarks measure
// latency). Errors, checks and sample counts are judged as they are.
const LATENCY_SCALE = "LATENCY_SCALE=20";

beforeAll(async () => {
  weft = await startWeftDev({ cli: weftCli });
}, 120_000);

afterAll(async () => {
  await weft?.stop();
});

/** Runs a k6 script under the shim against the server, as `k6 run -e ...` would; returns its verdict. */
async function runScript(script: string, env: string[]) {
  const run = await new Promise<{ status: number; stdout: string }>((resolve) => {
    execFile(
      process.execPath,
      [
        path.join(dist, "shim/run.js"),
        path.join(dist, script),
        ...env.flatMap((e) => ["--env", e]),
        "--json",
      ],
      { timeout: 120_000 },
      (err, stdout) => resolve({ status: err ? ((err as { code?: number }).code ?? -1) : 0, stdout }),
    );
  });
  return { ...run, result: JSON.parse(run.stdout) as Omit<ShimRunResult, "summary"> };
}

/** Everything k6 would judge, and that it judged something: every threshold saw samples. */
function expectPassedOnSamples(result: Omit<ShimRunResult, "summary">) {
  expect(result.errors).toEqual([]);
  expect(result.iterations).toBe(3);
  expect(result.checks.filter((c) => c.fails > 0)).toEqual([]);
  expect(result.thresholds.length).toBeGreaterThan(0);
  expect(result.thresholds.filter((t) => !t.ok)).toEqual([]);
  expect(result.thresholds.filter((t) => t.samples === 0)).toEqual([]);
}

describe("k6 smoke: the scripts under the shim against a real Weft", () => {
  it("router-flow.ts: route, msgs and status pass with no ADDRESS_* variables, on samples", async () => {
    const { status, result } = await runScript("k6/router-flow.js", [
      `ROUTER_URL=${weft?.url}`,
      "PROFILE=smoke",
      LATENCY_SCALE,
    ]);
    expectPassedOnSamples(result);
    const names = result.checks.map((c) => c.name);
    for (const name of ["route: 200", "msgs: 200", "msgs: has txs", "status of an unknown tx: 404"]) {
      expect(names.some((n) => n.endsWith(name))).toBe(true);
    }
    expect(result.thresholds.find((t) => t.metric === "http_reqs{name:msgs}")?.samples).toBe(3);
    expect(status).toBe(0);
  }, 180_000);

  it("indexer-mix.ts: every check and threshold passes, on samples", async () => {
    const { status, result } = await runScript("k6/indexer-mix.js", [
      `BASE_URL=${weft?.url}`,
      "PROFILE=smoke",
      "DEEP_PAGES=2",
      LATENCY_SCALE,
    ]);
    expectPassedOnSamples(result);
    const names = result.checks.map((c) => c.name);
    for (const scenario of [
      "blocks",
      "txs",
      "block",
      "txs by height",
      "tx",
      "txs by msg type",
      "txs by account",
      "txs deep page",
    ]) {
      expect(
        names.some((n) => n.includes(`${scenario}: 200`)),
        scenario,
      ).toBe(true);
    }
    // setup()'s discovery counted as in k6: its EVM probe is answered 404 here, declared expected.
    const failed = result.thresholds.find((t) => t.metric === "http_req_failed");
    expect(failed?.samples).toBeGreaterThan(
      result.thresholds.find((t) => t.metric === "http_reqs{kind:list}")?.samples ?? 0,
    );
    expect(status).toBe(0);
  }, 180_000);
});
