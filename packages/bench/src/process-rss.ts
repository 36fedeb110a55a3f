/**
 * Resident memory of processes as the kernel counts it (/proc/<pid>/status VmRSS), children
 * included: what a deployment's processes hold, whichever of them forked others (a `weft serve`
 * with workers). Linux only; elsewhere every figure is 0.
 */
import { readdirSync, readFileSync } from "node:fs";

/** VmRSS of one process, bytes; 0 once it has exited. */
export function rssBytes(pid: number): number {
  try {
    const m = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m?.[1] ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The parent of every process on the machine now, by pid (field 4 of /proc/<pid>/stat). */
function parents(): Map<number, number> {
  const out = new Map<number, number>();
  let entries: string[] = [];
  try {
    entries = readdirSync("/proc");
  } catch {
    return out;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      out.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // Exited between the listing and the read.
    }
  }
  return out;
}

/** VmRSS of each of `pids` plus all its descendants, bytes, in the order given. */
export function treeRssBytes(pids: readonly number[]): number[] {
  const parentOf = parents();
  const childrenOf = new Map<number, number[]>();
  for (const [pid, ppid] of parentOf) childrenOf.set(ppid, [...(childrenOf.get(ppid) ?? []), pid]);
  const tree = (pid: number): number[] => [pid, ...(childrenOf.get(pid) ?? []).flatMap(tree)];
  return pids.map((pid) => tree(pid).reduce((sum, p) => sum + rssBytes(p), 0));
}
