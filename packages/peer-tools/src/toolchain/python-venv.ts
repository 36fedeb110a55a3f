/**
 * A Python virtual environment with pinned requirements, made once under `.tools/venv-<name>` with
 * the machine's python3 and filled from PyPI. A marker file records what was installed: a changed
 * pin makes a fresh environment instead of upgrading in place.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { findRuntime, type Runtime } from "./runtime.js";
import { toolDir } from "./tool-cache.js";
import { withToolLock } from "./tool-lock.js";

export interface Venv {
  /** The environment's python. */
  python: string;
  /** Path of a console script the requirements installed (e.g. `st`). */
  bin(name: string): string;
}

export const findPython = (): Runtime | undefined => findRuntime("python3", ["--version"]);

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { encoding: "utf8", timeout: 600_000 });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(" ")} failed (${result.status}):\n${result.stderr || result.stdout}`,
    );
  }
}

/** The venv `name` holding exactly `requirements` (pip specifiers, pinned: `pkg==1.2.3`). */
export function ensureVenv(name: string, requirements: readonly string[]): Venv {
  const dir = toolDir(`venv-${name}`);
  const marker = path.join(dir, "weft-requirements.txt");
  const wanted = `${[...requirements].sort().join("\n")}\n`;
  const python = path.join(dir, "bin", "python");
  withToolLock(`venv-${name}`, () => {
    if (!existsSync(marker) || readFileSync(marker, "utf8") !== wanted || !existsSync(python)) {
      rmSync(dir, { recursive: true, force: true });
      run("python3", ["-m", "venv", dir]);
      run(python, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", ...requirements]);
      writeFileSync(marker, wanted);
    }
  });
  return { python, bin: (script) => path.join(dir, "bin", script) };
}
