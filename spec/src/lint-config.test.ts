/**
 * The style the tools enforce: every package's `lint` runs `biome check` (format, import order and
 * the lint rules, warnings as errors) with a `format` script beside it, and the repository's
 * biome.json fails an unformatted file, unsorted imports, and `console` outside CLIs, benchmarks
 * and tests. Fixtures are written inside the repository (the config applies by path) and removed.
 */
import { execFile } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BIOME = path.join(ROOT, "spec/node_modules/.bin/biome");
/** A folder of this run's own inside the repository, so the config's path rules apply to it. */
const FIXTURES = path.join(ROOT, `spec/src/zz-lint-fixture-${process.pid}`);

afterAll(() => rmSync(FIXTURES, { recursive: true, force: true }));

function biomeCheck(file: string, content: string): Promise<{ code: number; output: string }> {
  const full = path.join(FIXTURES, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, content);
  return new Promise((resolve) => {
    execFile(BIOME, ["check", "--error-on-warnings", full], { cwd: ROOT }, (err, stdout, stderr) => {
      resolve({ code: typeof err?.code === "number" ? err.code : err ? 1 : 0, output: stdout + stderr });
    });
  });
}

const FORMATTED = 'import { a } from "./a.js";\nimport { b } from "./b.js";\n\nexport const c = a + b;\n';

describe("lint", () => {
  it("is `biome check` with a format script in every workspace package", () => {
    const packages = ["spec", ...readdirSync(path.join(ROOT, "packages")).map((name) => `packages/${name}`)];
    const scripts = packages.map((dir) => {
      const { scripts: s } = JSON.parse(readFileSync(path.join(ROOT, dir, "package.json"), "utf8"));
      return [dir, /biome check --error-on-warnings \.$/.test(s.lint), s.format === "biome check --write ."];
    });
    expect(scripts).toEqual(packages.map((dir) => [dir, true, true]));
  });

  it("passes a formatted file with sorted imports", async () => {
    const { code, output } = await biomeCheck("ok.ts", FORMATTED);
    expect(output).not.toMatch(/error/i);
    expect(code).toBe(0);
  });

  it.each([
    ["an unformatted file", "unformatted.ts", FORMATTED.replace("a + b", "a+b"), /format/],
    [
      "unsorted imports",
      "unsorted.ts",
      'import { b } from "./b.js";\nimport { a } from "./a.js";\n\nexport const c = a + b;\n',
      /organizeImports/,
    ],
    ["console in library code", "logs.ts", 'console.log("x");\n', /noConsole/],
  ])("fails %s", async (_name, file, content, rule) => {
    const { code, output } = await biomeCheck(file, content);
    expect(output).toMatch(rule);
    expect(code).not.toBe(0);
  });

  it.each(["bench/report.ts", "cli.ts", "report.test.ts"])("lets %s print to the console", async (file) => {
    const { code } = await biomeCheck(file, 'console.log("x");\n');
    expect(code).toBe(0);
  });
});
