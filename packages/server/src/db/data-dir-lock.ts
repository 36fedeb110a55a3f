import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

/**
 * PGlite keeps the whole database in this process's memory and writes it back to its files; two
 * processes on one data directory each overwrite the other's writes (and two starting at once race
 * on initdb). Nothing in PGlite refuses that, so the data directory carries a lock file naming the
 * process that holds it.
 */
export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `the embedded database in ${dataDir} is in use by another weft process (pid ${pid}); ` +
        "stop that process, or give this one its own directory with WEFT_DATA_DIR (--data-dir) " +
        "or a real Postgres with DATABASE_URL",
    );
    this.name = "DataDirBusyError";
  }
}

export interface DataDirLock {
  release(): void;
}

const LOCK_FILE = "weft.lock";

/** Directories this process holds: a lock file naming our own pid is stale only if not in here. */
const heldHere = new Set<string>();

/** Takes the data directory for this process; a lock left by a process that is gone is taken over. */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = path.resolve(dataDir, LOCK_FILE);
  if (heldHere.has(file)) throw new DataDirBusyError(dataDir, process.pid);
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      heldHere.add(file);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 0) throw err;
      // Our own pid in a lock we do not hold is a previous life of this pid (a container's pid 1
      // restarted after a kill): stale like any other.
      const holder = Number.parseInt(readLock(file), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirBusyError(dataDir, holder);
      }
      // Stale (its process was killed) or unreadable: remove it and try once more. Two processes
      // taking over the same stale lock race on the second `wx` open; one of them loses with EEXIST.
      rmSync(file, { force: true });
    }
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    heldHere.delete(file);
    if (readLock(file).trim() === String(process.pid)) rmSync(file, { force: true });
  };
  // An exit without close (process.exit after a fatal error) still frees the directory.
  process.once("exit", release);
  return {
    release() {
      process.removeListener("exit", release);
      release();
    },
  };
}

function readLock(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user; it still holds the directory.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
