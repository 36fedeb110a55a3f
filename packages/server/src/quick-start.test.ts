/**
 * The README's first hour, as a user runs it: `pnpm start` (the quick start) serves, the README's
 * conformance command checks it from a second terminal, and a Ctrl-C ends `pnpm start` with exit 0
 * and no pnpm `ELIFECYCLE Command failed`.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

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

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  // Its own process group, as a terminal's foreground job: the Ctrl-C goes to all of it.
  const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
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

describe("a fresh build", () => {
  it("prints no turbo `no output files found` warning for tasks that produce nothing", () => {
    const { binDir } = pnpm();
    // --only: these tasks alone (they write nothing), not the generate/build steps they depend on.
    const turbo = (args: string[]) => {
      const ran = spawnSync(path.join(ROOT, "node_modules/.bin/turbo"), [...args, "--force", "--only"], {
        cwd: ROOT,
        encoding: "utf8",
        env: {
          ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("TURBO_"))),
          PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ""}`,
        },
      });
      expect(ran.status, ran.stderr).toBe(0);
      return ran.stdout + ran.stderr;
    };
    const generate = turbo([
      "run",
      "generate",
      ...["client", "conformance", "devnet", "loadtest"].map((p) => `--filter=@weft/${p}`),
    ]);
    expect(generate).toContain("4 successful, 4 total");
    const build = turbo(["run", "build", "--filter=@weft/spec"]);
    expect(build).toContain("1 successful, 1 total");
    const output = generate + build;
    expect(output).not.toContain("no output files found");
  }, 120_000);
});

describe("the README's quick start", () => {
  it("`pnpm start` serves, the README's conformance command passes against it, and Ctrl-C ends it with exit 0", async () => {
    expect(commandIn("Quick start")).toBe(
      `npx -y ${PACKAGE_MANAGER} install && npx -y ${PACKAGE_MANAGER} start`,
    );
    const { cli, binDir } = pnpm();
    const dir = mkdtempSync(path.join(tmpdir(), "weft-quick-start-"));
    dirs.push(dir);
    // Nested under `pnpm test`, turbo's own variables would describe the outer run.
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("TURBO_")));
    const start = run(process.execPath, [cli, "start"], {
      ...env,
      PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ""}`,
      PORT: "0",
      DATABASE_URL: "",
      WEFT_DATA_DIR: path.join(dir, "data"),
      LOG_LEVEL: "warn",
    });
    let url: string | undefined;
    for (let i = 0; i < 1200 && !url; i++) {
      url = /serving on (http:\/\/\S+)/.exec(start.output())?.[1];
      if (!url) await new Promise((r) => setTimeout(r, 100));
    }
    expect(url, start.output()).toBeDefined();

    // The README's command, pointed at this server, its reports written here.
    const conformance = commandIn("Checking a deployment")
      .replaceAll("http://127.0.0.1:8080", url ?? "")
      .replace(/=conformance\./g, `=${dir}/conformance.`);
    expect(conformance).toMatch(new RegExp(`^npx -y ${PACKAGE_MANAGER} conformance `));
    const check = run("sh", ["-c", conformance], env);
    const checked = await check.exited;
    expect(checked, check.output()).toBe(0);
    expect(check.output()).toMatch(/CONFORMS: \d+ checks/);
    expect(existsSync(path.join(dir, "conformance.xml"))).toBe(true);
    expect(existsSync(path.join(dir, "conformance.html"))).toBe(true);

    // Ctrl-C: SIGINT to the whole group (pnpm, its shell, the server).
    process.kill(-(start.child.pid ?? 0), "SIGINT");
    expect(await start.exited, start.output()).toBe(0);
    expect(start.output()).not.toContain("ELIFECYCLE");
    // (The script line pnpm echoes says `--output-logs=errors-only`.)
    expect(start.output()).not.toMatch(/\berror\b|warning/i);
  }, 300_000);
});
