import { execFile } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_ACCOUNT, fakeIndexer } from "../_test/fake-indexer.js";
import type { CompareReport } from "./compare-report.js";

// The built CLI, as `weft-loadtest compare` runs it (turbo builds the package before its tests).
const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.resolve(here, "../../dist/runner/cli.js");
// The fake indexer has no EVM txs and no NFTs: those groups are left out.
const GROUPS = [
  "lists",
  "filters",
  "an account's txs",
  "deep pages",
  "single items",
  "status and average block time",
];

const run = (args: string[]) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [cli, "compare", ...args], { timeout: 60_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

const fast = fakeIndexer(0);
const slow = fakeIndexer(5);
const url = { fast: "", slow: "" };
let dir = "";

beforeAll(async () => {
  url.fast = await fast.start();
  url.slow = await slow.start();
  dir = await mkdtemp(path.join(tmpdir(), "weft-compare-"));
});
afterAll(async () => {
  await fast.stop();
  await slow.stop();
});

describe("weft-loadtest compare", () => {
  it("measures every group on both sides with A's targets and writes the JSON", async () => {
    const json = path.join(dir, "all.json");
    const common = ["--names", "fast,slow", "--duration", "1", "--connections", "2", "--warmup", "0"];
    const { code, stdout, stderr } = await run([
      "--a",
      url.fast,
      "--b",
      url.slow,
      ...common,
      "--rounds",
      "1",
      "--json",
      json,
    ]);
    expect(code).toBe(0);
    const report = JSON.parse(await readFile(json, "utf8")) as CompareReport;
    expect(report.ratio).toBe("b/a");
    expect(report.sides.a).toEqual({ name: "fast", url: url.fast });
    expect(report.sides.b).toEqual({ name: "slow", url: url.slow });
    expect(report.results.map((r) => r.group.split(" (")[0])).toEqual(GROUPS);
    for (const r of report.results) {
      expect(r.connections).toBe(2);
      for (const side of [r.a, r.b]) {
        expect(side.rounds).toHaveLength(1);
        expect(side.requests).toBeGreaterThan(0);
        expect(side.errors).toBe(0);
      }
      // B answers 5 ms later: fewer req/s, so B/A below 1, and a p50 of at least the delay.
      expect(r.ratio.requestsPerSec).toBeLessThan(1);
      expect(r.b.median.p50Ms).toBeGreaterThanOrEqual(5);
    }
    // Both sides were asked the same URLs, found in A's data.
    const asked = (paths: string[]) => new Set(paths.filter((p) => p.includes("is_signer=true")));
    expect(asked(slow.paths)).toEqual(asked(fast.paths));
    expect([...asked(fast.paths)][0]).toContain(FAKE_ACCOUNT);
    for (const group of GROUPS) expect(stdout).toContain(`| ${group}`);
    expect(stdout).toMatch(/\| fast req\/s \| slow req\/s \| req\/s B\/A \|/);
    expect(stderr).toMatch(/\[1\/12\] round 1\/1, 2 connections, lists .*, A \(fast\), 1 s/);
    expect(stderr).toMatch(
      /\[12\/12\] round 1\/1, 2 connections, status and average block time, B \(slow\), 1 s/,
    );
  }, 60_000);

  it("with --only, warms both sides up on that group, then alternates which side goes first by round", async () => {
    const json = path.join(dir, "only.json");
    const before = { fast: fast.paths.length, slow: slow.paths.length };
    const { code, stderr } = await run([
      ...["--a", url.fast, "--b", url.slow, "--duration", "1", "--connections", "2"],
      ...["--rounds", "2", "--warmup", "1", "--only", "SINGLE", "--json", json],
    ]);
    expect(code).toBe(0);
    const report = JSON.parse(await readFile(json, "utf8")) as CompareReport;
    expect(report.results.map((r) => r.group)).toEqual(["single items (tx by hash, block by height)"]);
    const [only] = report.results;
    expect(only?.a.rounds.map((r) => [r.round, r.position])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(only?.b.rounds.map((r) => [r.round, r.position])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(only?.roundRatios.map((r) => r.round)).toEqual([1, 2]);
    expect(stderr).toMatch(/warm-up: A \(A\)[\s\S]*warm-up: B \(B\)[\s\S]*\[1\/4\] round 1\/2/);
    expect(stderr).toContain("warm-up: A (A), 101 URLs, 2 connections, 1 s");
    // Each side served the measured group's URLs well beyond the rounds' requests (the warm-up's
    // second), and none of the groups --only left out.
    for (const [side, from, measured] of [
      [fast, before.fast, only?.a.requests ?? 0],
      [slow, before.slow, only?.b.requests ?? 0],
    ] as const) {
      const served = side.paths.slice(from);
      expect(
        served.filter((p) => /^\/indexer\/(tx\/v1\/txs|block\/v1\/blocks)\/\w+$/.test(p)).length,
      ).toBeGreaterThan(measured + 100);
      expect(served.some((p) => p.includes("pagination.offset="))).toBe(false);
    }
  }, 60_000);

  it("refuses a non-loopback deployment with exit 2 before sending any request", async () => {
    const before = fast.paths.length;
    const remote = await run(["--a", url.fast, "--b", "http://example.com:8080"]);
    expect(remote.code).toBe(2);
    expect(remote.stderr).toContain("refusing to send load to example.com");
    expect(remote.stderr).toContain("usage: weft-loadtest compare");
    expect(fast.paths.length).toBe(before);
  });

  it("prints its usage with --help", async () => {
    const help = await run(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("usage: weft-loadtest compare --a URL --b URL");
    expect(help.stdout).toContain("--connections N[,M]");
  });
});
