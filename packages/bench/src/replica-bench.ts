#!/usr/bin/env node
/**
 * Read replicas under the indexer mix: a throwaway primary and streaming replica (@weft/testkit/postgres-pair),
 * a dataset built into the primary by the real ingest path (dataset.ts) and streamed to the replica,
 * then the indexer mix runner of @weft/loadtest against `weft serve` in three configurations:
 *   (a) one HTTP worker reading the primary,
 *   (b) one HTTP worker reading the replica (DATABASE_READ_URLS),
 *   (c) two HTTP workers (WORKERS=2, one port) reading the replica.
 * Prints one table; `--json FILE` writes its rows (bench-json.ts).
 *
 *   node packages/bench/dist/replica-bench.js [--txs 30000] [--duration 20] [--connections 20]
 *     [--response-cache off|on] [--json FILE]
 *
 * Everything runs on 127.0.0.1; the clusters and their data are removed at the end. Needs the
 * PostgreSQL server binaries (/usr/lib/postgresql/<v>/bin) and a built @weft/loadtest.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { availableParallelism, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { SERVER_CLI_PATH } from "@weft/server/internal";
import { createPostgresPair, freePort, postgresBin } from "@weft/testkit/postgres-pair";
import pg from "pg";
import { parseBenchArgs } from "./bench-args.js";
import { JSON_OPTION, writeBenchJson } from "./bench-json.js";

const values = parseBenchArgs(
  "usage: replica-bench [--txs N] [--duration S] [--connections N] [--response-cache off|on] [--json FILE]\n" +
    "The indexer mix on a primary and on a streaming replica of it, each in its own Postgres.",
  {
    txs: { type: "string", default: "30000" },
    duration: { type: "string", default: "20" },
    connections: { type: "string", default: "20" },
    // Off by default: with it on, most of the mix is answered from memory and never reaches a database.
    "response-cache": { type: "string", default: "off" },
    ...JSON_OPTION,
  },
);

const CLI = SERVER_CLI_PATH;
const DATASET = fileURLToPath(new URL("./dataset.js", import.meta.url));
const RUNNER = createRequire(import.meta.url)
  .resolve("@weft/loadtest/runner/table")
  .replace(/table\.js$/, "cli.js");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (line: string) => process.stderr.write(`replica-bench ${new Date().toISOString()}: ${line}\n`);

interface Row {
  configuration: string;
  workers: number;
  reads: "primary" | "replica";
  req_s: number;
  p50_ms: number;
  p97_5_ms: number;
  p99_ms: number;
  requests: number;
  errors: number;
  /**
   * Reads the servers counted per pool during the run (weft_db_reads_total); null where the server
   * does not count them (no DATABASE_READ_URLS: every read is the primary's).
   */
  reads_primary: number | null;
  reads_replica: number | null;
  /** 1-minute load average when the run ended (the cores are shared). */
  load_1m: number;
}

