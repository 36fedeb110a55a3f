/**
 * scripts/check-imports.mjs (the repository's import rules, run by CI) on small fixture
 * repositories: each rule must fail on a file that breaks it, and a clean tree must pass. The
 * server's rules are the "may import" column of packages/server/README.md: the fixtures carry the
 * real README, and every row that forbids something is broken by one case below.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const script = path.join(repo, "scripts/check-imports.mjs");
const serverReadme = readFileSync(path.join(repo, "packages/server/README.md"), "utf8");
const roots: string[] = [];

/**
 * A fixture repository: the workspace file, two packages (the server with its real README), and
 * `files` (path -> content) on top.
 */
function fixture(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), "weft-check-imports-"));
  roots.push(root);
  const base: Record<string, string> = {
    "pnpm-workspace.yaml": "packages:\n  - packages/*\n",
    "packages/server/package.json": JSON.stringify({
      name: "@weft/server",
      exports: { ".": { types: "./dist/index.d.ts", default: "./dist/index.js" } },
    }),
    "packages/server/README.md": serverReadme,
    "packages/server/src/index.ts": 'export { serve } from "./http/serve.js";\n',
    "packages/server/src/http/serve.ts":
      'import { version } from "../api/operation.js";\nexport const serve = version;\n',
    "packages/server/src/api/operation.ts": "export const version = 1;\n",
    "packages/server/src/router/route.ts":
      'import { version } from "../api/operation.js";\nexport const route = version;\n',
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
    const result = await check(
      fixture({
        // Tests may import what their folder's source may not.
        "packages/server/src/api/operation.test.ts": 'import { serve } from "../http/serve.js";\nserve;\n',
      }),
    );
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/2 packages, 7 files \(5 source, 2 test\), 5 internal imports/);
    expect(result.stdout).toMatch(/import structure: ok/);
  });

  it("passes the repository as it is", async () => {
    const result = await check(repo);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
  }, 60_000);

  /**
   * One import that breaks one row of the README's table, by row. Rows whose cell is plain
   * `anything` forbid nothing; every other row must have a case (checked below).
   */
  const breaks: Record<string, { file: string; content: string; specifier: string }> = {
    "`api/`": {
      file: "api/errors.ts",
      content: 'import "../db/database.js";\n',
      specifier: "../db/database.js",
    },
    "`chain/`": {
      file: "chain/addresses.ts",
      content: 'import "../api/operation.js";\n',
      specifier: "../api/operation.js",
    },
    "`db/`": {
      file: "db/commit-listener.ts",
      content: 'import type { H } from "../indexer/head.js";\nexport type L = H;\n',
      specifier: "../indexer/head.js",
    },
    "`http/`": {
      file: "http/serve.ts",
      content: 'import "../router/route.js";\n',
      specifier: "../router/route.js",
    },
    "`indexer/`": {
      file: "indexer/blocks.ts",
      content: 'import "../router/route.js";\n',
      specifier: "../router/route.js",
    },
    "`router/`": {
      file: "router/route.ts",
      content: 'import type { serve } from "../http/serve.js";\nexport type S = typeof serve;\n',
      specifier: "../http/serve.js",
    },
    "`ingest/`": {
      file: "ingest/loop.ts",
      content: 'import "../http/serve.js";\n',
      specifier: "../http/serve.js",
    },
    // ingest-status.ts is allowed for its types only: a value import breaks the row.
    "`ops/`": {
      file: "ops/health.ts",
      content: 'import { status } from "../ingest/ingest-status.js";\nexport const s = status;\n',
      specifier: "../ingest/ingest-status.js",
    },
    "`commands/`": {
      file: "commands/serve.ts",
      content: 'import "../_test/test-app.js";\n',
      specifier: "../_test/test-app.js",
    },
    "`cluster/`": {
      file: "cluster/primary.ts",
      content: 'import "../logger.js";\n',
      specifier: "../logger.js",
    },
    "`config.ts`": {
      file: "config.ts",
      content: 'import "./router/route.js";\n',
      specifier: "./router/route.js",
    },
    "`setting-defaults.ts`": {
      file: "setting-defaults.ts",
      content: 'import "./logger.js";\n',
      specifier: "./logger.js",
    },
    "`*.ts`": {
      file: "cli.ts",
      content: 'import "./_test/test-app.js";\n',
      specifier: "./_test/test-app.js",
    },
  };
  /** Files every case's imports resolve to. */
  const targets = Object.fromEntries(
    ["db/database.ts", "indexer/head.ts", "ingest/ingest-status.ts", "_test/test-app.ts", "logger.ts"].map(
      (f) => [
        `packages/server/src/${f}`,
        f === "ingest/ingest-status.ts"
          ? "export const status = 1;\nexport type H = 1;\n"
          : "export type H = 1;\n",
      ],
    ),
  );

  it("has a case for every row of the README's table that forbids something", () => {
    const header = serverReadme.split("\n").findIndex((l) => l.includes("| may import (server folders) |"));
    const rows = serverReadme
      .split("\n")
      .slice(header + 2)
      .filter((_, i, all) => all.slice(0, i + 1).every((l) => l.startsWith("|")))
      .map((l) => l.split("|").map((c) => c.trim()));
    expect(rows.length).toBeGreaterThan(10);
    const forbidding = rows
      .filter((cells) => (cells[3] ?? "").replace(/\([^()]*\)/g, "").trim() !== "anything")
      .map((cells) => /^`[^`]+`/.exec(cells[1] ?? "")?.[0]);
    expect(Object.keys(breaks).sort()).toEqual(forbidding.sort());
  });

  it.each(Object.entries(breaks))(
    "fails when row %s is broken, naming the row",
    async (row, { file, content, specifier }) => {
      // In process (the script's own export): a node process per case would cost a second each.
      const { checkImports } = (await import(script)) as {
        checkImports: (root: string) => { violations: string[] };
      };
      const { violations } = checkImports(fixture({ ...targets, [`packages/server/src/${file}`]: content }));
      expect(violations).toHaveLength(1);
      expect(violations[0]).toContain(`packages/server/src/${file}: imports "${specifier}"`);
      expect(violations[0]).toContain(
        `: row ${row} of the import table in packages/server/README.md may import `,
      );
    },
  );

  it("fails on a source file no row governs, and on a cell it cannot read", async () => {
    const result = await check(
      fixture({
        "packages/server/src/newfolder/x.ts": "export const x = 1;\n",
        "packages/server/README.md": serverReadme.replace("| `api/`, `chain/`, `db/` |", "| the usual |"),
      }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      "packages/server/src/newfolder/x.ts: no row of the import table in packages/server/README.md governs it",
    );
    expect(result.stderr).toContain('packages/server/README.md: row `indexer/`: cannot read "the usual"');
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

  it("lets other packages reach the server through its two entries only, the internal one from bench", async () => {
    const result = await check(
      fixture({
        "packages/bench/package.json": JSON.stringify({ name: "@weft/bench" }),
        "packages/bench/src/ok.ts":
          'import { serve } from "@weft/server";\nimport { route } from "@weft/server/internal";\nexport const ok = [serve, route];\n',
        "packages/bench/src/deep.ts": 'import "@weft/server/dist/router/route.js";\n',
        "packages/bench/src/relative.ts": 'import "../../server/src/router/route.js";\n',
        "packages/peer/package.json": JSON.stringify({ name: "@weft/peer" }),
        "packages/peer/src/peer.test.ts": 'import "@weft/server/internal";\n',
      }),
    );
    expect(result.code).toBe(1);
    const only = 'other packages reach the server through "@weft/server" only';
    expect(result.stderr).toContain(
      `packages/bench/src/deep.ts: imports "@weft/server/dist/router/route.js": ${only}`,
    );
    expect(result.stderr).toContain(
      `packages/bench/src/relative.ts: imports "../../server/src/router/route.js": ${only}`,
    );
    expect(result.stderr).toContain(
      `packages/peer/src/peer.test.ts: imports "@weft/server/internal": ${only}`,
    );
    expect(result.stderr).not.toContain("packages/bench/src/ok.ts");
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
