/** Resident memory of a server on this machine (Linux /proc), for soak tests. */
import { readdirSync, readFileSync } from "node:fs";

/**
 * RSS of `pid` and every process under it, in bytes, or undefined when `pid` cannot be read (gone,
 * not Linux). A server with HTTP workers (`weft serve --workers N`) is the primary and its workers.
 */
export function residentBytes(pid: number): number | undefined {
  const own = rssOf(pid);
  if (own === undefined) return undefined;
  return descendantsOf(pid).reduce((sum, child) => sum + (rssOf(child) ?? 0), own);
}

function rssOf(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Every process whose parent chain reaches `pid`. */
function descendantsOf(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid ...": the command may hold spaces and parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // Gone since the listing.
    }
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift() as number;
    for (const [child, of] of parents) {
      if (of === parent) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}
