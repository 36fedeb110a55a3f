import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { misnamedTestFiles, splitTestFiles, splitTestFilesByName } from "./split-test-files.js";

const root = mkdtempSync(path.join(tmpdir(), "kit-split-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, source: string): string {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, source);
  return full;
}

describe("splitTestFiles", () => {
  it("a file is e2e when it or a _test helper it imports (transitively) reaches a heavy import", () => {
    write("src/_test/db.ts", 'import pg from "pg";\nexport const x = 1;\n');
    write("src/_test/via.ts", 'export { x } from "./db.js";\n');
    write("src/_test/light.ts", 'import type pg from "pg";\nexport const y = 2;\n');
    write("src/app.ts", 'import pg from "pg";\n');
    const files = [
      write("src/direct.test.ts", 'import {\n  spawn,\n} from "node:child_process";\n'),
      write("src/helper.test.ts", 'import { x } from "./_test/via.js";\n'),
      write("src/dynamic.test.ts", 'const m = await import("./_test/db.js");\n'),
      write("src/typed.test.ts", 'import { y } from "./_test/light.js";\n'),
      write("src/production.test.ts", 'import { app } from "./app.js";\nconst s = "from \\"pg\\"";\n'),
    ];
    const split = splitTestFiles(files, [/^pg$/, /^(node:)?child_process$/]);
    const names = (list: string[]) => list.map((f) => path.basename(f));
    expect(names(split.e2e)).toEqual(["direct.test.ts", "helper.test.ts", "dynamic.test.ts"]);
    // A type-only import does nothing at run time; production code imported is not followed.
    expect(names(split.unit)).toEqual(["typed.test.ts", "production.test.ts"]);
  });

  it("splits by name: *.e2e.test.ts are e2e, every other *.test.ts unit", () => {
    const split = splitTestFilesByName(["/p/src/a.test.ts", "/p/src/b.e2e.test.ts", "/p/src/e2e.test.ts"]);
    expect(split).toEqual({
      unit: ["/p/src/a.test.ts", "/p/src/e2e.test.ts"],
      e2e: ["/p/src/b.e2e.test.ts"],
    });
  });

  it("names each file whose name disagrees with what it imports, and why", () => {
    write("src/_test/typed.ts", 'import type pg from "pg";\nexport const y = 2;\n');
    write("src/_test/spawns.ts", 'import { spawn } from "node:child_process";\nexport { spawn };\n');
    const files = [
      write("src/names/heavy.e2e.test.ts", 'import pg from "pg";\n'),
      write("src/names/light.test.ts", 'import { y } from "../_test/typed.js";\n'),
      write("src/names/heavy.test.ts", 'import { spawn } from "../_test/spawns.js";\n'),
      write("src/names/light.e2e.test.ts", 'import { describe } from "vitest";\n'),
    ];
    expect(misnamedTestFiles(files, [/^pg$/, /^(node:)?child_process$/])).toEqual([
      `${files[2]}: imports ../_test/spawns.js -> node:child_process, so it is a scenario test: rename it heavy.e2e.test.ts`,
      `${files[3]}: imports no database, process or browser, so it is a unit test: rename it light.test.ts`,
    ]);
  });
});
