/** Resident memory of a process on this machine (Linux /proc), for soak tests. */
import { readFileSync } from "node:fs";

/** RSS of `pid` in bytes, or undefined when it cannot be read (process gone, not Linux). */
export function residentBytes(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}