/** `weft serve` on `port`, ready (its /ready answers 200 and, with replicas, has one in use). */
async function startServe(env: Record<string, string>, port: number, wantReplica: boolean) {
  const child: ChildProcess = spawn(process.execPath, [CLI, "serve", "--port", String(port)], {
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let output = "";
  child.stderr?.on("data", (c: Buffer) => {
    output = (output + c.toString()).slice(-10_000);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`weft serve exited (${child.exitCode}): ${output}`);
    if (Date.now() > deadline) throw new Error(`weft serve not ready within 60 s: ${output}`);
    const body = await fetch(`${url}/ready`)
      .then(async (r) =>
        r.status === 200 ? ((await r.json()) as { replicas?: { state: string }[] }) : undefined,
      )
      .catch(() => undefined);
    if (body && (!wantReplica || body.replicas?.every((r) => r.state === "in_use"))) break;
    await sleep(200);
  }
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await Promise.race([exited, sleep(10_000)]);
    if (child.exitCode === null) child.kill("SIGKILL");
  };
  return { url, stop };
}

/** weft_db_reads_total per pool, summed over a server's workers as /metrics reports them. */
async function readsByPool(url: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const byPool = new Map<string, number>();
  for (const m of text.matchAll(/^weft_db_reads_total\{pool="([^"]+)"\} (\S+)$/gm))
    byPool.set(m[1] as string, (byPool.get(m[1] as string) ?? 0) + Number(m[2]));
  return byPool;
}

/** The runner's table row: | scenario | req/s | p50 | p97.5 | p99 | requests | errors | thresholds | */
function runMix(
  url: string,
): Omit<Row, "configuration" | "workers" | "reads" | "reads_primary" | "reads_replica" | "load_1m"> {
  const out = execFileSync(
    process.execPath,
    [RUNNER, "--base-url", url, "--duration", values.duration, "--connections", values.connections],
    {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
      timeout: (Number(values.duration) + 120) * 1000,
    },
  );
  const line = out.split("\n").find((l) => l.startsWith("| indexer mix"));
  const cells = line?.split("|").map((c) => c.trim()) ?? [];
  if (cells.length < 8) throw new Error(`unexpected runner output:\n${out}`);
  const n = (i: number) => Number(cells[i]);
  return { req_s: n(2), p50_ms: n(3), p97_5_ms: n(4), p99_ms: n(5), requests: n(6), errors: n(7) };
}

const bin = postgresBin();
if (!bin) {
  process.stderr.write("replica-bench: no PostgreSQL server binaries under /usr/lib/postgresql\n");
  process.exit(2);
}
const pair = await createPostgresPair(bin, { settings: { shared_buffers: "256MB" } });
const rows: Row[] = [];
let dataset: Record<string, unknown> = {};
try {
  pair.startPrimary();
  log(`primary on ${pair.primary.port}; building a ${values.txs}-tx dataset into it...`);
  const built = execFileSync(
    process.execPath,
    ["--max-semi-space-size=64", DATASET, "--txs", values.txs, "--database-url", pair.primary.url],
    { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], timeout: 1_800_000 },
  );
  dataset = JSON.parse(built.trim().split("\n").at(-1) ?? "{}") as Record<string, unknown>;
  // The replica is a base backup of the built primary: it starts with the data, then streams.
  log("dataset built; base backup of the primary for the replica...");
  pair.startReplica();
  const primary = new pg.Client({ connectionString: pair.primary.url });
  const replica = new pg.Client({ connectionString: pair.replica.url });
  await primary.connect();
  await replica.connect();
  const { rows: lsn } = await primary.query<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn");
  for (;;) {
    const { rows: r } = await replica.query<{ caught: boolean }>(
      "SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS caught",
      [lsn[0]?.lsn],
    );
    if (r[0]?.caught) break;
    await sleep(200);
  }
  // Warm both caches alike: the replica's shared buffers start cold after the base backup.
  for (const c of [primary, replica])
    await c.query("SELECT count(*) FROM tx; SELECT count(*) FROM tx_account; SELECT count(*) FROM block");
  await primary.end();
  await replica.end();
  log(`replica on ${pair.replica.port} streaming; dataset ${JSON.stringify(dataset)}`);

  const replicaName = `127.0.0.1:${pair.replica.port}`;
  const configurations = [
    { configuration: "(a) 1 worker, reads on the primary", workers: 1, reads: "primary" as const },
    { configuration: "(b) 1 worker, reads on the replica", workers: 1, reads: "replica" as const },
    { configuration: "(c) 2 workers, reads on the replica", workers: 2, reads: "replica" as const },
  ];
  for (const c of configurations) {
    const env: Record<string, string> = {
      DATABASE_URL: pair.primary.url,
      WORKERS: String(c.workers),
      RESPONSE_CACHE: values["response-cache"],
    };
    if (c.reads === "replica") env.DATABASE_READ_URLS = pair.replica.url;
    const server = await startServe(env, await freePort(), c.reads === "replica");
    try {
      log(`${c.configuration}: ready; ${values.duration} s of the indexer mix...`);
      const before = await readsByPool(server.url);
      const m = runMix(server.url);
      const after = await readsByPool(server.url);
      const delta = (pool: string) =>
        after.size === 0 ? null : (after.get(pool) ?? 0) - (before.get(pool) ?? 0);
      rows.push({
        ...c,
        ...m,
        reads_primary: delta("primary"),
        reads_replica: delta(replicaName),
        load_1m: Number(loadavg()[0]?.toFixed(2)),
      });
    } finally {
      await server.stop();
    }
  }
} finally {
  pair.destroy();
}

const header = [
  "configuration",
  "req/s",
  "p50 ms",
  "p97.5 ms",
  "p99 ms",
  "requests",
  "errors",
  "reads primary",
  "reads replica",
  "load 1m",
];
const table = [
  header,
  ...rows.map((r) => [
    r.configuration,
    r.req_s.toFixed(1),
    r.p50_ms,
    r.p97_5_ms,
    r.p99_ms,
    r.requests,
    r.errors,
    r.reads_primary ?? "-",
    r.reads_replica ?? "-",
    r.load_1m,
  ]),
].map((cells) => `| ${cells.join(" | ")} |`);
table.splice(1, 0, `|${" --- |".repeat(header.length)}`);
process.stdout.write(
  `dataset: ${dataset.txs} txs in ${dataset.blocks} blocks; ${availableParallelism()} cores (shared)\n${table.join("\n")}\n`,
);
const { help: _help, json, ...settings } = values;
writeBenchJson(json, "replicas", settings, { dataset, rows });
