/**
 * A server of a benchmark in its own process, as a deployed worker would be, so the client's own
 * work (its HTTP client, its garbage collection) never lands in the server's latency or the other
 * way round. The parent forks an entry file that calls `serveForBench`; the child reports its URL
 * over IPC and, when stopped, the server-side time of every request it answered (request event to
 * the response's last byte handed to the socket).
 */
import { type ChildProcess, execFileSync, fork, spawn } from "node:child_process";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { WORKER_NODE_FLAGS } from "@weft/server/internal";

type BenchServerMessage =
  | { kind: "listening"; url: string }
  | { kind: "server-times"; ms: number[] }
  | { kind: "body"; body: string }
  | { kind: "stop" };

export interface BenchServer {
  url: string;
  /** Sends the child a body (what a static-body server answers). */
  setBody(body: string): void;
  /** Stops the child; resolves to its server-side request times, ms, in arrival order. */
  stop(): Promise<number[]>;
}

/**
 * Where a pinned benchmark runs: servers on one CPU, its client on another, so neither waits for the
 * other's time slice (unpinned on 2 cores, route-bench's client-side p99 ratio moved 0.87-2.57 between
 * runs of the same code; pinned 1.48-1.81).
 */
export const PINNED = { server: 0, client: 1 } as const;

/** Moves this process onto `cpu` (Linux `taskset`, util-linux). @throws when it cannot. */
export function pinThisProcess(cpu: number): void {
  if (availableParallelism() <= Math.max(PINNED.server, PINNED.client))
    throw new Error(`pinning needs at least ${Math.max(PINNED.server, PINNED.client) + 1} CPUs`);
  try {
    execFileSync("taskset", ["-pc", String(cpu), String(process.pid)], { stdio: "ignore" });
  } catch (err) {
    throw new Error(`cannot pin to CPU ${cpu} with taskset (util-linux): ${(err as Error).message}`);
  }
}

/**
 * Forks `entry` with the flags `weft serve`'s workers get and waits until it listens; with `cpu`,
 * started through `taskset -c cpu` (which execs node: the IPC channel is inherited all the same).
 */
export async function startBenchServer(
  entry: URL,
  args: string[] = [],
  options: { cpu?: number } = {},
): Promise<BenchServer> {
  const child: ChildProcess =
    options.cpu === undefined
      ? fork(entry, args, { execArgv: [...WORKER_NODE_FLAGS] })
      : spawn(
          "taskset",
          ["-c", String(options.cpu), process.execPath, ...WORKER_NODE_FLAGS, fileURLToPath(entry), ...args],
          { stdio: ["inherit", "inherit", "inherit", "ipc"] },
        );
  const url = await new Promise<string>((resolve, reject) => {
    child.once("error", (err) =>
      reject(new Error(`cannot start bench server ${entry.pathname}: ${err.message}`)),
    );
    child.once("exit", (code) => reject(new Error(`bench server ${entry.pathname} exited (${code})`)));
    child.on("message", (m: BenchServerMessage) => m.kind === "listening" && resolve(m.url));
  });
  return {
    url,
    setBody: (body) => child.send({ kind: "body", body } satisfies BenchServerMessage),
    stop: () =>
      new Promise<number[]>((resolve) => {
        child.on("message", (m: BenchServerMessage) => m.kind === "server-times" && resolve(m.ms));
        child.send({ kind: "stop" } satisfies BenchServerMessage);
      }),
  };
}

/**
 * The child's side: serves `handle` on 127.0.0.1 (a free port), timing every request; `onBody`
 * receives the bodies the parent sends.
 */
export function serveForBench(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
  onBody: (body: string) => void = () => {},
): void {
  const send = (message: BenchServerMessage) => process.send?.(message);
  const times: number[] = [];
  const server = createServer((req, res) => {
    const start = performance.now();
    res.once("finish", () => times.push(performance.now() - start));
    handle(req, res);
  });
  server.keepAliveTimeout = 60_000;
  process.on("message", (message: BenchServerMessage) => {
    if (message.kind === "body") onBody(message.body);
    if (message.kind === "stop") {
      server.close();
      server.closeAllConnections();
      // Disconnect once the times are sent: a large message is still queued when send() returns.
      process.send?.({ kind: "server-times", ms: times } satisfies BenchServerMessage, undefined, {}, () =>
        process.disconnect?.(),
      );
    }
  });
  server.listen(0, "127.0.0.1", () => {
    send({ kind: "listening", url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  });
}
