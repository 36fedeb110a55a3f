import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const here = path.dirname(fileURLToPath(import.meta.url));
/** The built scripts (`pnpm test` builds first), as users run them. */
const DIST = path.resolve(here, "../dist");

/** Every bench script whose command line goes through parseBenchArgs. */
const SCRIPTS = readdirSync(here)
  .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && f !== "bench-args.ts")
  .filter((f) => readFileSync(path.join(here, f), "utf8").includes("parseBenchArgs("))
  .map((f) => f.replace(/\.ts$/, ".js"));

function run(script: string, args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(DIST, script), ...args],
      { timeout: 60_000 },
      (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
  });
}

describe("bench scripts' command lines", () => {
  it("finds the scripts to check", () => {
    expect(SCRIPTS).toEqual(expect.arrayContaining(["dataset.js", "deep-vs-baseline.js", "route-bench.js"]));
    expect(SCRIPTS.length).toBeGreaterThanOrEqual(10);
  });

  it("answer --help with their usage (exit 0) and a wrong option with the reason and the usage (exit 2)", async () => {
    // Two scripts at a time: each imports the server and the devnet, and a dozen importing at once on
    // two loaded cores took one past its 60 s.
    const results: {
      script: string;
      help: Awaited<ReturnType<typeof run>>;
      wrong: Awaited<ReturnType<typeof run>>;
    }[] = [];
    const queue = [...SCRIPTS];
    await Promise.all(
      [0, 1].map(async () => {
        for (let script = queue.shift(); script; script = queue.shift())
          results.push({
            script,
            help: await run(script, ["--help"]),
            wrong: await run(script, ["--no-such-option"]),
          });
      }),
    );
    for (const { script, help, wrong } of results) {
      expect({ script, code: help.code, usage: help.stdout.startsWith("usage:") }).toEqual({
        script,
        code: 0,
        usage: true,
      });
      expect({ script, code: wrong.code }).toEqual({ script, code: 2 });
      expect(wrong.stderr).toContain("Unknown option '--no-such-option'");
      expect(wrong.stderr).toContain("usage:");
      // No stack trace: a frame line would read "    at ...".
      expect(wrong.stderr).not.toMatch(/^\s+at /m);
    }
  }, 240_000);
});
