/**
 * The client packed the way its README says, from a checkout where it was never built: dist/ is
 * removed first, so the tarball holds a build only if packing makes one (the `prepack` script).
 */
import { execFile } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
export const CLIENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Packs @weft/client with pnpm into `destination` and returns the tarball's path. */
export async function packClientFromClean(destination: string): Promise<string> {
  rmSync(path.join(CLIENT_DIR, "dist"), { recursive: true, force: true });
  await run("npx", ["-y", "pnpm@10.34.8", "pack", "--pack-destination", destination], { cwd: CLIENT_DIR });
  const name = readdirSync(destination).find((f) => f.endsWith(".tgz"));
  if (!name) throw new Error(`pnpm pack wrote no tarball into ${destination}`);
  return path.join(destination, name);
}

/** The paths inside a tarball, sorted. */
export async function tarballFiles(tarball: string): Promise<string[]> {
  const { stdout } = await run("tar", ["-tzf", tarball]);
  return stdout.trim().split("\n").sort();
}
