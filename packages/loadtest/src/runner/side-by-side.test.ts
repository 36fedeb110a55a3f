import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_ACCOUNT as ACCOUNT, fakeIndexer } from "../_test/fake-indexer.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.resolve(here, "../../dist/runner/side-by-side.js");

const run = (args: string[]) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [cli, ...args], { timeout: 120_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

const fast = fakeIndexer(0);
const slow = fakeIndexer(5);
const url = { fast: "", slow: "" };

beforeAll(async () => {
  url.fast = await fast.start();
  url.slow = await slow.start();
});
afterAll(async () => {
  await fast.stop();
  await slow.stop();
});

describe("weft-side-by-side", () => {
  it("times both ingesters to a height, then measures each request group on both with A's targets", async () => {
    const { code, stdout } = await run([
      "--a",
      url.fast,
      "--b",
      url.slow,
      "--names",
      "fast,slow",
      "--duration",
      "1",
      "--connections",
      "2",
      "--ingest-to",
      "3",
    ]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/Ingestion to height 3[\s\S]*\| fast +\|[\s\S]*\| slow +\|/);
    for (const group of ["lists", "filters", "an account's txs", "deep pages", "single items"])
      expect(stdout).toContain(`| ${group}`);
    // The slow side's p50 is at least its delay; both were asked the same URLs.
    const filters = stdout.split("\n").find((l) => l.startsWith("| filters")) ?? "";
    const [, , reqA, reqB] = filters.split("|").map((c) => c.trim());
    expect(Number(reqA)).toBeGreaterThan(Number(reqB));
    const asked = (paths: string[]) => new Set(paths.filter((p) => p.includes("is_signer=true")));
    expect(asked(slow.paths)).toEqual(asked(fast.paths));
    expect([...asked(fast.paths)][0]).toContain(ACCOUNT);
  }, 120_000);

  it("refuses a non-loopback deployment and bad numbers with exit 2 and the usage", async () => {
    const remote = await run(["--a", "http://example.com", "--b", url.slow]);
    expect(remote.code).toBe(2);
    expect(remote.stderr).toContain("usage: weft-side-by-side");
    const bad = await run(["--a", url.fast, "--b", url.slow, "--duration", "0"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--duration must be");
  });
});
