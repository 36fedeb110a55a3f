/**
 * The two kinds of test files a package runs in separate vitest projects: a scenario test, named
 * `x.e2e.test.ts`, opens a database, spawns a process or drives a browser; every other `x.test.ts`
 * does none of that and runs in the fast `unit` project. The config selects by name
 * (`splitTestFilesByName`), so the split is read from the file tree; `misnamedTestFiles` keeps the
 * names true by what each file imports, and a package runs it as one of its unit tests.
 *
 * What a file imports counts when the file, or a test helper it imports (a relative import into a
 * `_test/` folder, followed transitively), imports any module that matches one of `heavy`: a database
 * driver, `child_process`, a browser, the kit's database or process helpers... What production
 * modules do is not followed: a test decides whether it opens a database or spawns a process;
 * importing code that could is not doing it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

/** Static imports, re-exports and dynamic imports with a literal specifier; `import type` is erased. */
const IMPORT =
  /\b(?:import|export)\s+(?!type\b)(?:[^"';]*?\sfrom\s*)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** How a scenario test's file name ends. */
export const E2E_SUFFIX = ".e2e.test.ts";

function importsOf(file: string): string[] {
  const source = readFileSync(file, "utf8");
  return [...source.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? "");
}

/** `./x.js` from `file` to the TypeScript source it names. */
function resolveRelative(file: string, specifier: string): string {
  return path.resolve(path.dirname(file), specifier).replace(/\.js$/, ".ts");
}

export interface SplitTestFiles {
  unit: string[];
  e2e: string[];
}

/**
 * For each file, the first `heavy` import it reaches, as the chain of imports that leads there
 * (`./_test/db.js -> pg`); undefined when it reaches none.
 */
function heavyImports(heavy: RegExp[]): (file: string) => string | undefined {
  const known = new Map<string, string | undefined>();
  const reach = (file: string, seen: Set<string>): string | undefined => {
    if (known.has(file)) return known.get(file);
    if (seen.has(file)) return undefined;
    seen.add(file);
    let found: string | undefined;
    for (const specifier of importsOf(file)) {
      if (heavy.some((pattern) => pattern.test(specifier))) found = specifier;
      else if (specifier.startsWith(".")) {
        const target = resolveRelative(file, specifier);
        const via = target.includes(`${path.sep}_test${path.sep}`) ? reach(target, seen) : undefined;
        if (via !== undefined) found = `${specifier} -> ${via}`;
      }
      if (found !== undefined) break;
    }
    known.set(file, found);
    return found;
  };
  return (file) => reach(file, new Set());
}

/** Splits `files` (absolute paths of test files) by whether they reach a `heavy` import. */
export function splitTestFiles(files: string[], heavy: RegExp[]): SplitTestFiles {
  const heavyImport = heavyImports(heavy);
  const split: SplitTestFiles = { unit: [], e2e: [] };
  for (const file of files) split[heavyImport(file) === undefined ? "unit" : "e2e"].push(file);
  return split;
}

/** Splits `files` by name: `*.e2e.test.ts` are e2e, the others unit. */
export function splitTestFilesByName(files: string[]): SplitTestFiles {
  return {
    unit: files.filter((f) => !f.endsWith(E2E_SUFFIX)),
    e2e: files.filter((f) => f.endsWith(E2E_SUFFIX)),
  };
}

/**
 * The files whose name says the wrong kind, each with why: a `*.test.ts` that reaches a `heavy`
 * import (it would run a database or a process in the unit project), or a `*.e2e.test.ts` that
 * reaches none (a fast test kept out of the unit project). Empty when every name is right.
 */
export function misnamedTestFiles(files: string[], heavy: RegExp[]): string[] {
  const heavyImport = heavyImports(heavy);
  const misnamed: string[] = [];
  for (const file of files) {
    const reached = heavyImport(file);
    const name = path.basename(file);
    if (!name.endsWith(E2E_SUFFIX) && reached !== undefined) {
      const renamed = name.replace(/\.test\.ts$/, E2E_SUFFIX);
      misnamed.push(`${file}: imports ${reached}, so it is a scenario test: rename it ${renamed}`);
    } else if (name.endsWith(E2E_SUFFIX) && reached === undefined) {
      const renamed = name.replace(E2E_SUFFIX, ".test.ts");
      misnamed.push(
        `${file}: imports no database, process or browser, so it is a unit test: rename it ${renamed}`,
      );
    }
  }
  return misnamed;
}
