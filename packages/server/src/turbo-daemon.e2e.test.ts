/**
 * No root script leaves a turbo daemon behind. Run from a terminal, turbo 2.6 starts a daemon for
 * `turbo run` unless told not to, and the daemon outlives the command: `pnpm start`, stopped with
 * Ctrl-C, left it running (4 h idle timeout). Every root script calls `turbo run`, so turbo.json turns
 * it off for all of them; no script may turn it back on.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(ROOT, file), "utf8")) as T;

describe("turbo's daemon", () => {
  it("is off in turbo.json, and no root script asks for it", () => {
    expect(readJson<{ daemon?: boolean }>("turbo.json").daemon).toBe(false);
    const scripts = readJson<{ scripts: Record<string, string> }>("package.json").scripts;
    expect(Object.entries(scripts).filter(([, line]) => /--daemon\b|TURBO_DAEMON/.test(line))).toEqual([]);
  });

  it("turbo accepts that turbo.json", () => {
    // A dry run reads and validates the configuration, and runs nothing.
    const turbo = path.join(ROOT, "node_modules/.bin/turbo");
    const dry = execFileSync(turbo, ["run", "lint", "--dry=json", "--filter=@weft/spec"], {
      cwd: ROOT,
      encoding: "utf8",
      env: Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("TURBO_"))),
    });
    expect((JSON.parse(dry) as { tasks: { taskId: string }[] }).tasks.map((t) => t.taskId)).toEqual([
      "@weft/spec#lint",
    ]);
  });
});
