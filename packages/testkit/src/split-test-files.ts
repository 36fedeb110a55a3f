/**
 * Sorts a package's test files into `unit` and `e2e` by what they import, so a new file lands in the
 * right vitest project without a list to keep up to date. A file is e2e when it, or a test helper it
 * imports (a relative import into a `_test/` folder, followed transitively), imports any module that
 * matches one of `heavy`: a database driver, `child_process`, a browser, the kit's database or process
 * helpers... What production modules do is not followed: a test decides whether it opens a database
 * or spawns a process; importing code that could is not doing it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

/** Static imports, re-exports and dynamic imports with a literal specifier; `import type` is erased. */
const IMPORT =
  /\b(?:import|export)\s+(?!type\b)(?:[^"';]*?\sfrom\s*)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

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

/** Splits `files` (absolute paths of test files) by whether they reach a `heavy` import. */
export function splitTestFiles(files: string[], heavy: RegExp[]): SplitTestFiles {
  const known = new Map<string, boolean>();
  const isHeavy = (file: string, seen: Set<string>): boolean => {
    const cached = known.get(file);
    if (cached !== undefined) return cached;
    if (seen.has(file)) return false;
    seen.add(file);
    const result = importsOf(file).some((specifier) => {
      if (heavy.some((pattern) => pattern.test(specifier))) return true;
      if (!specifier.startsWith(".")) return false;
      const target = resolveRelative(file, specifier);
      return target.includes(`${path.sep}_test${path.sep}`) && isHeavy(target, seen);
    });
    known.set(file, result);
    return result;
  };
  const split: SplitTestFiles = { unit: [], e2e: [] };
  for (const file of files) split[isHeavy(file, new Set()) ? "e2e" : "unit"].push(file);
  return split;
}
