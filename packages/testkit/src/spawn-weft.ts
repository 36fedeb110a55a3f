/**
 * A `weft` CLI as a child process: start it and wait for the URL it prints once serving ("serving on
 * http://..." on stderr), or run it to completion. The kit does not depend on @weft/server (the server's
 * own tests use the kit: that would be a workspace cycle), so the caller says which CLI to run:
 * `weftCliOf(import.meta.url)` finds the built one of the @weft/server the calling package depends on.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { afterAll } from "vitest";

const START_TIMEOUT_MS = 90_000;
const SERVING = /serving on (http:\/\/\S+)/;

/** The built CLI of the @weft/server that the module at `from` (an import.meta.url) resolves. */
export function weftCliOf(from: string): string {
  return createRequire(from)
    .resolve("@weft/server")
    .replace(/index\.js$/, "cli.js");
}

export interface WeftProcess {
  child: ChildProcess;
  url: string;
  stderr(): string;
  stdout(): string;
  /**
   * The first line of stdout containing `text`, once written: logs are written asynchronously, so a
   * line may come a little after what it logs (the served request, the banner on stderr).
   */
  stdoutLine(text: string, timeoutMs?: number): Promise<string>;
  /** Resolves with the exit code (or signal name). */
  exited: Promise<number | string>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<number | string>;
}

/** Which `weft` to run, and how. */
export interface WeftCommand {
  /** Path of the CLI script (see `weftCliOf`). */
  cli: string;
  cwd?: string;
  /** LOG_LEVEL unless `env` sets one. @default "info" */
  logLevel?: string;
}

/**
 * Children still running: a test that fails before it stops its `weft` must not leave the process
 * behind (it keeps its ports, database and CPU for the rest of the run). Where vitest evaluates this
 * module anew for every test file (isolated files), the hook ends them after each file; where files
 * share a worker's modules (`isolate: false`, the server's e2e project) it runs after the first file
 * only, and the exit hook ends whatever is left when the worker ends.
 */
const running = new Set<ChildProcess>();
const killRunning = () => {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
};
afterAll(killRunning);
process.once("exit", killRunning);

/** Runs `weft <args>` and resolves once it prints the URL it serves; rejects if it exits first. */
export async function startWeft(
  args: string[],
  env: Record<string, string | undefined>,
  command: WeftCommand,
): Promise<WeftProcess> {
  const child = spawn(process.execPath, [command.cli, ...args], {
    env: { ...process.env, LOG_LEVEL: command.logLevel ?? "info", ...env },
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
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`weft did not start within ${START_TIMEOUT_MS / 1000} s:\n${err}\n${out}`));
    }, START_TIMEOUT_MS);
    child.stderr?.on("data", (c: Buffer) => {
      err += c.toString();
      const match = SERVING.exec(err);
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
  return {
    child,
    url,
    stderr: () => err,
    stdout: () => out,
    async stdoutLine(text, timeoutMs = 10_000) {
      for (const until = Date.now() + timeoutMs; ; ) {
        const line = out.split("\n").find((l) => l.includes(text));
        if (line !== undefined) return line;
        if (Date.now() > until)
          throw new Error(`no stdout line with ${JSON.stringify(text)} within ${timeoutMs} ms:\n${out}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    exited,
    stop() {
      child.kill("SIGTERM");
      return exited;
    },
  };
}

/** Runs `weft <args>` to completion. */
export function runWeft(
  args: string[],
  env: Record<string, string | undefined>,
  command: WeftCommand,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [command.cli, ...args], {
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
