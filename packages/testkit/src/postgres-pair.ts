/**
 * A throwaway PostgreSQL primary and a streaming replica of it (pg_basebackup -R), started from the
 * PostgreSQL server binaries Debian installs: what the read-replica acceptance test
 * (the server's reliability/read-replicas.e2e.test.ts) and the replica bench (@weft/bench's replica-bench.ts) run against.
 *
 * initdb and the server refuse to run as root, so as root the clusters belong to the `postgres` OS
 * user (runuser). fsync is off: the data is thrown away with the folder.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

/** The newest PostgreSQL server binaries Debian installs, if any. */
export function postgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? path.join(root, newest, "bin") : undefined;
}

/** Runs a PostgreSQL program as the `postgres` OS user when this process is root. */
export function asPostgres(command: string, args: string[], timeoutMs = 60_000): string {
  const root = process.getuid?.() === 0;
  const [file, argv] = root ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  return execFileSync(file, argv, {
    encoding: "utf8",
    timeout: timeoutMs,
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** A TCP port free on 127.0.0.1 at the time of asking. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface Cluster {
  dir: string;
  port: number;
  /** The `postgres` database of this cluster. */
  url: string;
  start(): void;
  stop(): void;
}

export interface ClusterOptions {
  /** Extra `-c name=value` server settings. */
  settings?: Record<string, string>;
}

function cluster(bin: string, dir: string, port: number, options: ClusterOptions): Cluster {
  const settings = Object.entries({ fsync: "off", max_connections: "100", ...options.settings })
    .map(([k, v]) => `-c ${k}=${v}`)
    .join(" ");
  const serverOptions = `-h 127.0.0.1 -p ${port} -k ${dir} ${settings}`;
  return {
    dir,
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () =>
      void asPostgres(path.join(bin, "pg_ctl"), [
        "-D",
        dir,
        "-l",
        `${dir}.log`,
        "-w",
        "-t",
        "30",
        "start",
        "-o",
        serverOptions,
      ]),
    stop: () =>
      void asPostgres(path.join(bin, "pg_ctl"), ["-D", dir, "-w", "-t", "30", "-m", "fast", "stop"]),
  };
}

export interface PostgresPair {
  primary: Cluster;
  replica: Cluster;
  /** initdb and start the primary. */
  startPrimary(): void;
  /** pg_basebackup -R the primary (as it is now) and start the replica, which then streams. */
  startReplica(): void;
  /** Stops what was started (immediately) and removes the folder. */
  destroy(): void;
}

/** Allocates the folder and ports of a primary and its replica; nothing runs until asked. */
export async function createPostgresPair(bin: string, options: ClusterOptions = {}): Promise<PostgresPair> {
  const root = mkdtempSync("/tmp/weft-replicas-");
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres", root]);
  const primary = cluster(bin, path.join(root, "primary"), await freePort(), options);
  const replica = cluster(bin, path.join(root, "replica"), await freePort(), options);
  const started: Cluster[] = [];
  return {
    primary,
    replica,
    startPrimary: () => {
      asPostgres(path.join(bin, "initdb"), [
        "-D",
        primary.dir,
        "-U",
        "postgres",
        "--auth=trust",
        "-E",
        "UTF8",
        "--locale=C.UTF-8",
      ]);
      primary.start();
      started.push(primary);
    },
    startReplica: () => {
      // standby.signal and primary_conninfo are written by -R. `-c fast`: the backup starts with an
      // immediate checkpoint, not one spread over minutes (the default once the primary holds data).
      asPostgres(
        path.join(bin, "pg_basebackup"),
        [
          "-h",
          "127.0.0.1",
          "-p",
          String(primary.port),
          "-U",
          "postgres",
          "-D",
          replica.dir,
          "-R",
          "-X",
          "stream",
          "-c",
          "fast",
        ],
        600_000,
      );
      replica.start();
      started.push(replica);
    },
    destroy: () => {
      for (const c of started.reverse()) {
        try {
          asPostgres(path.join(bin, "pg_ctl"), ["-D", c.dir, "-w", "-t", "30", "-m", "immediate", "stop"]);
        } catch {
          // Already stopped.
        }
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}
