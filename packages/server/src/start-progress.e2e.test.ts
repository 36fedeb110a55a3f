/**
 * `pnpm start` (the README's quick start) builds before it starts `weft dev`: a first build took
 * 74 s with one line of output. The root script now tells the build as it goes
 * (scripts/build-with-progress.mjs), here around a stand-in for turbo that prints what turbo prints.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const SCRIPT = path.join(ROOT, "scripts/build-with-progress.mjs");

/** turbo 2's lines for a build of two packages, one of them unchanged since the last build. */
const TURBO_LINES = [
  "turbo 2.6.1",
  "",
  "\u2022 Packages in scope: @weft/server, @weft/spec",
  "\u2022 Running build in 2 packages",
  "@weft/spec:build: cache hit, suppressing logs 7a5fe6f806325507",
  "@weft/server:build: cache miss, executing 0cc5c183c84c9381",
  "@weft/server:build: > tsc -p tsconfig.build.json",
  "",
  " Tasks:    2 successful, 2 total",
];

/** Runs the script around a stand-in command that prints `lines` and exits with `code`. */
function buildWith(lines: string[], code: number) {
  const stub = `console.log(${JSON.stringify(lines.join("\n"))}); process.exit(${code});`;
  return spawnSync(process.execPath, [SCRIPT, process.execPath, "-e", stub], { encoding: "utf8" });
}

describe("pnpm start's build", () => {
  it("runs turbo without its daemon, then `weft dev` in place of the shell", () => {
    const { scripts } = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toMatch(
      /^node scripts\/build-with-progress\.mjs turbo run build --filter=@weft\/server\.\.\. .*--no-daemon.* && exec node .*packages\/server\/dist\/cli\.js dev$/,
    );
  });

  it("says what it builds, each task it runs, and how long it took", () => {
    const ran = buildWith(TURBO_LINES, 0);
    expect(ran.status).toBe(0);
    expect(ran.stdout).toBe("");
    const lines = ran.stderr.trimEnd().split("\n");
    expect(lines).toEqual([
      "weft: building @weft/server, @weft/spec (2 packages; the first start takes a minute or two, later ones rebuild only what changed)",
      expect.stringMatching(/^weft: {4}\d s {2}@weft\/server build$/),
      expect.stringMatching(/^weft: built in \d s \(2 tasks, 1 unchanged\)$/),
    ]);
    // pnpm start's output is read for these words (quick-start.e2e.test.ts).
    expect(ran.stderr).not.toMatch(/\berror\b|warning/i);
  });

  it("shows all of turbo's output and keeps its exit code when the build fails", () => {
    const failed = [...TURBO_LINES.slice(0, 6), "@weft/server:build: src/cli.ts(1,1): TS1005 ';' expected."];
    const ran = buildWith(failed, 3);
    expect(ran.status).toBe(3);
    expect(ran.stderr).toContain("@weft/server:build: src/cli.ts(1,1): TS1005 ';' expected.\n");
    expect(ran.stderr).toMatch(/weft: the build did not finish \(exit code 3\): see above\n$/);
  });
});
