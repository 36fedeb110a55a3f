#!/usr/bin/env node
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
/**
 * Ingestion benchmark: backfills N devnet blocks into a fresh database on a real Postgres through
 * the real path (HTTP node protocols -> derive -> one transaction per block; the devnet in its own
 * process), then, in the same run,
 * bulk-inserts the very same rows into another fresh database with large multi-row INSERTs (the
 * practical write limit of this Postgres), and prints both side by side.
 *
 *   node packages/bench/dist/ingest-bench.js --blocks 10000 [--admin-url postgres://postgres@127.0.0.1:5432/postgres]
 *     [--json FILE [--sample-ms 1000]]
 *
 * With --json, the file also holds each weft run's ingest rate over the backfill: the height reached
 * every --sample-ms (one indexed max() read, next to the run's thousands of writes per second).
 */
import { tmpdir } from "node:os";
import { createChain } from "@weft/devnet";
import { createHttpJson, openDatabase, runIngest } from "@weft/server";
import type { BlockPayload } from "@weft/server/internal";
import {
  type BlockBundle,
  createInitialBalances,
  deriveBlock,
  INGEST_CONCURRENCY,
  withArrayLiterals,
  writeRows,
} from "@weft/server/internal";
import { createScratchDatabase, DEFAULT_ADMIN_URL } from "@weft/testkit/bench-database";
import pg from "pg";
import { pino } from "pino";
import { parseBenchArgs } from "./bench-args.js";
import { JSON_OPTION, writeBenchJson } from "./bench-json.js";

const values = parseBenchArgs(
  "usage: ingest-bench [--blocks 10000] [--commit-blocks 1,64] [--writes-in-flight N[,N...]] [--concurrency N] [--admin-url URL] [--sample-ms 1000] [--json FILE]\n" +
    "weft ingest of --blocks devnet blocks (one run per --commit-blocks and --writes-in-flight value) vs a plain bulk insert of the same rows.",
  {
    blocks: { type: "string", default: "10000" },
    // weft ingest's own default unless given.
    concurrency: { type: "string", default: String(INGEST_CONCURRENCY) },
    // Each value is one weft run; 1 = a transaction per block.
    "commit-blocks": { type: "string", default: "1,64" },
    // Each value is one weft run per --commit-blocks value; none: weft ingest's own default.
    "writes-in-flight": { type: "string" },
    "admin-url": {
      type: "string",
      default: DEFAULT_ADMIN_URL,
    },
    "sample-ms": { type: "string", default: "1000" },
    ...JSON_OPTION,
  },
);
const blocks = Number(values.blocks);
const admin = values["admin-url"];
const logger = pino({ level: "warn" });

const COMPARED_TABLES = [
  "block",
  "tx",
  "tx_account",
  "tx_msg_type",
  "tx_account_msg_type",
  "list_total",
  "rich_list_balance",
  "nft_collection",
  "nft_token",
  "nft_tx",
];

const scratch = (tag: string) => createScratchDatabase(admin, tag);
const WARM_UP_BLOCKS = 1_500;

/**
 * Flushes what earlier runs left dirty before a timed run starts: each run otherwise pays for the
 * writes of the ones before it (the bulk insert, run last, measured 746-1 141 blocks/s depending on
 * how many weft runs came first). Needs a role allowed to CHECKPOINT; without one, says so and goes on.
 */
