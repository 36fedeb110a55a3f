/**
 * What the many-chains bench (many-chains-bench.ts) runs, in both shapes it compares: the chains'
 * devnet nodes (many-chains-nodes.ts, one child process), and the chains deployed either as ONE
 * deployment (`weft ingest --chains FILE` + `weft serve --chains FILE` on one database, a schema per
 * chain) or as SEPARATE ones (per chain a `weft ingest` + a `weft serve` on a database of its own).
 * Every `weft serve` runs one process (WORKERS=1), so a shape's processes are its whole cost.
 */
import { type ChildProcess, execFileSync, fork, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chainSchemaName, SERVER_CLI_PATH } from "@weft/server/internal";
import { createScratchDatabase } from "@weft/testkit/bench-database";
import pg from "pg";

export type NodesMessage =
  | { kind: "nodes"; nodes: ChainNode[] }
  | { kind: "produce"; index: number; blocks: number }
  | { kind: "produced"; index: number; head: number };

export interface ChainNode {
  chainId: string;
  url: string;
}

/** The bench's chain ids: Initia-shaped (a word and a number), so each is a path segment. */
export const benchChainId = (index: number) => `bench-${index + 1}`;

/** The bench's own connections say so, and are left out of the connections it counts. */
export const PROBE_APPLICATION_NAME = "weft-bench-probe";

export interface ChainNodes {
  nodes: ChainNode[];
  /** Makes chain `index` `blocks` blocks longer at once; resolves to its new head. */
  produce(index: number, blocks: number): Promise<number>;
  close(): Promise<void>;
}

/**
 * Forks the nodes' process: `chains` devnet chains of `blocks` blocks each; on the CPUs `cpus`
 * (a taskset list, e.g. "1") when given, every thread of it.
 */
