/**
 * Where the peer tools are installed: `packages/peer-tools/.tools/` (git-ignored), one folder per
 * tool and version, so a pinned version is downloaded once per clone and a new pin never reuses
 * an old install.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The package's root (this file is src/toolchain/ or dist/toolchain/ under it). */
export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The repository's root. */
export const REPO_ROOT = path.resolve(PACKAGE_ROOT, "../..");

/** `.tools/<name>`, created if missing. */
export function toolDir(name: string): string {
  const dir = path.join(PACKAGE_ROOT, ".tools", name);
  mkdirSync(dir, { recursive: true });
  return dir;
}
