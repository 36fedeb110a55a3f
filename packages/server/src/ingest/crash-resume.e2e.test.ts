import { type ChildProcess, spawn } from "node:child_process";
import { createChain, startDevnetNode } from "@weft/devnet";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { ingestDevnet } from "../_test/devnet-ingest.js";
import { CLI_PATH } from "../_test/spawn-weft.js";
import { createScratchDatabase, realPostgresAvailable, silentLogger } from "../_test/test-database.js";
import { openDatabase } from "../db/database.js";

const BLOCKS = 1200;
const KILLS = 10;

async function snapshot(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  pool.on("error", () => undefined);
  try {
    const q = async (sql: string) => (await pool.query(sql)).rows;
    return {
      checkpoint: await q("SELECT height::text, tx_sequence::text FROM ingest_checkpoint"),
      blocks: await q(
        "SELECT md5(string_agg(height::text || encode(hash,'hex') || block_time::text || total_fee::text, ',' ORDER BY block.height)) AS h, count(*)::int AS n FROM block",
      ),
      txs: await q(
        "SELECT md5(string_agg(sequence::text || encode(hash,'hex') || data, ',' ORDER BY tx.sequence)) AS h, count(*)::int AS n FROM tx",
      ),
      accounts: await q(
        "SELECT md5(string_agg(encode(account,'hex') || sequence::text || signer::text, ',' ORDER BY tx_account.sequence, tx_account.account)) AS h, count(*)::int AS n FROM tx_account",
      ),
      types: await q(
        "SELECT md5(string_agg(msg_type || sequence::text, ',' ORDER BY tx_msg_type.sequence, tx_msg_type.msg_type)) AS h, count(*)::int AS n FROM tx_msg_type",
      ),
      // Totals are running sums too: a block counted twice after a kill would show here.
      totals: await q(
        "SELECT md5(string_agg(list || encode(account,'hex') || key || n::text, ',' ORDER BY list, account, key)) AS h, count(*)::int AS n FROM list_total",
      ),
      accountTypes: await q("SELECT count(*)::int AS n FROM tx_account_msg_type"),
      // Balances are running sums of deltas: a block applied twice after a kill would show here.
      balances: await q(
        "SELECT md5(string_agg(denom || encode(account,'hex') || amount::text, ',' ORDER BY denom, account)) AS h, count(*)::int AS n, sum(abs(amount))::text AS moved FROM rich_list_balance",
      ),
      // So are NFT counts; owners and heights show a transfer applied out of order.
      collections: await q(
        "SELECT md5(string_agg(encode(addr,'hex') || name || encode(creator,'hex') || nft_count::text, ',' ORDER BY addr)) AS h, count(*)::int AS n FROM nft_collection",
      ),
      tokens: await q(
        "SELECT md5(string_agg(encode(collection,'hex') || token_id || encode(owner,'hex') || height::text || sequence::text, ',' ORDER BY collection, token_id)) AS h, count(*)::int AS n FROM nft_token",
      ),
    };
  } finally {
    await pool.end();
  }
}

describe("the ingest process killed at random points", () => {
  it(`ends, after ${KILLS} SIGKILLs during a backfill, identical to an uninterrupted run`, async () => {
    if (!(await realPostgresAvailable())) {
      expect(process.env.CI).not.toBe("true");
      return;
    }
    const node = await startDevnetNode({
      chain: createChain({ seed: 9 }),
      initialBlocks: BLOCKS,
      faults: { slowRate: 0.2, slowMs: 20 },
    });
    const killed = await createScratchDatabase();
    const clean = await createScratchDatabase();
    try {
      // Uninterrupted reference run, in-process.
      const db = await openDatabase({ url: clean.url, dataDir: "/tmp", logger: silentLogger });
      await ingestDevnet({ db, url: node.url, stopAt: BLOCKS });
      await db.close();

      // The same backfill as a real process, SIGKILLed at random moments and restarted each time.
      // Two blocks in flight keeps each run short enough for ten kills to land mid-backfill.
      const env = {
        ...process.env,
        DATABASE_URL: killed.url,
        LOG_LEVEL: "warn",
        RPC_URL: node.url,
        INGEST_CONCURRENCY: "2",
      };
      let kills = 0;
      const heightsAtKill: number[] = [];
      const progress = new pg.Pool({ connectionString: killed.url, max: 1 });
      progress.on("error", () => undefined);
      await progress.query("SELECT 1");
      let seed = 12345;
      const random = () => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed / 2 ** 31;
      };
      while (kills < KILLS) {
        const child: ChildProcess = spawn(process.execPath, [CLI_PATH, "ingest"], { env, stdio: "ignore" });
        // Wait until this run has committed something, then kill it at a random moment after. A
        // run starts (node, then migrations) in ~3 s, but well over 5 s on a busy two-core machine:
        // allow 20 s, so a slow start is waited for rather than killed before its first block.
        const before = heightsAtKill.at(-1) ?? 0;
        for (let i = 0; i < 800; i++) {
          const { rows } = await progress
            .query("SELECT height FROM ingest_checkpoint")
            .catch(() => ({ rows: [] as { height: string }[] }));
          if (Number(rows[0]?.height ?? 0) > before) break;
          await new Promise((r) => setTimeout(r, 25));
        }
        await new Promise((r) => setTimeout(r, random() * 300));
        child.kill("SIGKILL");
        await new Promise((r) => child.once("exit", r));
        kills++;
        const { rows } = await progress
          .query("SELECT height FROM ingest_checkpoint")
          .catch(() => ({ rows: [] as { height: string }[] }));
        heightsAtKill.push(Number(rows[0]?.height ?? 0));
      }
      await progress.end();
      // The kills really landed mid-backfill: progress was made, and the chain was not done yet.
      expect(heightsAtKill.filter((h) => h > 0 && h < BLOCKS)).toHaveLength(KILLS);
      expect(heightsAtKill).toEqual([...heightsAtKill].sort((a, b) => a - b));
      // Let a last run finish the backfill.
      const finisher = spawn(process.execPath, [CLI_PATH, "ingest"], { env, stdio: "ignore" });
      const probe = new pg.Pool({ connectionString: killed.url, max: 1 });
      probe.on("error", () => undefined);
      for (let i = 0; i < 600; i++) {
        const { rows } = await probe
          .query("SELECT height FROM ingest_checkpoint")
          .catch(() => ({ rows: [] as { height: string }[] }));
        if (rows[0]?.height === String(BLOCKS)) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await probe.end();
      finisher.kill("SIGTERM");
      await new Promise((r) => finisher.once("exit", r));

      const expected = await snapshot(clean.url);
      expect(expected.blocks[0]?.n).toBe(BLOCKS);
      expect(expected.balances[0]?.n).toBeGreaterThan(0);
      expect(expected.tokens[0]?.n).toBeGreaterThan(0);
      expect(await snapshot(killed.url)).toEqual(expected);
    } finally {
      await killed.drop();
      await clean.drop();
      await node.close();
    }
  }, 300_000);
});