export async function startChainNodes(chains: number, blocks: number, cpus?: string): Promise<ChainNodes> {
  const child = fork(new URL("./many-chains-nodes.js", import.meta.url), [
    ...["--chains", String(chains), "--blocks", String(blocks)],
  ]);
  if (cpus && child.pid)
    execFileSync("taskset", ["-a", "-p", "-c", cpus, String(child.pid)], { stdio: "ignore" });
  const nodes = await new Promise<ChainNode[]>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the devnet nodes exited (${code})`)));
    child.on("message", (m: NodesMessage) => m.kind === "nodes" && resolve(m.nodes));
  });
  return {
    nodes,
    produce: (index, count) =>
      new Promise((resolve) => {
        const on = (m: NodesMessage) => {
          if (m.kind !== "produced" || m.index !== index) return;
          child.off("message", on);
          resolve(m.head);
        };
        child.on("message", on);
        child.send({ kind: "produce", index, blocks: count } satisfies NodesMessage);
      }),
    close: () => stopChild(child),
  };
}

export interface Deployment {
  shape: "one" | "separate";
  /** The base URL of each chain's Indexer API, in the nodes' order. */
  chainBases: string[];
  /** The weft processes (each ingest and serve), for their memory. */
  pids: number[];
  /** performance.now() when the first weft process was spawned (its databases already created). */
  startedAt: number;
  /** The database(s) the shape's processes connect to, for their connections. */
  databases: string[];
  /** Each chain's ingest checkpoint (0 before its first commit), in the nodes' order. */
  heights(): Promise<number[]>;
  stop(): Promise<void>;
}

export interface DeploymentOptions {
  nodes: readonly ChainNode[];
  adminUrl: string;
  /** RESPONSE_CACHE of every `weft serve` (off: each read reaches Postgres). */
  responseCache: "on" | "off";
  /** INGEST_BACKFILL_RATE of every `weft ingest` (0: unbounded): one budget per ingest process. */
  backfillRate: number;
  /** The CPUs every weft process runs on (a taskset list, e.g. "0"); all when absent. */
  cpus?: string | undefined;
}

/** An Initia registry chain.json of a Move chain whose node serves RPC and REST on one URL. */
const moveChainJson = (node: ChainNode) => ({
  chain_id: node.chainId,
  bech32_prefix: "init",
  apis: { rpc: [{ address: node.url }], rest: [{ address: node.url }] },
  metadata: { minitia: { type: "minimove" } },
});

/** One deployment: one `weft ingest --chains` and one `weft serve --chains` on one database. */
export async function startOneDeployment(options: DeploymentOptions): Promise<Deployment> {
  const db = await createScratchDatabase(options.adminUrl, "many_one");
  const dir = mkdtempSync(path.join(tmpdir(), "weft-many-chains-"));
  const file = path.join(dir, "chains.json");
  writeFileSync(file, JSON.stringify(options.nodes.map(moveChainJson)));
  const env = { DATABASE_URL: db.url, CHAINS_FILE: file };
  const ingestEnv = { ...env, INGEST_BACKFILL_RATE: String(options.backfillRate) };
  const weft: WeftChild[] = [];
  const probe = probePool(db.url);
  const stop = async () => {
    await Promise.all(weft.map((w) => stopChild(w.child)));
    await probe.end();
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const startedAt = performance.now();
    weft.push(spawnWeft(["ingest"], ingestEnv, options.cpus));
    weft.push(
      spawnWeft(
        ["serve", "--port", "0"],
        { ...env, WORKERS: "1", RESPONSE_CACHE: options.responseCache },
        options.cpus,
      ),
    );
    const url = await weft[1]?.url;
    return {
      shape: "one",
      chainBases: options.nodes.map((n) => `${url}/${n.chainId}`),
      pids: weft.map((w) => w.child.pid ?? 0),
      startedAt,
      databases: [new URL(db.url).pathname.slice(1)],
      heights: () =>
        Promise.all(
          options.nodes.map((n) => checkpoint(probe, `${chainSchemaName(n.chainId)}.ingest_checkpoint`)),
        ),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Separate deployments: per chain a `weft ingest` and a `weft serve` on a database of its own. */
export async function startSeparateDeployments(options: DeploymentOptions): Promise<Deployment> {
  const dbs: { url: string; drop(): Promise<void> }[] = [];
  const started: { weft: WeftChild[]; probe: pg.Pool }[] = [];
  const stop = async () => {
    await Promise.all(started.flatMap((s) => s.weft.map((w) => stopChild(w.child))));
    for (const s of started) await s.probe.end();
    for (const db of dbs) await db.drop();
  };
  try {
    // Every database first: creating one copies a template (a second or more on a loaded machine),
    // which is not what a deployment's start costs.
    for (const _ of options.nodes) dbs.push(await createScratchDatabase(options.adminUrl, "many_sep"));
    const startedAt = performance.now();
    for (const [i, node] of options.nodes.entries()) {
      const url = dbs[i]?.url ?? "";
      const env = { DATABASE_URL: url, CHAIN_ID: node.chainId, VM_TYPE: "move" };
      const weft = [
        spawnWeft(
          ["ingest"],
          {
            ...env,
            RPC_URL: node.url,
            REST_URL: node.url,
            INGEST_BACKFILL_RATE: String(options.backfillRate),
          },
          options.cpus,
        ),
        spawnWeft(
          ["serve", "--port", "0"],
          { ...env, WORKERS: "1", RESPONSE_CACHE: options.responseCache },
          options.cpus,
        ),
      ];
      started.push({ weft, probe: probePool(url) });
    }
    const urls = await Promise.all(started.map((s) => s.weft[1]?.url));
    return {
      shape: "separate",
      chainBases: urls.map((u) => u ?? ""),
      pids: started.flatMap((s) => s.weft.map((w) => w.child.pid ?? 0)),
      startedAt,
      databases: dbs.map((db) => new URL(db.url).pathname.slice(1)),
      heights: () => Promise.all(started.map((s) => checkpoint(s.probe, "public.ingest_checkpoint"))),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Connections the shape's processes hold in its databases now (pg_stat_activity), the bench's own left out. */
export async function connectionsHeld(admin: pg.Pool, databases: readonly string[]): Promise<number> {
  const { rows } = await admin.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = ANY($1) AND application_name <> $2",
    [databases, PROBE_APPLICATION_NAME],
  );
  return rows[0]?.n ?? 0;
}

/** A one-connection pool of the bench's own reads, named so it is not counted. */
export function probePool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 1, application_name: PROBE_APPLICATION_NAME });
  pool.on("error", () => undefined);
  return pool;
}

/** The checkpoint's height in `table`; 0 before the table or its row exists. */
async function checkpoint(pool: pg.Pool, table: string): Promise<number> {
  try {
    const { rows } = await pool.query<{ height: string }>(`SELECT height::text FROM ${table}`);
    return Number(rows[0]?.height ?? 0);
  } catch {
    return 0;
  }
}

interface WeftChild {
  child: ChildProcess;
  /** What `weft serve` prints it serves on; never settles for `weft ingest`. */
  url: Promise<string>;
}

/**
 * `weft <args>` from the build, logging warnings only; its stderr's tail is kept for the error.
 * On the CPUs `cpus` (through taskset, so from its first instruction) when given.
 */
function spawnWeft(args: string[], env: Record<string, string>, cpus?: string): WeftChild {
  const command = [process.execPath, SERVER_CLI_PATH, ...args];
  if (cpus) command.unshift("taskset", "-c", cpus);
  const child = spawn(command[0] as string, command.slice(1), {
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let seen = "";
  const url = new Promise<string>((resolve, reject) => {
    child.stderr?.on("data", (c: Buffer) => {
      seen = (seen + c.toString()).slice(-4000);
      const m = /serving on (http:\/\/\S+)/.exec(seen);
      if (m?.[1]) resolve(m[1]);
    });
    child.once("exit", (code) => reject(new Error(`weft ${args.join(" ")} exited (${code}): ${seen}`)));
  });
  // Ingest never prints a URL; its exit is seen through the heights that stop moving.
  url.catch(() => undefined);
  return { child, url };
}

/** SIGTERM, then SIGKILL after 10 s; resolves once the child has exited. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
