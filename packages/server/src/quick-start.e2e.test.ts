/**
 * The README's first hour, as a user runs it, in a fresh clone of the repository (so nothing here
 * rebuilds the dist/ that other test files are running): install and build print no warning (pnpm's
 * "Failed to create bin" came from bins pointing into dist/ before anything was built, turbo's "no
 * output files found" from tasks declaring outputs they never write), `pnpm start` (the quick start)
 * serves, the README's conformance command checks it from a second terminal, and a Ctrl-C ends
 * `pnpm start` with exit 0 and no pnpm `ELIFECYCLE Command failed`. The clone holds what is committed.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
/** `pnpm@10.34.8`, as the README pins it. */
const PACKAGE_MANAGER = (
  JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { packageManager: string }
).packageManager;
const README = readFileSync(path.join(ROOT, "README.md"), "utf8");

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGKILL");
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The first code block of a README section, its continuation lines joined. */
function commandIn(section: string): string {
  const body = new RegExp(`^## ${section}\\n([\\s\\S]*?)^## `, "m").exec(README)?.[1] ?? "";
  const block = /```\w*\n([\s\S]*?)```/.exec(body)?.[1] ?? "";
  return block.replace(/\\\n\s*/g, "").trim();
}

/**
 * pnpm itself, not `npx pnpm`: a Ctrl-C reaches every process of the terminal's group, npx's own
 * `sh -c pnpm` included, and that shell's exit is npm's business, not ours. pnpm's bin directory goes
 * on PATH, as npx puts it (turbo looks for the package manager there).
 */
function pnpm(): { cli: string; binDir: string } {
  const bin = execFileSync("npx", ["-y", "-p", PACKAGE_MANAGER, "-c", "command -v pnpm"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  }).trim();
  return { cli: realpathSync(bin), binDir: path.dirname(bin) };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, cwd: string) {
  // Its own process group, as a terminal's foreground job: the Ctrl-C goes to all of it.
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let output = "";
  child.stdout?.on("data", (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on("data", (c: Buffer) => {
    output += c.toString();
  });
  const exited = new Promise<number | string>((resolve) =>
    child.on("exit", (code, signal) => resolve(code ?? signal ?? "unknown")),
  );
  return { child, output: () => output, exited };
}

/** Nested under `pnpm test`, turbo's own variables would describe the outer run. */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("TURBO_")));
}

/** Warnings of the tools, not npx's own about this machine's npm configuration. */
function warnings(output: string): string[] {
  return output.split("\n").filter((l) => /\bWARN(ING)?\b/.test(l) && !l.startsWith("npm warn"));
}

const clone = mkdtempSync(path.join(tmpdir(), "weft-clone-"));
dirs.push(clone);
let installOutput = "";
let buildOutput = "";

beforeAll(() => {
  const step = (command: string, args: string[], cwd: string) => {
    const ran = spawnSync(command, args, { cwd, encoding: "utf8", env: cleanEnv(), timeout: 300_000 });
    if (ran.status !== 0)
      throw new Error(`${command} ${args.join(" ")}: ${ran.status}\n${ran.stdout}${ran.stderr}`);
    return `${ran.stdout}${ran.stderr}`;
  };
  step("git", ["clone", "--quiet", ROOT, clone], tmpdir());
  // --offline: every package is in this machine's store already (the repository was installed).
  installOutput = step("npx", ["-y", PACKAGE_MANAGER, "install", "--frozen-lockfile", "--offline"], clone);
  buildOutput = step("npx", ["-y", PACKAGE_MANAGER, "build"], clone);
}, 600_000);

describe("a fresh clone", () => {
  it("installs without a warning", () => {
    expect(installOutput).toContain("Done in");
    expect(warnings(installOutput)).toEqual([]);
  });

  it("builds without a warning", () => {
    expect(buildOutput).toMatch(/Tasks:\s+(\d+) successful, \1 total/);
    expect(warnings(buildOutput)).toEqual([]);
  });
});

describe("the README's quick start", () => {
  it("`pnpm start` serves, the README's conformance command passes against it, and Ctrl-C ends it with exit 0", async () => {
    expect(commandIn("Quick start")).toBe(
      `npx -y ${PACKAGE_MANAGER} install && npx -y ${PACKAGE_MANAGER} start`,
    );
    const { cli, binDir } = pnpm();
    const dir = mkdtempSync(path.join(tmpdir(), "weft-quick-start-"));
    dirs.push(dir);
    const env = cleanEnv();
    const start = run(
      process.execPath,
      [cli, "start"],
      {
        ...env,
        PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ""}`,
        PORT: "0",
        DATABASE_URL: "",
        WEFT_DATA_DIR: path.join(dir, "data"),
        LOG_LEVEL: "warn",
      },
      clone,
    );
    let url: string | undefined;
    for (let i = 0; i < 1200 && !url; i++) {
      url = /serving on (http:\/\/\S+)/.exec(start.output())?.[1];
      if (!url) await new Promise((r) => setTimeout(r, 100));
    }
    expect(url, start.output()).toBeDefined();

    // The README's command, pointed at this server.
    const conformance = commandIn("Checking a deployment").replaceAll("http://127.0.0.1:8080", url ?? "");
    expect(conformance).toMatch(new RegExp(`^npx -y ${PACKAGE_MANAGER} conformance `));
    const check = run("sh", ["-c", conformance], env, clone);
    const checked = await check.exited;
    expect(checked, check.output()).toBe(0);
    expect(check.output()).toMatch(/CONFORMS: \d+ checks/);
    // Its reports go to conformance-reports/ in the checkout, named at the end, and leave nothing
    // untracked there (they used to land in the root, untracked).
    for (const file of ["conformance.xml", "conformance.html"]) {
      expect(check.output()).toMatch(new RegExp(`report written: /\\S*/conformance-reports/${file}\\n`));
      expect(existsSync(path.join(clone, "conformance-reports", file))).toBe(true);
    }
    expect(execFileSync("git", ["status", "--porcelain"], { cwd: clone, encoding: "utf8" })).toBe("");

    // Ctrl-C: SIGINT to the whole group (pnpm, its shell, the server).
    process.kill(-(start.child.pid ?? 0), "SIGINT");
    expect(await start.exited, start.output()).toBe(0);
    expect(start.output()).not.toContain("ELIFECYCLE");
    // Neither the build's progress (scripts/build-with-progress.mjs) nor the server says either word.
    expect(start.output()).not.toMatch(/\berror\b|warning/i);
  }, 300_000);
});
