/**
 * The V8 flags the processes that serve requests run with, besides the ones the operator gave.
 *
 * A young generation of 32 MiB semispaces instead of V8's 16 MiB: a request allocates tens of KiB
 * (a route ~40 KiB) that die with it, and with the default the young generation filled every
 * ~100 ms under load; each scavenge stalls every request in flight. Fewer scavenges moved the route
 * benchmark's p99 from 0.88-0.90 to 0.57-0.76 ms (server in its own process, one keep-alive client)
 * for up to 2 x 16 MiB more memory per worker.
 *
 * No allocation-site pretenuring: V8 watches where objects are allocated and, once most of a site's
 * objects outlived a scavenge, allocates that site's objects in the old generation from then on. A
 * server's request objects die young, but while the app starts (the spec, the validators) and under
 * bursts the sites they share look long-lived; with pretenuring on, `--trace-gc` of a worker serving
 * the rich list showed the old generation growing ~4 MB per scavenge, scavenges of 10-57 ms (they
 * walk the old-to-new pointers) and a mark-compact every ~2 s, against 1-2 ms scavenges, a flat heap
 * and no mark-compact without it (BENCHMARKS.md has the requests/s).
 *
 * A setting the operator gave the primary (`node --max-semi-space-size=N`, `--allocation-site-
 * pretenuring`, or either in NODE_OPTIONS) is kept.
 */
import { setFlagsFromString } from "node:v8";

/** The one serving flag V8 still takes after the process started (see applyServingFlagsInProcess). */
const NO_PRETENURING = "--no-allocation-site-pretenuring";

export const WORKER_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=32", NO_PRETENURING];

/** What a flag sets, whichever way it is written: `--no-x`, `--x`, `--x=1` and `--x_y` name one setting. */
const settingOf = (flag: string) =>
  (flag.split("=")[0] as string).replace(/^--no-/, "--").replaceAll("_", "-");

/** The serving flags neither `execArgv` nor `nodeOptions` sets. */
function missingFlags(execArgv: readonly string[], nodeOptions: string): string[] {
  const given = new Set([...execArgv, ...nodeOptions.split(/\s+/)].filter(Boolean).map(settingOf));
  return WORKER_NODE_FLAGS.filter((flag) => !given.has(settingOf(flag)));
}

/** The flags to start a worker with: the primary's own, plus each serving flag it did not set. */
export function workerExecArgv(primaryExecArgv: readonly string[], nodeOptions = ""): string[] {
  return [...primaryExecArgv, ...missingFlags(primaryExecArgv, nodeOptions)];
}

/**
 * For a process that serves in itself (`serve --workers 1`, `dev`): the serving flags V8 still takes
 * once it runs. Pretenuring decisions are made at each garbage collection, so turning it off before the
 * app is built keeps them from being made; the young generation's size is fixed when the heap is
 * made, so that one only a worker (started with it) gets.
 */
export function applyServingFlagsInProcess(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? "",
): string[] {
  const applied = missingFlags(execArgv, nodeOptions).filter((f) => f === NO_PRETENURING);
  for (const flag of applied) setFlagsFromString(flag);
  return applied;
}
