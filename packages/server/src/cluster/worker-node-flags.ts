/**
 * The Node flags `weft serve`'s HTTP workers are started with, besides the primary's own.
 *
 * A young generation of 32 MiB semispaces instead of V8's 16 MiB: a request allocates tens of KiB
 * (a route ~40 KiB) that die with it, and with the default the young generation filled every
 * ~100 ms under load; each scavenge stalls every request in flight. Fewer scavenges moved the route
 * benchmark's p99 from 0.88-0.90 to 0.57-0.76 ms (server in its own process, one keep-alive client)
 * for up to 2 x 16 MiB more memory per worker. A size the operator gave the primary
 * (`node --max-semi-space-size=N` or NODE_OPTIONS) is kept.
 */
export const WORKER_NODE_FLAGS: readonly string[] = ["--max-semi-space-size=32"];

/** The flags to start a worker with: the primary's own, plus each serving flag it did not set. */
export function workerExecArgv(primaryExecArgv: readonly string[], nodeOptions = ""): string[] {
  const given = [...primaryExecArgv, ...nodeOptions.split(/\s+/)];
  const missing = WORKER_NODE_FLAGS.filter((flag) => {
    const name = flag.split("=")[0] as string;
    return !given.some((g) => g === name || g.startsWith(`${name}=`));
  });
  return [...primaryExecArgv, ...missing];
}
