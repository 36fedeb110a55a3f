/**
 * `weft serve --workers N` as operators run it: a spawned primary on a real Postgres, its workers
 * sharing the port, one /metrics for all of them, a dead worker replaced while the other keeps its
 * connections, and a graceful stop of everything.
 */
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWeft, type WeftProcess } from "../_test/spawn-weft.js";
import { createScratchDatabase } from "../_test/test-database.js";

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let weft: WeftProcess;

beforeAll(async () => {
  scratch = await createScratchDatabase();
  weft = await startWeft(["serve", "--workers", "2"], {
    DATABASE_URL: scratch.url,
    PORT: "0",
    ROUTER_REGISTRY: "devnet",
  });
}, 120_000);

afterAll(async () => {
  if (weft?.child.exitCode === null) await weft.stop();
  await scratch?.drop();
});

/** The child processes of `pid` (the workers of a primary), from /proc. */
function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // Field 4 of /proc/<pid>/stat is the parent pid (after the command name in parentheses).
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Which of `pids` holds the server side of the loopback connection from client port `clientPort`. */
function workerOfConnection(clientPort: number, pids: number[]): number | undefined {
  let inode: string | undefined;
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      const remotePort = Number.parseInt(fields[2]?.split(":")[1] ?? "", 16);
      const localPort = Number.parseInt(fields[1]?.split(":")[1] ?? "", 16);
      if (remotePort === clientPort && localPort === Number(new URL(weft.url).port)) inode = fields[9];
    }
  }
  if (!inode) return undefined;
  return pids.find((pid) =>
    readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`;
      } catch {
        return false;
      }
    }),
  );
}

/** GET on `agent`'s connection: status and the client's port (which names the connection). */
function get(path: string, agent: http.Agent | false) {
  return new Promise<{ status: number; clientPort: number; body: string }>((resolve, reject) => {
    const req = http.get(`${weft.url}${path}`, { agent }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => {
        body += c.toString();
      });
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, clientPort: req.socket?.localPort ?? 0, body }),
      );
    });
    req.on("error", reject);
  });
}

async function waitFor<T>(read: () => T | undefined, what: string, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("weft serve --workers 2", () => {
  it("serves from two worker processes on one port, and says so", async () => {
    const primary = weft.child.pid as number;
    expect(childrenOf(primary)).toHaveLength(2);
    const line = await weft.stdoutLine('"weft is serving"');
    expect(JSON.parse(line)).toMatchObject({ workers: 2, pids: expect.any(Array) });
    // A new connection each time: the primary hands connections to the workers in turn.
    const served = new Set<number>();
    for (let i = 0; i < 8; i++) {
      const agent = new http.Agent({ keepAlive: true });
      const res = await get("/health", agent);
      expect(res.status).toBe(200);
      const worker = workerOfConnection(res.clientPort, childrenOf(primary));
      if (worker) served.add(worker);
      agent.destroy();
    }
    expect(served.size).toBe(2);
  });

  it("/metrics counts every worker's requests, and the primary's tracker once", async () => {
    const count = (text: string) =>
      Number(
        /^http_requests_total\{method="GET",route="\/ready",status="200"\} (\d+)$/m.exec(text)?.[1] ?? 0,
      );
    const before = count((await get("/metrics", false)).body);
    for (let i = 0; i < 10; i++) expect((await get("/ready", false)).status).toBe(200);
    const text = (await get("/metrics", false)).body;
    expect(count(text) - before).toBe(10);
    expect(text.match(/^weft_tracker_in_flight /gm)).toHaveLength(1);
  });

  it("a killed worker is replaced while the other worker keeps its open connections", async () => {
    const primary = weft.child.pid as number;
    const before = childrenOf(primary);
    // One keep-alive connection on each worker.
    const byWorker = new Map<number, { agent: http.Agent; port: number }>();
    for (let i = 0; i < 20 && byWorker.size < 2; i++) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const res = await get("/health", agent);
      const worker = workerOfConnection(res.clientPort, before);
      if (worker && !byWorker.has(worker)) byWorker.set(worker, { agent, port: res.clientPort });
      else agent.destroy();
    }
    expect(byWorker.size).toBe(2);
    const [victim, survivor] = [...byWorker.keys()] as [number, number];
    process.kill(victim, "SIGKILL");
    const replaced = await waitFor(() => {
      const now = childrenOf(primary);
      return now.length === 2 && !now.includes(victim) ? now : undefined;
    }, "a new worker");
    expect(replaced).toContain(survivor);
    // The survivor's connection is the same socket as before the kill, and still answers.
    const kept = byWorker.get(survivor) as { agent: http.Agent; port: number };
    for (let i = 0; i < 5; i++) {
      const res = await get("/health", kept.agent);
      expect(res.status).toBe(200);
      expect(res.clientPort).toBe(kept.port);
    }
    // The replacement serves: new connections reach it.
    const fresh = replaced.find((pid) => pid !== survivor) as number;
    // It takes connections once it listens (its database opened, a second or more on loaded cores).
    let reached = false;
    for (const until = Date.now() + 30_000; !reached && Date.now() < until; ) {
      const agent = new http.Agent({ keepAlive: true });
      const res = await get("/health", agent);
      reached = workerOfConnection(res.clientPort, [fresh]) !== undefined;
      agent.destroy();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(reached).toBe(true);
    for (const { agent } of byWorker.values()) agent.destroy();
    expect(weft.stderr()).not.toMatch(/error/i);
  }, 60_000);

  it("SIGTERM stops the primary and every worker, exit 0", async () => {
    const primary = weft.child.pid as number;
    const workers = childrenOf(primary);
    expect(await weft.stop()).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  });
});
