/**
 * A database outage played against real processes: `weft ingest` following a devnet that produces
 * blocks, and `weft serve` under a steady load, both reaching Postgres through a fault proxy that
 * refuses (a restart) and then black-holes (a partition) for `outageMs` each. Returns what happened
 * (every request, the ingest checkpoint over time, both processes' fate, every table of the run next
 * to a clean ingest of the same chain); the test asserts on it and the benchmark prints it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { tmpdir } from "node:os";
import { createChain, startDevnetNode } from "@weft/devnet";
import pg from "pg";
import { createScratchDatabase } from "./bench-database.js";
import { type FaultMode, startFaultProxy } from "./fault-proxy.js";
import { type RequestSample, startRequestLoad } from "./request-load.js";
import { type TableDigests, tableDigests } from "./table-digests.js";

/**
 * The server's own functions the scenario calls in-process, passed in by the caller (the kit cannot
 * import @weft/server, whose tests use it): `openDatabase` migrates, `runIngest` makes the clean run.
 */
export interface OutageServer<Db extends { close(): Promise<void> }, Logger> {
  openDatabase(options: { url: string; dataDir: string; logger: Logger }): Promise<Db>;
  runIngest(options: {
    db: Db;
    logger: Logger;
    rpcUrl: string;
    restUrl: string;
    prefix: string;
    startHeight: bigint;
    concurrency: number;
    stopAtHeight: bigint;
    signal: AbortSignal;
  }): Promise<unknown>;
  /** A silent logger of the server's kind. */
  silent: Logger;
}

export interface OutageScenarioOptions<Db extends { close(): Promise<void> }, Logger> {
  /** The built CLI (packages/server/dist/cli.js). */
  cliPath: string;
  server: OutageServer<Db, Logger>;
  /** A Postgres URL with the right to create databases. */
  adminUrl: string;
  /** Passed to both processes as DATABASE_CONNECT_TIMEOUT_MS / DATABASE_QUERY_TIMEOUT_MS. */
  connectTimeoutMs: number;
  queryTimeoutMs: number;
  /** How long each outage lasts. @default 10000 */
  outageMs?: number;
  /** Load before the first outage. @default 5000 */
  warmMs?: number;
  /** Database back between the two outages, and at least this long after the second. @default 8000 */
  recoverMs?: number;
  /**
   * How long ingestion may take to reach the chain's head once the chain stops (`recoverMs` after
   * the last outage); its retry backoff alone may wait 30 s. @default 60000
   */
  catchUpMs?: number;
  /** Concurrent request loops. @default 4 */
  loops?: number;
  /** Devnet seed (the chain is deterministic by seed). @default 16 */
  seed?: number;
  /** Progress lines, e.g. console.log; none by default. */
  log?: (line: string) => void;
}

export interface Outage {
  mode: Exclude<FaultMode, "pass">;
  startMs: number;
  endMs: number;
}

export interface OutageScenarioResult {
  outages: Outage[];
  /** Every request of the load, in start order; times on the scenario's clock (ms since start). */
  samples: RequestSample[];
  /** The ingest checkpoint's height, polled on a direct connection every 250 ms. */
  checkpoints: { atMs: number; height: number }[];
  /** The head the devnet stopped at, and the height ingestion reached. */
  target: number;
  reached: number;
  /** When `weft ingest` exited by itself (code or signal), or null: it was still running at the end. */
  ingestExited: number | string | null;
  serveExited: number | string | null;
  /** Last lines each process logged (warn and above), for a failure's message. */
  ingestLog: string;
  serveLog: string;
  /** Every table after the faulty run and after a clean ingest of the same chain to the same height. */
  faulty: TableDigests;
  clean: TableDigests;
}

