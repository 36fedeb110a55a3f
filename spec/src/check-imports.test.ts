/**
 * scripts/check-imports.mjs (the repository's import rules, run by CI) on small fixture
 * repositories: each rule must fail on a file that breaks it, and a clean tree must pass.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../scripts/check-imports.mjs");
const roots: string[] = [];

/** A fixture repository: the workspace file, two packages, and `files` (path -> content) on top. */
function fixture(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), "weft-check-imports-"));
  roots.push(root);
  const base: Record<string, string> = {
    "pnpm-workspace.yaml": "packages:\n  - packages/*\n",
    "packages/server/package.json": JSON.stringify({
      name: "@weft/server",
      exports: { ".": { types: "./dist/index.d.ts", default: "./dist/index.js" } },
    }),
    "packages/server/src/index.ts": 'export { serve } from "./http/serve.js";\n',
    "packages/server/src/http/serve.ts":
      'import { route } from "../router/route.js";\nexport const serve = route;\n',
    "packages/server/src/router/route.ts": "export const route = 1;\n",
    "packages/loadtest/package.json": JSON.stringify({ name: "@weft/loadtest" }),
    "packages/loadtest/src/run.ts": "export const run = () => fetch('http://127.0.0.1');\n",
    "packages/loadtest/src/run.test.ts": 'import { serve } from "@weft/server";\nexport const s = serve;\n',
  };
  for (const [file, content] of Object.entries({ ...base, ...files })) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
  return root;
}

function check(root: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [script, "--root", root], (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe("check-imports", () => {
  it("passes a tree that keeps the rules (a loadtest test may import the server)", async () => {
    const result = await check(fixture({}));
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/2 packages, 5 files \(4 source, 1 test\), 3 internal imports/);
    expect(result.stdout).toMatch(/import structure: ok/);
  });

  it("fails when router/ imports http/, even for types only", async () => {
    const result = await check(
      fixture({
        "packages/server/src/router/route.ts":
          'import type { serve } from "../http/serve.js";\nexport const route = 1;\nexport type S = typeof serve;\n',
      }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'packages/server/src/router/route.ts: imports "../http/serve.js" (type-only): ingest/ and router/ may not import http/',
    );
  });

  it("fails when ingest/ imports http/", async () => {
    const result = await check(
      fixture({
        "packages/server/src/ingest/loop.ts": 'import { serve } from "../http/serve.js";\nserve;\n',
      }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('packages/server/src/ingest/loop.ts: imports "../http/serve.js"');
  });

  it("fails when loadtest source imports or resolves the server", async () => {
    const result = await check(
      fixture({
        "packages/loadtest/src/run.ts": 'import { serve } from "@weft/server";\nexport const run = serve;\n',
        "packages/loadtest/src/spawn.ts":
          'import { createRequire } from "node:module";\nexport const cli = createRequire(import.meta.url).resolve("@weft/server");\n',
        "packages/loadtest/src/deep.ts":
          'export const route = () => import("../../server/src/router/route.js");\n',
      }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('packages/loadtest/src/run.ts: imports "@weft/server"');
    expect(result.stderr).toContain('packages/loadtest/src/spawn.ts: resolves "@weft/server"');
    expect(result.stderr).toContain(
      'packages/loadtest/src/deep.ts: imports "../../server/src/router/route.js"',
    );
    expect(result.stderr).toMatch(/3 import rule violation/);
  });

  it("fails on an import cycle and names its files, a type-only one too", async () => {
    const result = await check(
      fixture({
        "packages/server/src/router/route.ts": 'import { b } from "./b.js";\nexport const route = b;\n',
        "packages/server/src/router/b.ts": 'export * from "./c.js";\nexport const b = 1;\n',
        "packages/server/src/router/c.ts": 'import { route } from "./route.js";\nexport const c = route;\n',
        "packages/server/src/router/t1.ts": 'import type { T2 } from "./t2.js";\nexport type T1 = T2 | 1;\n',
        "packages/server/src/router/t2.ts": 'import type { T1 } from "./t1.js";\nexport type T2 = T1 | 2;\n',
      }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      "import cycle: packages/server/src/router/b.ts -> packages/server/src/router/c.ts -> packages/server/src/router/route.ts -> packages/server/src/router/b.ts",
    );
    expect(result.stderr).toContain(
      "type-only import cycle: packages/server/src/router/t1.ts -> packages/server/src/router/t2.ts -> packages/server/src/router/t1.ts",
    );
    expect(result.stderr).toMatch(/2 import rule violation/);
  });
});
