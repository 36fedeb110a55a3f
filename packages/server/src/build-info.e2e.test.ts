import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { detectBuildInfo, readBuildInfo, writeBuildInfo } from "./build-info.js";

const packageDir = path.resolve(import.meta.dirname, "..");
const packageJson = path.join(packageDir, "package.json");

function outsideGit(version?: string): { dir: string; packageJson: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "weft-build-info-"));
  const file = path.join(dir, "package.json");
  writeFileSync(file, JSON.stringify(version === undefined ? { name: "x" } : { name: "x", version }));
  return { dir, packageJson: file };
}

describe("build info", () => {
  it("in a checkout: the HEAD commit and package.json's version, whatever the environment says", () => {
    const head = execFileSync("git", ["rev-parse", "HEAD"], { cwd: packageDir, encoding: "utf8" }).trim();
    const version = (JSON.parse(readFileSync(packageJson, "utf8")) as { version: string }).version;
    const info = detectBuildInfo({
      cwd: packageDir,
      packageJson,
      env: { WEFT_COMMIT: "x", WEFT_VERSION: "y" },
    });
    expect(info).toEqual({ version, commitHash: head });
    expect(info.commitHash).toMatch(/^[0-9a-f]{40}$/);
  });

  it("outside a checkout: WEFT_COMMIT / WEFT_VERSION, then unknown", () => {
    const bare = outsideGit();
    expect(detectBuildInfo({ cwd: bare.dir, packageJson: bare.packageJson, env: {} })).toEqual({
      version: "unknown",
      commitHash: "unknown",
    });
    expect(
      detectBuildInfo({
        cwd: bare.dir,
        packageJson: bare.packageJson,
        env: { WEFT_COMMIT: "abc1234", WEFT_VERSION: "9.9.9" },
      }),
    ).toEqual({ version: "9.9.9", commitHash: "abc1234" });
    const versioned = outsideGit("2.0.0");
    expect(detectBuildInfo({ cwd: versioned.dir, packageJson: versioned.packageJson, env: {} })).toEqual({
      version: "2.0.0",
      commitHash: "unknown",
    });
  });

  it("the server reads back what the build wrote; without the file, the environment then unknown", () => {
    const { dir } = outsideGit();
    const file = path.join(dir, "build-info.json");
    writeBuildInfo(file, { version: "1.0.0", commitHash: "f".repeat(40) });
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ version: "1.0.0", commit_hash: "f".repeat(40) });
    expect(readBuildInfo(file, {})).toEqual({ version: "1.0.0", commitHash: "f".repeat(40) });
    const missing = path.join(dir, "none.json");
    expect(readBuildInfo(missing, {})).toEqual({ version: "unknown", commitHash: "unknown" });
    expect(readBuildInfo(missing, { WEFT_COMMIT: "c", WEFT_VERSION: "v" })).toEqual({
      version: "v",
      commitHash: "c",
    });
  });

  it("the package build writes dist/build-info.json with this checkout's commit", () => {
    execFileSync("node", ["scripts/write-build-info.mjs"], { cwd: packageDir, stdio: "ignore" });
    const head = execFileSync("git", ["rev-parse", "HEAD"], { cwd: packageDir, encoding: "utf8" }).trim();
    expect(readBuildInfo(path.join(packageDir, "dist/build-info.json"), {}).commitHash).toBe(head);
  });
});
