/**
 * The node's own `minitiad` CLI, run to completion: init, keys, genesis edits and the txs the scenarios
 * send. Txs go through the real CLI on purpose (its signing, its message encoding), not a JS signer.
 */
import { spawn } from "node:child_process";

/** How long one CLI command may take; `tx ... --yes` returns at CheckTx, well under this. */
const CLI_TIMEOUT_MS = 60_000;

export interface NodeCli {
  /** The binary's path. */
  bin: string;
  /** Environment of every command (LD_LIBRARY_PATH for minimove's Move VM libraries). */
  env: NodeJS.ProcessEnv;
  /** Runs `bin args...` and resolves with its stdout; rejects with the command and stderr on failure. */
  run(args: string[], options?: { stdin?: string }): Promise<string>;
  /** `run`, then parses stdout as JSON. */
  json<T>(args: string[], options?: { stdin?: string }): Promise<T>;
}

/** The environment a node binary needs: minimove loads libmovevm/libcompiler from `libDir`. */
export function nodeEnv(libDir: string | undefined): NodeJS.ProcessEnv {
  if (libDir === undefined) return { ...process.env };
  const current = process.env.LD_LIBRARY_PATH;
  return { ...process.env, LD_LIBRARY_PATH: current ? `${libDir}:${current}` : libDir };
}

export function createNodeCli(bin: string, libDir?: string): NodeCli {
  const env = nodeEnv(libDir);
  const run = (args: string[], options: { stdin?: string } = {}) =>
    new Promise<string>((resolve, reject) => {
      const child = spawn(bin, args, { env, stdio: ["pipe", "pipe", "pipe"] });
      let out = "";
      let err = "";
      const timer = setTimeout(() => child.kill("SIGKILL"), CLI_TIMEOUT_MS);
      child.stdout.on("data", (c: Buffer) => {
        out += c.toString();
      });
      child.stderr.on("data", (c: Buffer) => {
        err += c.toString();
      });
      child.on("error", (e) => {
        clearTimeout(timer);
        reject(e);
      });
      child.on("close", (code, signal) => {
        clearTimeout(timer);
        if (code === 0) resolve(out);
        else reject(new Error(`${bin} ${args.join(" ")} failed (${code ?? signal}):\n${err}${out}`));
      });
      child.stdin.end(options.stdin ?? "");
    });
  return {
    bin,
    env,
    run,
    async json<T>(args: string[], options?: { stdin?: string }) {
      const out = await run(args, options);
      try {
        return JSON.parse(out) as T;
      } catch {
        throw new Error(`${bin} ${args.join(" ")} printed no JSON:\n${out}`);
      }
    },
  };
}
