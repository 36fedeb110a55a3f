import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EXIT_FAILED, EXIT_USAGE, runCli } from "./cli-program.js";
import type { ConformanceReport } from "./types.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function io() {
  const out = { stdout: "", stderr: "" };
  return {
    out,
    io: {
      stdout: (t: string) => {
        out.stdout += t;
      },
      stderr: (t: string) => {
        out.stderr += t;
      },
      color: false,
    },
  };
}

describe("weft-conformance CLI", () => {
  it("exits 2 with a message on bad usage", async () => {
    const a = io();
    expect(await runCli(["node", "weft-conformance"], a.io)).toBe(EXIT_USAGE);
    expect(a.out.stderr).toContain("error: required option '--indexer-url <url>' not specified");
    const b = io();
    expect(await runCli(["node", "x", "--indexer-url", "http://a.test", "--only", "dex"], b.io)).toBe(
      EXIT_USAGE,
    );
    expect(b.out.stderr).toContain('unknown class "dex" (one of blocks, txs, evm, nft, richlist, router)');
  });

  it("says at once, in one line, that nothing answers at the URL, and exits 2 (no checks run)", async () => {
    const a = io();
    const started = Date.now();
    // Port 1 on loopback: nothing listens there, the connection is refused at once.
    const code = await runCli(
      ["node", "x", "--indexer-url", "http://127.0.0.1:1", "--router-url", "http://127.0.0.1:1"],
      a.io,
    );
    expect(code).toBe(EXIT_USAGE);
    expect(a.out.stderr).toBe(
      "weft-conformance: nothing answers at http://127.0.0.1:1: connection refused\n",
    );
    expect(a.out.stdout).toBe("");
    expect(Date.now() - started).toBeLessThan(5_000);

    // The router's URL is checked too, when the indexer answers.
    const b = io();
    const reach = async (url: string) => (url.includes("indexer") ? undefined : "unknown host");
    expect(
      await runCli(
        ["node", "x", "--indexer-url", "http://indexer.test", "--router-url", "http://router.test"],
        { ...b.io, reach },
      ),
    ).toBe(EXIT_USAGE);
    expect(b.out.stderr).toBe("weft-conformance: nothing answers at http://router.test: unknown host\n");
  });

  it("exits 1 when the deployment fails checks, prints progress and a summary, writes every report", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "weft-conformance-cli-"));
    dirs.push(dir);
    const files = {
      junit: path.join(dir, "r.xml"),
      json: path.join(dir, "r.json"),
      html: path.join(dir, "sub/r.html"),
    };
    // A deployment that answers nothing: every request fails fast (a 404 from a fake fetch).
    const fetch = async () =>
      new Response("Cannot GET", { status: 404, headers: { "content-type": "text/plain" } });
    const a = io();
    const code = await runCli(
      [
        "node",
        "x",
        "--indexer-url",
        "http://a.test",
        "--only",
        "blocks",
        "--report",
        `junit=${files.junit},json=${files.json},html=${files.html}`,
      ],
      { ...a.io, fetch, reach: async () => undefined },
    );
    expect(code).toBe(EXIT_FAILED);
    expect(a.out.stderr).toMatch(/^\[ *1\/\d+\] FAIL contract\./m);
    expect(a.out.stdout).toContain("DOES NOT CONFORM");
    const report = JSON.parse(readFileSync(files.json, "utf8")) as ConformanceReport;
    expect(report.ok).toBe(false);
    expect(new Set(report.results.map((r) => r.class))).toEqual(new Set(["blocks"]));
    expect(readFileSync(files.junit, "utf8")).toContain("<testsuites");
    expect(readFileSync(files.html, "utf8")).toContain('id="endpoint-matrix"');
  });
});
