import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll } from "vitest";

/** The built CLI; `pnpm test` builds first (turbo: test dependsOn build). */
export const CLI_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../dist/cli.js");

export interface WeftProcess {
  child: ChildProcess;
  url: string;
  stderr(): string;
  stdout(): string;
  /** Resolves with the exit code (or signal name). */
  exited: Promise<number | string>;
}

/**
 * Children still running: a test that fails before it stops its `weft` must not leave the process
 * behind (it keeps its ports, database and CPU for the rest of the run), so each test file ends them.
 */
const running = new Set<ChildProcess>();
afterAll(() => {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
});

/** Which `weft` to run, and from where: the repository's build by default. */
export interface WeftCommand {
  /** Path of the CLI script. @default CLI_PATH */
  cli?: string;
  cwd?: string;
}

/** Runs `weft <args>` and resolves once it prints the URL it serves. */
export async function startWeft(
  args: string[],
  env: Record<string, string | undefined>,
  command: WeftCommand = {},
): Promise<WeftProcess> {
  const child = spawn(process.execPath, [command.cli ?? CLI_PATH, ...args], {
    env: { ...process.env, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    cwd: command.cwd,
  });
  running.add(child);
  let out = "";
  let err = "";
  child.stdout?.on("data", (c: Buffer) => {
    out += c.toString();
  });
  const exited = new Promise<number | string>((resolve) =>
    child.on("exit", (code, signal) => {
      running.delete(child);
      resolve(code ?? signal ?? "unknown");
    }),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`weft did not start within 90 s:\n${err}\n${out}`)),
      90_000,
    );
    child.stderr?.on("data", (c: Buffer) => {
      err += c.toString();
      const match = /serving on (http:\/\/\S+)/.exec(err);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`weft exited (${code}) before serving:\n${err}\n${out}`));
    });
  });
  return { child, url, stderr: () => err, stdout: () => out, exited };
}

/** Runs `weft <args>` to completion. */
export function runWeft(
  args: string[],
  env: Record<string, string | undefined>,
  command: WeftCommand = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [command.cli ?? CLI_PATH, ...args], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
      cwd: command.cwd,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      stderr += c.toString();
    });
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}
