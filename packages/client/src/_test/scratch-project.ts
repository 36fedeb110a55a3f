/**
 * An app developer's project in a temp dir: a package.json of the given module type, the tarball
 * installed with npm as the README says, compiled with the repository's TypeScript and run with node.
 */
import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { CLIENT_DIR } from "./pack-client.js";

const run = promisify(execFile);
const TSC = path.join(CLIENT_DIR, "node_modules/typescript/bin/tsc");

export interface ScratchProjectOptions {
  dir: string;
  /** package.json `type`: how Node and TypeScript read the project's .js and .ts files. */
  type: "module" | "commonjs";
  tarball: string;
  /** tsconfig.json's text, as a user writes it (comments allowed). */
  tsconfig: string;
  /** File name -> source. */
  files: Record<string, string>;
}

/** Creates the project and installs the tarball (openapi-fetch comes from the npm registry or its cache). */
export async function createScratchProject(options: ScratchProjectOptions): Promise<string> {
  mkdirSync(options.dir, { recursive: true });
  const manifest = { name: path.basename(options.dir), version: "1.0.0", private: true, type: options.type };
  writeFileSync(path.join(options.dir, "package.json"), JSON.stringify(manifest, null, 2));
  writeFileSync(path.join(options.dir, "tsconfig.json"), options.tsconfig);
  for (const [name, source] of Object.entries(options.files))
    writeFileSync(path.join(options.dir, name), source);
  await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", options.tarball], {
    cwd: options.dir,
  });
  return options.dir;
}

/** `tsc -p` in the project (type-checks, then emits); rejects with tsc's report on any error. */
export async function compile(dir: string): Promise<void> {
  await run(process.execPath, [TSC, "-p", dir]).catch((err: { stdout?: string }) => {
    throw new Error(`tsc failed in ${path.basename(dir)}:\n${err.stdout}`);
  });
}

/** Runs a compiled file with node and returns its stdout and stderr. */
export async function runNode(file: string): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, [file], { cwd: path.dirname(file) });
}
