/**
 * The foreign runtimes these checks need (python3, java, go), found on PATH. Each is a real tool run
 * against a real server, so none is faked: where one is missing, the suite that needs it is skipped
 * with the reason on a developer's machine (the README's test command needs only Node), and fails in
 * CI (`CI=true`, or `WEFT_PEER_TOOLS=require`), where `.ci/run` installs them first.
 */
import { spawnSync } from "node:child_process";

export interface Runtime {
  command: string;
  /** The first line the runtime printed for its version. */
  version: string;
}

/** `command args` if it runs and exits 0; undefined if it is not installed. */
export function findRuntime(command: string, versionArgs: string[]): Runtime | undefined {
  const run = spawnSync(command, versionArgs, { encoding: "utf8", timeout: 30_000 });
  if (run.error || run.status !== 0) return undefined;
  const version = `${run.stdout}${run.stderr}`.trim().split("\n")[0] ?? "";
  return { command, version };
}

/** Whether a missing runtime must fail the run instead of skipping its suite. */
export const runtimesRequired = (env: NodeJS.ProcessEnv = process.env): boolean =>
  env.CI === "true" || env.WEFT_PEER_TOOLS === "require";

/**
 * For a suite that needs `runtime`: undefined when it can run; otherwise the reason to skip it.
 * Throws instead where runtimes are required (CI), naming what to install.
 */
export function skipReason(name: string, runtime: Runtime | undefined, install: string): string | undefined {
  if (runtime) return undefined;
  const reason = `${name} is not installed (${install}); these checks need it`;
  if (runtimesRequired()) throw new Error(`${reason}. CI requires every peer tool: .ci/run installs them`);
  return reason;
}
