/**
 * The files of an SDK tree, as paths relative to its root, and the differences between two trees:
 * what the drift check reports and what regeneration replaces.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** Every file under `dir` (recursively), relative, `/`-separated, sorted. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = relative === "" ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else out.push(child);
    }
  };
  walk("");
  return out.sort();
}

/**
 * The files of `dir` as git sees them: tracked and untracked-but-not-ignored, so build litter the
 * SDK's .gitignore covers (`__pycache__/`) is not mistaken for an SDK file, while a file someone
 * added and has not committed yet still counts.
 */
export function gitFiles(dir: string): string[] {
  const run = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", "."], {
    cwd: dir,
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`git ls-files in ${dir} failed: ${run.stderr}`);
  return [...new Set(run.stdout.split("\0").filter((f) => f !== ""))]
    .filter((f) => existsSync(path.join(dir, f)))
    .sort();
}

export interface TreeDrift {
  /** In both trees, with different bytes. */
  changed: string[];
  /** Generated, but not in the committed tree. */
  missing: string[];
  /** In the committed tree, but no longer generated. */
  stale: string[];
}

export interface Tree {
  dir: string;
  files: readonly string[];
}

/** How `committed` differs from `generated`. */
export function compareTrees(generated: Tree, committed: Tree): TreeDrift {
  const have = new Set(committed.files);
  const made = new Set(generated.files);
  const changed: string[] = [];
  const missing: string[] = [];
  for (const f of generated.files) {
    if (!have.has(f)) missing.push(f);
    else if (!readFileSync(path.join(generated.dir, f)).equals(readFileSync(path.join(committed.dir, f)))) {
      changed.push(f);
    }
  }
  const stale = committed.files.filter((f) => !made.has(f));
  return { changed, missing, stale };
}

export const driftCount = (d: TreeDrift): number => d.changed.length + d.missing.length + d.stale.length;
