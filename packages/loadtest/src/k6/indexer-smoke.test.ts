/**
 * The k6 smoke of CI: the real indexer-mix script, run by the Node shim (1 VU, a few iterations)
 * against a real Weft (`weft dev`: devnet + ingestion + API on an embedded database). Every check
 * of the script must pass.
 */
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, "../../dist");
const weftCli = createRequire(import.meta.url)
  .resolve("@weft/server")
  .replace(/index\.js$/, "cli.js");
const dataDir = mkdtempSync(path.join(tmpdir(), "weft-k6-smoke-"));
const weft = spawn(process.execPath, [weftCli, "dev"], {
  env: { ...process.env, PORT: "0", DATABASE_URL: "", WEFT_DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  stdio: ["ignore", "ignore", "pipe"],
});
let baseUrl = "";

beforeAll(async () => {
  baseUrl = await new Promise<string>((resolve, reject) => {
    let err = "";
    weft.stderr?.on("data", (c: Buffer) => {
      err += c.toString();
      const m = /serving on (http:\/\/\S+)/.exec(err);
      if (m?.[1]) resolve(m[1]);
    });
    weft.once("exit", (code) => reject(new Error(`weft dev exited (${code}): ${err}`)));
  });
  // Wait for some history so discovery finds heights, txs and accounts.
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${baseUrl}/status`);
    if (res.status === 200 && ((await res.json()) as { height: number }).height >= 100) break;
    await new Promise((r) => setTimeout(r, 200));
  }
}, 120_000);

afterAll(async () => {
  weft.kill("SIGTERM");
  await new Promise((r) => weft.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
});

describe("k6 smoke: indexer-mix.ts under the shim against a real Weft", () => {
  it("passes every check of the script", async () => {
    const run = await new Promise<{ status: number; stdout: string }>((resolve) => {
      execFile(
        process.execPath,
        [
          path.join(dist, "shim/run.js"),
          path.join(dist, "k6/indexer-mix.js"),
          "--iterations",
          "3",
          "--env",
          `BASE_URL=${baseUrl}`,
          "--env",
          "PROFILE=smoke",
          "--env",
          "DEEP_PAGES=2",
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
