#!/usr/bin/env node
/**
 * Ingestion benchmark: backfills N devnet blocks into a fresh database on a real Postgres through
 * the real path (HTTP node protocols -> derive -> one transaction per block; the devnet in its own
 * process), then, in the same run,
 * bulk-inserts the very same rows into another fresh database with large multi-row INSERTs (the
 * practical write limit of this Postgres), and prints both side by side.
 *
 *   node packages/server/dist/bench/ingest-bench.js --blocks 10000 [--admin-url postgres://postgres@127.0.0.1:5432/postgres]
 */
import { tmpdir } from "node:os";
import { parseArgs } from "node:util";
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { createChain } from "@weft/devnet";
import type pg from "pg";
import { pino } from "pino";
import { openDatabase } from "../db/database.js";
import { type BlockBundle, deriveBlock } from "../ingest/derive/derive-block.js";
import type { BlockPayload } from "../ingest/derive/node-payloads.js";
import { runIngest } from "../ingest/run-ingest.js";
import { createScratchDatabase, DEFAULT_ADMIN_URL } from "./scratch-database.js";

const { values } = parseArgs({
  // `pnpm bench:x -- --flag` passes the `--` through.
  args: process.argv.slice(2).filter((a) => a !== "--"),
  options: {
    blocks: { type: "string", default: "10000" },
    concurrency: { type: "string", default: "8" },
    "admin-url": {
      type: "string",
      default: DEFAULT_ADMIN_URL,
    },
  },
});
const blocks = Number(values.blocks);
const admin = values["admin-url"];
const logger = pino({ level: "warn" });

const scratch = (tag: string) => createScratchDatabase(admin, tag);

function rowsOf(bundles: BlockBundle[]): number {
  return bundles.reduce(
    (n, b) => n + 1 + b.txs.reduce((m, t) => m + 1 + t.accounts.length + t.msgTypes.length, 0),
    0,
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
      ts: [] as number[],
      prop: [] as Buffer[],
      gu: [] as string[],
      gw: [] as string[],
      n: [] as number[],
      fee: [] as string[],
    };
    const t = { s: [] as string[], hash: [] as Buffer[], h: [] as string[], d: [] as string[] };
    const a = { acc: [] as Buffer[], s: [] as string[], signer: [] as boolean[] };
    const m = { type: [] as string[], s: [] as string[] };
    for (const bundle of chunk) {
      const x = bundle.block;
      b.h.push(String(x.height));
      b.hash.push(x.hash);
      b.ts.push(x.timestampMs);
      b.prop.push(x.proposer);
      b.gu.push(String(x.gasUsed));
      b.gw.push(String(x.gasWanted));
      b.n.push(x.txCount);
      b.fee.push(JSON.stringify(x.totalFee));
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
        }
        for (const type of tx.msgTypes) {
          m.type.push(type);
          m.s.push(String(sequence));
        }
      }
    }
    const c = await pool.connect();
    try {
      await c.query("BEGIN");
      await c.query(
        `INSERT INTO block (height, hash, timestamp, block_time, proposer, gas_used, gas_wanted, tx_count, total_fee)
         SELECT h, hash, to_timestamp(ts / 1000), 0, p, gu, gw, n, fee::jsonb
         FROM unnest($1::bigint[], $2::bytea[], $3::float8[], $4::bytea[], $5::bigint[], $6::bigint[], $7::int[], $8::text[]) AS x(h, hash, ts, p, gu, gw, n, fee)`,
        [b.h, b.hash, b.ts, b.prop, b.gu, b.gw, b.n, b.fee],
      );
      await c.query(
        "INSERT INTO tx (sequence, hash, height, data) SELECT * FROM unnest($1::bigint[], $2::bytea[], $3::bigint[], $4::text[])",
        [t.s, t.hash, t.h, t.d],
      );
      await c.query(
        "INSERT INTO tx_account (account, sequence, signer) SELECT * FROM unnest($1::bytea[], $2::bigint[], $3::boolean[])",
        [a.acc, a.s, a.signer],
      );
      await c.query(
        "INSERT INTO tx_msg_type (msg_type, sequence) SELECT * FROM unnest($1::text[], $2::bigint[])",
        [m.type, m.s],
      );
      await c.query("COMMIT");
    } finally {
      c.release();
    }
  }
}

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
const weftDb = await scratch("weft");
const bulkDb = await scratch("bulk");
try {
  process.stderr.write(`ingesting ${blocks} devnet blocks through weft ingest...\n`);
  const db = await openDatabase({ url: weftDb.url, dataDir: tmpdir(), logger });
  let started = performance.now();
  await runIngest({
    db,
    logger,
    rpcUrl: node.url,
    restUrl: node.url,
    prefix: "init",
    startHeight: 1n,
    concurrency: Number(values.concurrency),
    stopAtHeight: BigInt(blocks),
    signal: new AbortController().signal,
    tty: process.stderr.isTTY ? process.stderr : undefined,
  });
  const weftSeconds = (performance.now() - started) / 1000;
  await db.close();

  process.stderr.write("deriving the same rows in memory, then bulk-inserting them...\n");
  const bundles = Array.from({ length: blocks }, (_, i) =>
    deriveBlock(chain.block(i + 1) as unknown as BlockPayload, "init"),
  );
  const rows = rowsOf(bundles);
  const bulk = await openDatabase({ url: bulkDb.url, dataDir: tmpdir(), logger });
  started = performance.now();
  await bulkInsert(bulk.pool, bundles);
  const bulkSeconds = (performance.now() - started) / 1000;
  await bulk.close();

  const line = (name: string, s: number) =>
    `| ${name.padEnd(40)} | ${(blocks / s).toFixed(0).padStart(8)} | ${(rows / s).toFixed(0).padStart(8)} | ${s.toFixed(1).padStart(7)} |`;
  process.stdout.write(
    [
      `${blocks} blocks, ${rows} rows (blocks + txs + account edges + msg-type edges), Postgres at ${new URL(admin).host}`,
      `| ${"path".padEnd(40)} | blocks/s | rows/s   | seconds |`,
      `| ${"-".repeat(40)} | -------- | -------- | ------- |`,
      line("weft ingest (HTTP + derive + txn/block)", weftSeconds),
      line("plain bulk insert of the same rows", bulkSeconds),
      `weft ingest reaches ${((bulkSeconds / weftSeconds) * 100).toFixed(0)}% of the bulk-insert limit (target: 50%)`,
      "",
    ].join("\n"),
  );
} finally {
  await node.close();
  await weftDb.drop();
  await bulkDb.drop();
}