async function checkpoint(): Promise<void> {
  const client = new pg.Client({ connectionString: admin });
  try {
    await client.connect();
    await client.query("CHECKPOINT");
  } catch (err) {
    process.stderr.write(
      `CHECKPOINT before the run failed (${(err as Error).message}); runs may pay for earlier ones' writes\n`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

interface RateSample {
  /** Seconds since the run started. */
  atSec: number;
  height: number;
  /** Blocks committed per second since the previous sample. */
  blocksPerSec: number;
}

/**
 * Samples the highest committed block every `everyMs` while a backfill runs: the ingest rate over
 * the backfill, for the chart. Only when --json asks for it, so the printed run is unchanged.
 */
function sampleRate(pool: pg.Pool, started: number, everyMs: number): () => Promise<RateSample[]> {
  const samples: RateSample[] = [];
  let last = { atSec: 0, height: 0 };
  let pending = Promise.resolve();
  const timer = setInterval(() => {
    pending = pending.then(async () => {
      const { rows } = await pool.query<{ h: string | null }>("SELECT max(height)::text AS h FROM block");
      const at = { atSec: (performance.now() - started) / 1000, height: Number(rows[0]?.h ?? 0) };
      samples.push({
        ...at,
        blocksPerSec: (at.height - last.height) / Math.max(1e-3, at.atSec - last.atSec),
      });
      last = at;
    });
  }, everyMs);
  return async () => {
    clearInterval(timer);
    await pending;
    return samples;
  };
}

/**
 * Rows the bulk insert writes: blocks, txs, their account and msg-type edges, rich-list deltas, and
 * the chain's NFT collections, tokens and token tx edges as they stand at the end.
 */
function rowsOf(bundles: BlockBundle[]): number {
  const { nft } = writeRows(bundles);
  return bundles.reduce(
    (n, b) =>
      n +
      1 +
      b.balances.length +
      b.txs.reduce((m, t) => m + 1 + t.accounts.length * (1 + t.msgTypes.length) + t.msgTypes.length, 0),
    nft.collections.length + nft.tokens.length + nft.txs.length,
  );
}

/**
 * A bulk statement with its arrays sent as literals built the way weft ingest builds its own
 * (array-literal.ts), so the baseline's client side is no slower than the writer's.
 */
const bulkQuery = (db: pg.Pool | pg.PoolClient, text: string, values: unknown[]) =>
  db.query(text, withArrayLiterals(values));

/** The chain's NFTs as they stand after all `bundles`, inserted at once, as a bulk loader would. */
async function bulkInsertNfts(pool: pg.Pool, bundles: BlockBundle[]): Promise<void> {
  const { nft, txHeights, txTimestamps } = writeRows(bundles);
  const creators = new Map(nft.collections.map((c) => [c.addr.toString("hex"), c.creator]));
  const counts = new Map<string, number>();
  for (const t of nft.tokens)
    counts.set(t.collection.toString("hex"), (counts.get(t.collection.toString("hex")) ?? 0) + 1);
  const at = (tx: number) => ({ h: txHeights[tx] ?? "0", ts: txTimestamps[tx] ?? "" });
  await bulkQuery(
    pool,
    `INSERT INTO nft_collection (addr, name, origin_name, creator, height, timestamp, nft_count)
     SELECT a, n, o, c, h, ts, k FROM unnest($1::bytea[], $2::text[], $3::text[], $4::bytea[], $5::bigint[], $6::timestamptz[], $7::bigint[]) AS x(a, n, o, c, h, ts, k)`,
    [
      nft.collections.map((c) => c.addr),
      nft.collections.map((c) => c.name ?? ""),
      nft.collections.map((c) => c.originName ?? ""),
      nft.collections.map((c) => c.creator),
      nft.collections.map((c) => at(c.tx).h),
      nft.collections.map((c) => at(c.tx).ts),
      nft.collections.map((c) => counts.get(c.addr.toString("hex")) ?? 0),
    ],
  );
  await bulkQuery(
    pool,
    `INSERT INTO nft_token (collection, token_id, object_addr, owner, uri, height, timestamp, sequence)
     SELECT c, t, o, w, u, h, ts, s FROM unnest($1::bytea[], $2::text[], $3::bytea[], $4::bytea[], $5::text[], $6::bigint[], $7::timestamptz[], $8::bigint[]) AS x(c, t, o, w, u, h, ts, s)`,
    [
      nft.tokens.map((t) => t.collection),
      nft.tokens.map((t) => t.tokenId),
      nft.tokens.map((t) => t.object),
      nft.tokens.map((t) => t.owner ?? creators.get(t.collection.toString("hex")) ?? t.collection),
      nft.tokens.map((t) => t.uri ?? ""),
      nft.tokens.map((t) => at(t.tx).h),
      nft.tokens.map((t) => at(t.tx).ts),
      nft.tokens.map((t) => String(t.tx + 1)),
    ],
  );
  await bulkQuery(
    pool,
    `INSERT INTO nft_tx (collection, token_id, sequence, height)
     SELECT * FROM unnest($1::bytea[], $2::text[], $3::bigint[], $4::bigint[])`,
    [
      nft.txs.map((e) => e.collection),
      nft.txs.map((e) => e.tokenId),
      nft.txs.map((e) => String(e.tx + 1)),
      nft.txs.map((e) => at(e.tx).h),
    ],
  );
}

/** The same rows, inserted as fast as plain SQL allows: big unnest() batches, one transaction each. */
async function bulkInsert(pool: pg.Pool, bundles: BlockBundle[]): Promise<void> {
  const BATCH = 1000;
  let sequence = 0n;
  for (let i = 0; i < bundles.length; i += BATCH) {
    const chunk = bundles.slice(i, i + BATCH);
    const b = {
      h: [] as string[],
      hash: [] as Buffer[],
      ts: [] as string[],
      prop: [] as Buffer[],
      gu: [] as string[],
      gw: [] as string[],
      n: [] as number[],
      fee: [] as string[],
    };
    const t = { s: [] as string[], hash: [] as Buffer[], h: [] as string[], d: [] as string[] };
    const a = { acc: [] as Buffer[], s: [] as string[], signer: [] as boolean[] };
    const m = { type: [] as string[], s: [] as string[] };
    const am = { acc: [] as Buffer[], type: [] as string[], signer: [] as boolean[], s: [] as string[] };
    const totals = new Map<string, { list: string; account: Buffer; type: string; n: number }>();
    const count = (list: string, account: Buffer, type: string) => {
      const key = `${list}/${account.toString("hex")}/${type}`;
      const row = totals.get(key) ?? { list, account, type, n: 0 };
      row.n++;
      totals.set(key, row);
    };
    const balances = new Map<string, { denom: string; account: Buffer; amount: bigint }>();
    for (const bundle of chunk) {
      const x = bundle.block;
      b.h.push(String(x.height));
      b.hash.push(x.hash);
      b.ts.push(x.timestamp);
      b.prop.push(x.proposer);
      b.gu.push(String(x.gasUsed));
      b.gw.push(String(x.gasWanted));
      b.n.push(x.txCount);
      b.fee.push(JSON.stringify(x.totalFee));
      for (const d of bundle.balances) {
        const key = `${d.denom}/${d.account.toString("hex")}`;
        const row = balances.get(key) ?? { ...d, amount: 0n };
        row.amount += d.amount;
        balances.set(key, row);
      }
      for (const tx of bundle.txs) {
        sequence++;
        t.s.push(String(sequence));
        t.hash.push(tx.hash);
        t.h.push(String(x.height));
        t.d.push(tx.data);
        for (const e of tx.accounts) {
          a.acc.push(e.account);
          a.s.push(String(sequence));
          a.signer.push(e.signer);
          count("tx", e.account, "");
          if (e.signer) count("tx_signer", e.account, "");
          for (const type of tx.msgTypes) {
            am.acc.push(e.account);
            am.type.push(type);
            am.signer.push(e.signer);
            am.s.push(String(sequence));
            count("tx", e.account, type);
            if (e.signer) count("tx_signer", e.account, type);
          }
        }
        for (const type of tx.msgTypes) {
          m.type.push(type);
          m.s.push(String(sequence));
          count("tx", Buffer.alloc(0), type);
        }
      }
    }
    const c = await pool.connect();
    try {
      await c.query("BEGIN");
      await bulkQuery(
        c,
        `INSERT INTO block (height, hash, timestamp, block_time, proposer, gas_used, gas_wanted, tx_count, total_fee)
         SELECT h, hash, ts, 0, p, gu, gw, n, fee::jsonb
         FROM unnest($1::bigint[], $2::bytea[], $3::timestamptz[], $4::bytea[], $5::bigint[], $6::bigint[], $7::int[], $8::text[]) AS x(h, hash, ts, p, gu, gw, n, fee)`,
        [b.h, b.hash, b.ts, b.prop, b.gu, b.gw, b.n, b.fee],
      );
      await bulkQuery(
        c,
        "INSERT INTO tx (sequence, hash, height, data) SELECT * FROM unnest($1::bigint[], $2::bytea[], $3::bigint[], $4::text[])",
        [t.s, t.hash, t.h, t.d],
      );
      await bulkQuery(
        c,
        "INSERT INTO tx_account (account, sequence, signer) SELECT * FROM unnest($1::bytea[], $2::bigint[], $3::boolean[])",
        [a.acc, a.s, a.signer],
      );
      await bulkQuery(
        c,
        "INSERT INTO tx_msg_type (msg_type, sequence) SELECT * FROM unnest($1::text[], $2::bigint[])",
        [m.type, m.s],
      );
      await bulkQuery(
        c,
        `INSERT INTO tx_account_msg_type (account, msg_type, signer, sequence)
         SELECT * FROM unnest($1::bytea[], $2::text[], $3::boolean[], $4::bigint[])`,
        [am.acc, am.type, am.signer, am.s],
      );
      const lt = [...totals.values()];
      await bulkQuery(
        c,
        `INSERT INTO list_total AS l (list, account, key, n)
         SELECT * FROM unnest($1::text[], $2::bytea[], $3::text[], $4::bigint[])
         ON CONFLICT (list, account, key) DO UPDATE SET n = l.n + EXCLUDED.n`,
        [lt.map((r) => r.list), lt.map((r) => r.account), lt.map((r) => r.type), lt.map((r) => String(r.n))],
      );
      const rl = [...balances.values()];
      await bulkQuery(
        c,
        `INSERT INTO rich_list_balance AS r (denom, account, amount)
         SELECT * FROM unnest($1::text[], $2::bytea[], $3::numeric[])
         ON CONFLICT (denom, account) DO UPDATE SET amount = r.amount + EXCLUDED.amount`,
        [rl.map((r) => r.denom), rl.map((r) => r.account), rl.map((r) => r.amount.toString())],
      );
      if (i + BATCH >= bundles.length)
        // Holders per denom, counted once from the final balances, as a loader would.
        await c.query(
          `INSERT INTO list_total (list, account, key, n)
           SELECT 'rich_list', ''::bytea, denom, count(*) FROM rich_list_balance WHERE amount > 0 GROUP BY denom`,
        );
      await c.query("COMMIT");
    } finally {
      c.release();
    }
  }
}

/** User + system CPU seconds of a process so far (Linux /proc; 0 elsewhere). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds of every process named `postgres` on this machine (the server and its backends), so
 * far: what the database spent on a run, when it runs here (0 where /proc is absent). Backends that
 * ended meanwhile are missed: the runs' own connections live through them.
 */
function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSafe("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")) === "postgres")
        total += cpuSeconds(Number(entry));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}
