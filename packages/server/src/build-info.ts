/**
 * The build's identity for `/status` (`version`, `commit_hash`), fixed when the package is built:
 * `scripts/write-build-info.mjs` runs after `tsc` and writes `dist/build-info.json` from
 * `git rev-parse HEAD` and package.json's version, falling back to the environment (`WEFT_COMMIT`,
 * `WEFT_VERSION`, e.g. a release pipeline building outside a checkout) and then to "unknown".
 * The running server only reads that file; it never asks git (a deployed package is no checkout).
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

export interface BuildInfo {
  version: string;
  commitHash: string;
}

const UNKNOWN = "unknown";

/** The identity of code that was not built (the sources run directly, an app built without one). */
export const UNKNOWN_BUILD: Readonly<BuildInfo> = Object.freeze({ version: UNKNOWN, commitHash: UNKNOWN });

function nonEmpty(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v ? v : undefined;
}

/** The commit checked out at `cwd`, or undefined outside a git checkout (or without git). */
function gitCommit(cwd: string): string | undefined {
  try {
    const out = execFileSync("git", ["rev-parse", "HEAD"], {
      cwd,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    return /^[0-9a-f]{40}$/.test(out) ? out : undefined;
  } catch {
    return undefined;
  }
}

function packageVersion(packageJson: string): string | undefined {
  try {
    const v = (JSON.parse(readFileSync(packageJson, "utf8")) as { version?: unknown }).version;
    return typeof v === "string" ? nonEmpty(v) : undefined;
  } catch {
    return undefined;
  }
}

/** What a build at `cwd` is: git and package.json first, then the environment, then "unknown". */
export function detectBuildInfo(opts: {
  cwd: string;
  packageJson: string;
  env?: NodeJS.ProcessEnv;
}): BuildInfo {
  const env = opts.env ?? process.env;
  return {
    version: packageVersion(opts.packageJson) ?? nonEmpty(env.WEFT_VERSION) ?? UNKNOWN,
    commitHash: gitCommit(opts.cwd) ?? nonEmpty(env.WEFT_COMMIT) ?? UNKNOWN,
  };
}

/** Writes the build-info file the server reads (`{"version","commit_hash"}`). */
export function writeBuildInfo(file: string | URL, info: BuildInfo): void {
  writeFileSync(
    file,
    `${JSON.stringify({ version: info.version, commit_hash: info.commitHash }, null, 2)}\n`,
  );
}

/** What `weft --version` prints: the identity /status reports, on one line. */
export function versionLine(info: BuildInfo): string {
  return `weft ${info.version} (commit ${info.commitHash})`;
}

/**
 * The build-info file beside this module (`dist/build-info.json` in a build). Without one (the
 * sources run directly, e.g. under vitest), the environment, then "unknown".
 */
export function readBuildInfo(
  file: string | URL = new URL("./build-info.json", import.meta.url),
  env: NodeJS.ProcessEnv = process.env,
): BuildInfo {
  try {
    const json = JSON.parse(readFileSync(file, "utf8")) as { version?: unknown; commit_hash?: unknown };
    if (typeof json.version === "string" && typeof json.commit_hash === "string") {
      return { version: json.version, commitHash: json.commit_hash };
    }
  } catch {
    // no file: not a build
  }
  return { version: nonEmpty(env.WEFT_VERSION) ?? UNKNOWN, commitHash: nonEmpty(env.WEFT_COMMIT) ?? UNKNOWN };
}
