import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirBusyError, lockDataDir } from "./data-dir-lock.js";

const dirs: string[] = [];
function freshDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "weft-lock-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A live process that is not this one, to hold a lock file. */
async function otherProcess() {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"], { stdio: "ignore" });
  await new Promise((resolve) => child.once("spawn", resolve));
  return child;
}

describe("lockDataDir", () => {
  it("writes this process's pid and removes the file on release", () => {
    const dir = freshDir();
    const lock = lockDataDir(dir);
    expect(readFileSync(path.join(dir, "weft.lock"), "utf8")).toBe(`${process.pid}\n`);
    lock.release();
    expect(existsSync(path.join(dir, "weft.lock"))).toBe(false);
    lockDataDir(dir).release();
  });

  it("refuses a directory this process already holds", () => {
    const dir = freshDir();
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirBusyError);
    lock.release();
  });

  it("refuses a directory a live process holds, naming it and the ways out", async () => {
    const dir = freshDir();
    const child = await otherProcess();
    try {
      writeFileSync(path.join(dir, "weft.lock"), `${child.pid}\n`);
      let error: unknown;
      try {
        lockDataDir(dir);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(DataDirBusyError);
      expect((error as Error).message).toBe(
        `the embedded database in ${dir} is in use by another weft process (pid ${child.pid}); ` +
          "stop that process, or give this one its own directory with WEFT_DATA_DIR (--data-dir) " +
          "or a real Postgres with DATABASE_URL",
      );
      // The holder's lock is left alone.
      expect(readFileSync(path.join(dir, "weft.lock"), "utf8")).toBe(`${child.pid}\n`);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("takes over a lock whose process is gone (killed), or that names no process", async () => {
    const dir = freshDir();
    const child = await otherProcess();
    const pid = child.pid;
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    writeFileSync(path.join(dir, "weft.lock"), `${pid}\n`);
    lockDataDir(dir).release();
    writeFileSync(path.join(dir, "weft.lock"), "garbage");
    const lock = lockDataDir(dir);
    expect(readFileSync(path.join(dir, "weft.lock"), "utf8")).toBe(`${process.pid}\n`);
    lock.release();
  });

  it("takes over a lock naming this pid that this process does not hold (a restarted pid 1)", () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, "weft.lock"), `${process.pid}\n`);
    lockDataDir(dir).release();
  });

  it("a release does not remove a lock another process has taken since", () => {
    const dir = freshDir();
    const lock = lockDataDir(dir);
    writeFileSync(path.join(dir, "weft.lock"), "1\n");
    lock.release();
    expect(readFileSync(path.join(dir, "weft.lock"), "utf8")).toBe("1\n");
  });
});