const readdirSafe = (dir: string) => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

const chain = createChain({ seed: 1 });
// The devnet runs in its own process, as a real node does: it must not share ingestion's thread.
const devnetCli = createRequire(import.meta.url)
  .resolve("@weft/devnet")
  .replace(/index\.js$/, "cli.js");
const devnet = spawn(
  process.execPath,
  [devnetCli, "--port", "0", "--seed", "1", "--block-interval-ms", "0", "--initial-blocks", String(blocks)],
  {
    stdio: ["ignore", "ignore", "pipe"],
  },
);
const node = {
  url: await new Promise<string>((resolve, reject) => {
    let err = "";
    devnet.stderr.on("data", (c: Buffer) => {
      err += c.toString();
      const m = /on (http:\/\/\S+)/.exec(err);
      if (m?.[1]) resolve(m[1]);
    });
    devnet.once("exit", (code) => reject(new Error(`devnet exited (${code}): ${err}`)));
  }),
  close: async () => {
    devnet.kill("SIGTERM");
  },
};
const commitModes = (values["commit-blocks"] ?? "1").split(",").map(Number);
const inFlightModes: (number | undefined)[] = values["writes-in-flight"]?.split(",").map(Number) ?? [
  undefined,
];
/** One weft run per (blocks per transaction, writes in flight); in flight undefined: weft's default. */
const modes = commitModes.flatMap((commitBlocks) =>
  inFlightModes.map((writesInFlight) => ({ commitBlocks, writesInFlight })),
);
const modeName = ({ commitBlocks, writesInFlight }: (typeof modes)[number]) =>
  `${commitBlocks === 1 ? "a transaction per block" : `up to ${commitBlocks} ready blocks per txn`}${writesInFlight === undefined ? "" : `, ${writesInFlight} in flight`}`;