const BLOCK_INTERVAL_MS = 250;
const INITIAL_BLOCKS = 20;
const CHECKPOINT_POLL_MS = 250;
/** Between two requests of one loop: ~4 loops x 40 req/s, below what two shared cores serve. */
const LOAD_PAUSE_MS = 25;
const LOG_TAIL_CHARS = 20_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A child process whose output is kept (the tail) and whose exit is recorded. */
function spawnWeft(cliPath: string, args: string[], env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, [cliPath, ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (c: Buffer) => {
    output = (output + c.toString()).slice(-LOG_TAIL_CHARS);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let exited: number | string | null = null;
  const exit = new Promise<void>((resolve) =>
    child.on("exit", (code, signal) => {
      exited = code ?? signal ?? "unknown";
      resolve();
    }),
  );
  return {
    child,
    output: () => output,
    exited: () => exited,
    async stop() {
      if (exited === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exit;
      clearTimeout(timer);
    },
  };
}

async function checkpointHeight(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ height: string }>("SELECT height::text FROM ingest_checkpoint");
  return Number(rows[0]?.height ?? 0);
}

export async function runOutageScenario<Db extends { close(): Promise<void> }, Logger>(
  options: OutageScenarioOptions<Db, Logger>,
): Promise<OutageScenarioResult> {
  const { openDatabase, runIngest, silent } = options.server;
  const outageMs = options.outageMs ?? 10_000;
  const warmMs = options.warmMs ?? 5_000;
  const recoverMs = options.recoverMs ?? 8_000;
  const catchUpMs = options.catchUpMs ?? 60_000;
  const log = options.log ?? (() => undefined);
  const epoch = Date.now();
  const now = () => Date.now() - epoch;
  const cleanup: (() => Promise<unknown>)[] = [];
  try {
    const node = await startDevnetNode({
      chain: createChain({ seed: options.seed ?? 16 }),
      initialBlocks: INITIAL_BLOCKS,
    });
    cleanup.push(() => node.close());
    const faultyDb = await createScratchDatabase(options.adminUrl, "outage");
    cleanup.push(() => faultyDb.drop());
    const cleanDb = await createScratchDatabase(options.adminUrl, "clean");
    cleanup.push(() => cleanDb.drop());
    // Migrated up front, so both processes start on a ready schema.
    await (await openDatabase({ url: faultyDb.url, dataDir: tmpdir(), logger: silent })).close();

    const admin = new URL(options.adminUrl);
    const proxy = await startFaultProxy({
      target: { host: admin.hostname, port: Number(admin.port || 5432) },
    });
    cleanup.push(() => proxy.close());
    const through = new URL(faultyDb.url);
    through.host = `${proxy.host}:${proxy.port}`;
    const env = {
      DATABASE_URL: through.toString(),
      DATABASE_CONNECT_TIMEOUT_MS: String(options.connectTimeoutMs),
      DATABASE_QUERY_TIMEOUT_MS: String(options.queryTimeoutMs),
      LOG_LEVEL: "warn",
    };
    const ingest = spawnWeft(options.cliPath, ["ingest"], { ...env, RPC_URL: node.url });
    cleanup.push(() => ingest.stop());
    const serve = spawnWeft(options.cliPath, ["serve"], {
      ...env,
      PORT: "0",
      HOST: "127.0.0.1",
      // Every request reaches the database: a cached answer would hide the outage.
      RESPONSE_CACHE: "off",
    });
    cleanup.push(() => serve.stop());

    // The checkpoint, read past the proxy: what ingestion committed, whatever the faults.
    const direct = new pg.Pool({ connectionString: faultyDb.url, max: 1 });
    direct.on("error", () => undefined);
    cleanup.push(() => direct.end());
    const checkpoints: { atMs: number; height: number }[] = [];
    const poller = setInterval(() => {
      checkpointHeight(direct).then(
        (height) => checkpoints.push({ atMs: now(), height }),
        () => undefined,
      );
    }, CHECKPOINT_POLL_MS);
    cleanup.push(async () => clearInterval(poller));
    const producer = setInterval(() => node.produceBlocks(1), BLOCK_INTERVAL_MS);
    cleanup.push(async () => clearInterval(producer));

    const base = await waitFor(
      90_000,
      () => /serving on (http:\/\/\S+)/.exec(serve.output())?.[1],
      () => {
        if (serve.exited() !== null)
          throw new Error(`weft serve exited (${serve.exited()}):\n${serve.output()}`);
      },
    );
    await waitFor(
      90_000,
      async () => ((await checkpointHeight(direct).catch(() => 0)) > 0 ? true : undefined),
      () => {
        if (ingest.exited() !== null)
          throw new Error(`weft ingest exited (${ingest.exited()}):\n${ingest.output()}`);
      },
    );
    // Ready: `weft serve` started before ingestion named the chain, and learns it within seconds.
    await waitFor(
      60_000,
      async () => ((await fetch(`${base}/status`).catch(() => undefined))?.status === 200 ? true : undefined),
      () => undefined,
    );
    const { rows } = await direct.query<{ hash: string; height: string }>(
      "SELECT upper(encode(hash, 'hex')) AS hash, height::text FROM tx ORDER BY sequence LIMIT 1",
    );
    const tx = rows[0];
    if (!tx) throw new Error("the devnet's first blocks hold no tx");
    const paths = [
      "/indexer/block/v1/blocks?pagination.limit=5",
      `/indexer/block/v1/blocks/${tx.height}`,
      "/indexer/tx/v1/txs?pagination.limit=5",
      "/status",
      `/indexer/tx/v1/txs/${tx.hash}`,
    ];
    log(`serving on ${base}; ingest at height ${await checkpointHeight(direct)}; load starts`);
    const bound = options.connectTimeoutMs + options.queryTimeoutMs;
    const load = startRequestLoad({
      base,
      paths,
      loops: options.loops ?? 4,
      pauseMs: LOAD_PAUSE_MS,
      // Far past any bound the test asserts: a hung request is measured, not cut short.
      timeoutMs: bound * 4 + 10_000,
      now,
    });
    cleanup.push(() => load.stop());

    const outages: Outage[] = [];
    await sleep(warmMs);
    for (const mode of ["refuse", "blackhole"] as const) {
      const startMs = now();
      await proxy.setMode(mode);
      log(`${mode} for ${outageMs / 1000} s`);
      await sleep(outageMs);
      await proxy.setMode("pass");
      outages.push({ mode, startMs, endMs: now() });
      log("database back");
      await sleep(recoverMs);
    }
    // The chain stops growing; ingestion must reach its head by itself.
    clearInterval(producer);
    const target = node.head;
    log(`chain stopped at ${target}; waiting for ingestion`);
    const deadline = Date.now() + catchUpMs;
    let reached = 0;
    while (Date.now() < deadline && ingest.exited() === null) {
      reached = await checkpointHeight(direct).catch(() => reached);
      if (reached >= target) break;
      await sleep(CHECKPOINT_POLL_MS);
    }
    reached = await checkpointHeight(direct).catch(() => reached);
    const samples = await load.stop();
    clearInterval(poller);
    const ingestExited = ingest.exited();
    const serveExited = serve.exited();
    await serve.stop();
    await ingest.stop();

    // The same chain to the same height, in-process and without faults.
    const clean = await openDatabase({ url: cleanDb.url, dataDir: tmpdir(), logger: silent });
    try {
      await runIngest({
        db: clean,
        logger: silent,
        rpcUrl: node.url,
        restUrl: node.url,
        prefix: "init",
        startHeight: 1n,
        concurrency: 8,
        stopAtHeight: BigInt(target),
        signal: new AbortController().signal,
      });
    } finally {
      await clean.close();
    }
    return {
      outages,
      samples,
      checkpoints,
      target,
      reached,
      ingestExited,
      serveExited,
      ingestLog: ingest.output(),
      serveLog: serve.output(),
      faulty: await tableDigests(faultyDb.url),
      clean: await tableDigests(cleanDb.url),
    };
  } finally {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  }
}

/** Polls `probe` until it returns a value; `check` throws to give up early (a process died). */
async function waitFor<T>(
  withinMs: number,
  probe: () => T | undefined | Promise<T | undefined>,
  check: () => void,
): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    check();
    if (Date.now() > deadline) throw new Error(`not ready within ${withinMs / 1000} s`);
    await sleep(100);
  }
}
