/**
 * The package as a user receives it: built, packed with pnpm (which resolves `catalog:` and
 * `workspace:` ranges), installed from the tarball into a scratch project with npm, type-checked
 * there with strict tsc, and run against the real in-process server. Also holds the size budget.
 * The install needs the npm registry: the tarball's one dependency, openapi-fetch, comes from it.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useInProcessWeft } from "./_test/in-process-weft.js";

const run = promisify(execFile);
const PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const TSC = path.join(PACKAGE_DIR, "node_modules/typescript/bin/tsc");

/**
 * Budgets, ~30 % over what the package measured when they were set (README, "Size"): the JS a
 * bundler pulls in from dist/index.js, unminified with comments (19.1 KiB; 5.8 KiB gzip), and the
 * packed tarball (36.2 KiB, most of it the contract's types and the README). Moving one is a decision: say why.
 */
const ENTRY_JS_BUDGET_BYTES = 25 * 1024;
const ENTRY_JS_GZIP_BUDGET_BYTES = 8 * 1024;
const TARBALL_BUDGET_BYTES = 47 * 1024;

const weftUrl = useInProcessWeft();
let scratch = "";
let tarball = "";

/** Every dist JS module reachable from the entry by relative imports (what a bundler would include). */
function entryGraph(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    for (const [, spec] of source.matchAll(/(?:import|export)[^"']*?from\s*["'](\.[^"']+)["']/g)) {
      visit(path.resolve(path.dirname(file), spec as string));
    }
  };
  visit(entry);
  return [...seen];
}

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), "weft-client-pack-"));
  // Build first: `pnpm --filter @weft/client test` alone must not check a stale dist.
  await run("npx", ["-y", "pnpm@10.34.8", "run", "build"], { cwd: PACKAGE_DIR });
  await run("npx", ["-y", "pnpm@10.34.8", "pack", "--pack-destination", scratch], { cwd: PACKAGE_DIR });
  const name = readdirSync(scratch).find((f) => f.endsWith(".tgz"));
  if (!name) throw new Error(`pnpm pack wrote no tarball into ${scratch}`);
  tarball = path.join(scratch, name);
  const app = path.join(scratch, "app");
  mkdirSync(app);
  writeFileSync(
    path.join(app, "package.json"),
    JSON.stringify({ name: "scratch-app", private: true, type: "module" }),
  );
  await run("npm", ["install", tarball, "--no-audit", "--no-fund", "--no-package-lock"], { cwd: app });
}, 180_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("the published package", () => {
  it("ships dist only, ESM, types first in the exports map, with real version ranges", async () => {
    const { stdout } = await run("tar", ["-tzf", tarball]);
    const files = stdout.trim().split("\n").sort();
    expect(files).toContain("package/dist/index.js");
    expect(files).toContain("package/dist/openapi.d.ts");
    expect(files).toContain("package/README.md");
    expect(files.filter((f) => !f.startsWith("package/dist/"))).toEqual([
      "package/README.md",
      "package/package.json",
    ]);
    expect(files.filter((f) => /\.test\.|_test|\.map$|\.ts$/.test(f) && !f.endsWith(".d.ts"))).toEqual([]);
    const manifest = JSON.parse(
      readFileSync(path.join(scratch, "app/node_modules/@weft/client/package.json"), "utf8"),
    );
    expect(manifest.type).toBe("module");
    expect(Object.keys(manifest.exports["."])).toEqual(["types", "default"]);
    expect(manifest.dependencies).toEqual({ "openapi-fetch": "0.17.0" });
    expect(JSON.stringify(manifest)).not.toMatch(/catalog:|workspace:/);
  });

  it("type-checks a strict TypeScript app and the README's examples against the installed tarball, and runs the app", async () => {
    const app = path.join(scratch, "app");
    const example = readFileSync(path.join(PACKAGE_DIR, "src/_test/scratch-app/example.ts.txt"), "utf8");
    writeFileSync(
      path.join(app, "example.ts"),
      example.replace(
        "declare const BASE_URL: string;",
        `const BASE_URL: string = ${JSON.stringify(weftUrl())};`,
      ),
    );
    // The README's TypeScript examples, as shipped, each as its own module.
    const readme = readFileSync(path.join(app, "node_modules/@weft/client/README.md"), "utf8");
    const snippets = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] as string);
    expect(snippets.length).toBeGreaterThanOrEqual(4);
    const readmeFiles = snippets.map((code, i) => {
      writeFileSync(path.join(app, `readme-${i}.ts`), `${code}\nexport {};\n`);
      return `readme-${i}.ts`;
    });
    const globals = readFileSync(
      path.join(PACKAGE_DIR, "src/_test/scratch-app/readme-globals.d.ts.txt"),
      "utf8",
    );
    writeFileSync(path.join(app, "readme-globals.d.ts"), globals);
    writeFileSync(
      path.join(app, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          // A browser-style app: no @types/node; fetch, Request and console come from the DOM lib.
          lib: ["ES2023", "DOM", "DOM.AsyncIterable"],
          strict: true,
          noUncheckedIndexedAccess: true,
          // The shipped declarations themselves are checked too, not only their use.
          skipLibCheck: false,
          outDir: "out",
        },
        files: ["example.ts", "readme-globals.d.ts", ...readmeFiles],
      }),
    );
    await run(process.execPath, [TSC, "-p", app]).catch((err: { stdout?: string }) => {
      throw new Error(`tsc failed in the scratch app:\n${err.stdout}`);
    });
    const { stdout } = await run(process.execPath, [path.join(app, "out/example.js")]);
    expect(JSON.parse(stdout)).toEqual({
      health: "ok",
      chains: ["weft-devnet-1", "weft-evm-1", "weft-wasm-1", "weft-cosmos-1", "31337"],
      blocks: 0,
      events: [
        "route",
        "msgs",
        "broadcast: broadcast callback failed: no wallet here to sign /ibc.applications.transfer.v1.MsgTransfer",
      ],
    });
  });

  it("stays within its size budget", () => {
    const graph = entryGraph(path.join(PACKAGE_DIR, "dist/index.js"));
    const sources = graph.map((f) => readFileSync(f));
    const raw = sources.reduce((n, s) => n + s.length, 0);
    const gzip = gzipSync(Buffer.concat(sources)).length;
    const packed = statSync(tarball).size;
    // Printed for the README's table and for whoever moves a budget.
    console.info(
      `@weft/client size: entry graph ${graph.length} modules, ${raw} B raw, ${gzip} B gzip; tarball ${packed} B`,
    );
    expect(graph.map((f) => path.basename(f))).toContain("transfer.js");
    expect(raw).toBeLessThan(ENTRY_JS_BUDGET_BYTES);
    expect(gzip).toBeLessThan(ENTRY_JS_GZIP_BUDGET_BYTES);
    expect(packed).toBeLessThan(TARBALL_BUDGET_BYTES);
  });
});