/** weft ingest of blocks 1..`upTo` from the devnet into `db`, with this run's fetch concurrency. */
const ingestInto = (
  db: Awaited<ReturnType<typeof openDatabase>>,
  upTo: number,
  options: Pick<Parameters<typeof runIngest>[0], "commitBlocks" | "writesInFlight" | "tty"> = {},
) =>
  runIngest({
    db,
    logger,
    rpcUrl: node.url,
    restUrl: node.url,
    prefix: "init",
    startHeight: 1n,
    concurrency: Number(values.concurrency),
    stopAtHeight: BigInt(upTo),
    signal: new AbortController().signal,
    ...options,
  });
/**
 * An untimed backfill of the first blocks into a throwaway database before the timed runs. The
 * first timed run otherwise also paid for compiling the devnet's and weft ingest's code (the devnet
 * is a fresh process; a real node is not): a mode measured first read 5-15% below the same mode
 * measured later in the same run.
 */
async function warmUp(): Promise<void> {
  const warm = await scratch("warmup");
  const db = await openDatabase({ url: warm.url, dataDir: tmpdir(), logger });
  try {
    process.stderr.write(`warming up: ${Math.min(WARM_UP_BLOCKS, blocks)} blocks, untimed...\n`);
    await ingestInto(db, Math.min(WARM_UP_BLOCKS, blocks));
  } finally {
    await db.close();
    await warm.drop();
  }
}
const weftDbs = await Promise.all(
  modes.map((m) => scratch(`weft${m.commitBlocks}_${m.writesInFlight ?? "d"}`)),
);
const bulkDb = await scratch("bulk");
try {
  const weftSeconds: number[] = [];
  const rates: RateSample[][] = [];
  /** CPU seconds the devnet (the node, on the same cores) spent serving each weft run. */
  const nodeCpu: number[] = [];
  /** CPU seconds Postgres (every process of it on this machine) spent on each weft run. */
  const postgresCpu: number[] = [];
  /** CPU seconds weft ingest itself (this process) spent on each run: less noisy than its wall time. */
  const ingestCpu: number[] = [];
  await warmUp();
  for (const [i, mode] of modes.entries()) {
    const { commitBlocks, writesInFlight } = mode;
    process.stderr.write(`ingesting ${blocks} devnet blocks through weft ingest, ${modeName(mode)}...\n`);
    const db = await openDatabase({ url: (weftDbs[i] as { url: string }).url, dataDir: tmpdir(), logger });
    await checkpoint();
    const started = performance.now();
    const nodeCpuBefore = cpuSeconds(devnet.pid);
    const postgresCpuBefore = postgresCpuSeconds();
    const ingestCpuBefore = process.cpuUsage();
    const stopSampling = values.json ? sampleRate(db.pool, started, Number(values["sample-ms"])) : undefined;
    await ingestInto(db, blocks, {
      commitBlocks,
      ...(writesInFlight === undefined ? {} : { writesInFlight }),
      tty: process.stderr.isTTY ? process.stderr : undefined,
    });
    weftSeconds.push((performance.now() - started) / 1000);
    nodeCpu.push(cpuSeconds(devnet.pid) - nodeCpuBefore);
    postgresCpu.push(postgresCpuSeconds() - postgresCpuBefore);
    const used = process.cpuUsage(ingestCpuBefore);
    ingestCpu.push((used.user + used.system) / 1e6);
    const samples = (await stopSampling?.()) ?? [];
    // The last interval ends at the run's end, where the whole backfill is committed.
    const end = { atSec: weftSeconds.at(-1) ?? 0, height: blocks };
    const prev = samples.at(-1) ?? { atSec: 0, height: 0 };
    if (end.atSec > prev.atSec)
      samples.push({ ...end, blocksPerSec: (end.height - prev.height) / (end.atSec - prev.atSec) });
    rates.push(samples);
    await db.close();
  }

  process.stderr.write("deriving the same rows in memory, then bulk-inserting them...\n");
  const bundles = Array.from({ length: blocks }, (_, i) =>
    deriveBlock(chain.block(i + 1) as unknown as BlockPayload, "init"),
  );
  // Weft's first block carries every account's balances after it, read from the node, instead of its
  // deltas (initial-balances.ts): the bulk insert starts from the very same ones, read the same way
  // before its clock starts.
  const first = bundles[0];
  if (first)
    bundles[0] = await createInitialBalances({
      http: createHttpJson(),
      restUrl: node.url,
      prefix: "init",
      evm: false,
      logger,
    }).apply(first, 1n, new AbortController().signal);
  const rows = rowsOf(bundles);
  const bulk = await openDatabase({ url: bulkDb.url, dataDir: tmpdir(), logger });
  await checkpoint();
  const bulkPostgresBefore = postgresCpuSeconds();
  const started = performance.now();
  await bulkInsert(bulk.pool, bundles);
  await bulkInsertNfts(bulk.pool, bundles);
  const bulkSeconds = (performance.now() - started) / 1000;
  const bulkPostgresCpu = postgresCpuSeconds() - bulkPostgresBefore;
  // Same rows, or the comparison means nothing: every weft run's tables hold what the bulk insert wrote.
  const counts = async (url: string) => {
    const db = await openDatabase({ url, dataDir: tmpdir(), logger });
    try {
      const out: Record<string, string> = {};
      for (const table of COMPARED_TABLES) {
        // Totals must agree in value too, not only in number of rows.
        // (A denom whose holders all left keeps a 0 row in Weft's list_total; the bulk never writes one.)
        const n =
          table === "list_total"
            ? "count(*) FILTER (WHERE n <> 0) || '/' || coalesce(sum(n), 0)"
            : "count(*)::text";
        const { rows } = await db.pool.query<{ n: string }>(`SELECT ${n} AS n FROM ${table}`);
        out[table] = rows[0]?.n ?? "0";
      }
      return JSON.stringify(out);
    } finally {
      await db.close();
    }
  };
  const expected = await counts(bulkDb.url);
  for (const db of weftDbs) {
    const got = await counts(db.url);
    if (got !== expected) throw new Error(`weft and bulk rows differ: ${got} vs ${expected}`);
  }
  await bulk.close();

  const line = (name: string, s: number) =>
    `| ${name.padEnd(58)} | ${(blocks / s).toFixed(0).padStart(8)} | ${(rows / s).toFixed(0).padStart(8)} | ${s.toFixed(1).padStart(7)} | ${`${((bulkSeconds / s) * 100).toFixed(0)}%`.padStart(6)} |`;
  process.stdout.write(
    [
      `${blocks} blocks, ${rows} rows (blocks + txs + account and msg-type edges + rich-list deltas + NFT collections, tokens, token txs), Postgres at ${new URL(admin).host}`,
      `| ${"path".padEnd(58)} | blocks/s | rows/s   | seconds | / bulk |`,
      `| ${"-".repeat(58)} | -------- | -------- | ------- | ------ |`,
      ...modes.map((m, i) => line(`weft ingest, ${modeName(m)}`, weftSeconds[i] ?? 0)),
      line("plain bulk insert of the same rows", bulkSeconds),
      ...modes.map((m, i) => {
        const share = bulkSeconds / (weftSeconds[i] ?? Number.POSITIVE_INFINITY);
        const target = m.commitBlocks === 1 ? 0.5 : 0.8;
        return `target for ${modeName(m)}: ${target * 100}% of the bulk insert: ${share >= target ? "met" : "NOT met"}; weft ingest used ${(ingestCpu[i] ?? 0).toFixed(1)} CPU-s (${(((ingestCpu[i] ?? 0) * 1000) / blocks).toFixed(2)} ms per block), the devnet (the node, sharing the cores) ${((nodeCpu[i] ?? 0) / (weftSeconds[i] ?? 1)).toFixed(2)} of a core, Postgres ${(((postgresCpu[i] ?? 0) * 1000) / blocks).toFixed(2)} ms of CPU per block`;
      }),
      `the bulk insert: Postgres ${((bulkPostgresCpu * 1000) / blocks).toFixed(2)} ms of CPU per block`,
      "",
    ].join("\n"),
  );
  const row = (path: string, seconds: number) => ({
    path,
    seconds,
    blocksPerSec: blocks / seconds,
    rowsPerSec: rows / seconds,
    overBulk: bulkSeconds / seconds,
  });
  writeBenchJson(
    values.json,
    "ingest",
    {
      blocks,
      concurrency: Number(values.concurrency),
      commitBlocks: commitModes,
      writesInFlight: inFlightModes.filter((n) => n !== undefined),
      sampleMs: Number(values["sample-ms"]),
    },
    {
      blocks,
      rows,
      runs: [
        ...modes.map((m, i) => ({
          ...row(
            `weft, ${m.commitBlocks === 1 ? "a transaction per block" : `up to ${m.commitBlocks} blocks per transaction`}${m.writesInFlight === undefined ? "" : `, ${m.writesInFlight} in flight`}`,
            weftSeconds[i] ?? 0,
          ),
          commitBlocks: m.commitBlocks,
          ...(m.writesInFlight === undefined ? {} : { writesInFlight: m.writesInFlight }),
          nodeCpuSeconds: nodeCpu[i] ?? 0,
          postgresCpuSeconds: postgresCpu[i] ?? 0,
          ingestCpuSeconds: ingestCpu[i] ?? 0,
          rate: rates[i] ?? [],
        })),
        { ...row("plain bulk insert", bulkSeconds), postgresCpuSeconds: bulkPostgresCpu },
      ],
    },
  );
} finally {
  await node.close();
  for (const db of weftDbs) await db.drop();
  await bulkDb.drop();
}
