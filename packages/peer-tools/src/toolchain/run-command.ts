/**
 * A foreign tool (Schemathesis, python's unittest, `go test`) run to its end without blocking the
 * event loop: the weft dev it talks to must keep serving meanwhile.
 */
import { spawn } from "node:child_process";

export interface CommandRun {
  /** Exit code, or the signal that ended it. */
  exit: number | string;
  /** stdout and stderr, interleaved as they came. */
  output: string;
  seconds: number;
}

export interface CommandOptions {
  cwd: string;
  /** Added to this process's environment. */
  env?: NodeJS.ProcessEnv;
  /** Killed after this long. @default 10 minutes */
  timeoutMs?: number;
  /** Each piece of stdout or stderr as it comes (progress of a long run). */
  onOutput?: (text: string) => void;
}

export function runCommand(
  command: string,
  args: readonly string[],
  options: CommandOptions,
): Promise<CommandRun> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const take = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      options.onOutput?.(text);
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 600_000);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ exit: code ?? signal ?? "unknown", output, seconds: (Date.now() - started) / 1000 });
    });
  });
}
