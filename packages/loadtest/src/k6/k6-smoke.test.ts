/**
 * The k6 smoke of CI: the real indexer-mix script, run by the Node shim (1 VU, a few iterations)
 * against a real Weft (`weft dev`: devnet + ingestion + API on an embedded database). Every check
 * of the script must pass.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startWeft, type WeftProcess } from "@weft/testkit/spawn-weft";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, "../../dist");
// The Weft under test is the monorepo's own build, found by path: loadtest depends on no server code
// (the server's deep-vs-baseline bench depends on loadtest's runner, and a dependency back would be a
// cycle); packages/loadtest/turbo.json builds @weft/server before this package's tests.
const weftCli = path.resolve(here, "../../../server/dist/cli.js");
const dataDir = mkdtempSync(path.join(tmpdir(), "weft-k6-smoke-"));
let weft: WeftProcess | undefined;
let baseUrl = "";

beforeAll(async () => {
  weft = await startWeft(
    ["dev"],
    { PORT: "0", DATABASE_URL: "", WEFT_DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    { cli: weftCli },
  );
  baseUrl = weft.url;
  // Wait for some history so discovery finds heights, txs and accounts.
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${baseUrl}/status`);
    if (res.status === 200 && ((await res.json()) as { height: number }).height >= 100) break;
    await new Promise((r) => setTimeout(r, 200));
  }
}, 120_000);

afterAll(async () => {
  await weft?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs a k6 script under the shim (1 VU) against the server; returns its JSON summary. */
async function runScript(script: string, env: string[]) {
  const run = await new Promise<{ status: number; stdout: string }>((resolve) => {
    execFile(
      process.execPath,
      [
        path.join(dist, "shim/run.js"),
        path.join(dist, script),
        "--iterations",
        "3",
        ...env.flatMap((e) => ["--env", e]),
        "--json",
      ],
      { timeout: 120_000 },
      (err, stdout) => resolve({ status: err ? ((err as { code?: number }).code ?? -1) : 0, stdout }),
    );
  });
  const result = JSON.parse(run.stdout) as {
    errors: string[];
    checks: { name: string; passes: number; fails: number }[];
  };
  return { ...run, result };
}

describe("k6 smoke: the scripts under the shim against a real Weft", () => {
  it("router-flow.ts: route, msgs and status checks all pass on the local interchain", async () => {
    const { status, result } = await runScript("k6/router-flow.js", [
      `ROUTER_URL=${baseUrl}`,
      "PROFILE=smoke",
      "ADDRESS_WEFT_DEVNET_1=init1f9qwat48ldgxrmssvpvpk3tea8l72mksvzm62v",
      "ADDRESS_WEFT_EVM_1=init1f9qwat48ldgxrmssvpvpk3tea8l72mksvzm62v",
      "ADDRESS_WEFT_WASM_1=init1f9qwat48ldgxrmssvpvpk3tea8l72mksvzm62v",
      "ADDRESS_WEFT_COSMOS_1=cosmos1f9qwat48ldgxrmssvpvpk3tea8l72mksz5mfpw",
      "ADDRESS_31337=0x4940eeaea7fb5061ee1060581b4579e9ffe56ed0",
    ]);
    expect(result.errors).toEqual([]);
    expect(result.checks.filter((c) => c.fails > 0)).toEqual([]);
    const names = result.checks.map((c) => c.name);
    for (const name of ["route: 200", "msgs: 200", "msgs: has txs", "status of an unknown tx: 404"]) {
      expect(names.some((n) => n.endsWith(name))).toBe(true);
    }
    expect(status).toBe(0);
  }, 180_000);

  it("indexer-mix.ts: passes every check of the script", async () => {
    const { status: runStatus, result } = await runScript("k6/indexer-mix.js", [
      `BASE_URL=${baseUrl}`,
      "PROFILE=smoke",
      "DEEP_PAGES=2",
    ]);
    const run = { status: runStatus };
    expect(result.errors).toEqual([]);
    expect(result.checks.filter((c) => c.fails > 0)).toEqual([]);
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
    expect(run.status).toBe(0);
  }, 180_000);
});
