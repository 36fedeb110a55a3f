/**
 * One installer at a time per tool. The tests run on two workers, and two files may need the same
 * tool on a fresh clone (Schemathesis's virtualenv for both chains' runs and the contract-break
 * run): without the lock, both would delete and refill the same `.tools/` folder at once. The lock
 * is a directory (mkdir is atomic); one left by a killed process is taken over once it is older
 * than any install takes.
 */
import { mkdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { toolDir } from "./tool-cache.js";

/** Longer than the slowest install (pip from PyPI on a loaded machine); older locks are stale. */
const STALE_MS = 15 * 60_000;
const POLL_MS = 200;

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Runs `install` while holding the lock of `.tools/<name>`, waiting for another holder first. */
export function withToolLock<T>(name: string, install: () => T): T {
  const lock = path.join(toolDir("locks"), `${name}.lock`);
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_MS) rmSync(lock, { recursive: true, force: true });
      else sleep(POLL_MS);
    }
  }
  try {
    return install();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
