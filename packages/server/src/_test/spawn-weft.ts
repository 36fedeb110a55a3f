/**
 * The server's own `weft`, spawned through @weft/testkit: the repository's build by default (the kit
 * cannot resolve @weft/server for the server's tests, which use the kit), or another CLI script.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as kit from "@weft/testkit/spawn-weft";

export type { WeftProcess } from "@weft/testkit/spawn-weft";

/** The built CLI; `pnpm test` builds first (turbo: test dependsOn build). */
export const CLI_PATH = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../dist/cli.js");

/** Which `weft` to run, and from where: the repository's build by default. */
export type WeftCommand = Partial<kit.WeftCommand>;

/** Runs `weft <args>` and resolves once it prints the URL it serves. */
export function startWeft(
  args: string[],
  env: Record<string, string | undefined>,
  command: WeftCommand = {},
) {
  return kit.startWeft(args, env, { cli: CLI_PATH, ...command });
}

/** Runs `weft <args>` to completion. */
export function runWeft(args: string[], env: Record<string, string | undefined>, command: WeftCommand = {}) {
  return kit.runWeft(args, env, { cli: CLI_PATH, ...command });
}
