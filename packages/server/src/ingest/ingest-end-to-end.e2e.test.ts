import { describe, expect, it } from "vitest";
import { startPayloadNode } from "../_test/payload-node.js";
import { SYNTHETIC_CHAIN_ID, syntheticPayload } from "../_test/synthetic-chain.js";
import { silentLogger, useTestDatabase } from "../_test/test-database.js";
import { createHttpJson } from "../chain/http-json.js";
import { deriveBlock } from "./derive/derive-block.js";
import type { BlockPayload } from "./derive/node-payloads.js";
import { runIngestLoop } from "./ingest-loop.js";
import { createNodeSource } from "./node-source.js";
import { createPostgresSink } from "./postgres-sink.js";

const options = { blocks: 60, txsPerBlock: (h: number) => h % 6 };

async function pipeline(url: string, pool: import("pg").Pool, stopAtHeight: bigint) {
  const source = createNodeSource({
    rpcUrl: url,
    restUrl: url,
    http: createHttpJson({ retries: 8, sleep: async () => undefined }),
  });
  const sink = createPostgresSink({ pool, chainId: SYNTHETIC_CHAIN_ID });
  try {
    return await runIngestLoop<BlockPayload>({
      chainId: SYNTHETIC_CHAIN_ID,
      source: { head: source.head, fetch: source.fetch },
      sink: { checkpoint: sink.checkpoint, write: (h, p) => sink.write(h, deriveBlock(p, "init")) },
      concurrency: 4,
      retryDelayMs: 1,
      stopAtHeight,
      signal: new AbortController().signal,
      logger: silentLogger,
    });
  } finally {
    sink.close();
  }
}

async function snapshot(pool: import("pg").Pool) {
  const q = async (sql: string) => (await pool.query(sql)).rows;
  return {
    blocks: await q(
      "SELECT height::text, encode(hash,'hex') h, block_time::text, tx_count FROM block ORDER BY block.height",
    ),
    txs: await q(
      "SELECT sequence::text, encode(hash,'hex') h, height::text, md5(data) d FROM tx ORDER BY tx.sequence",
    ),
    accounts: await q(
      "SELECT encode(account,'hex') a, sequence::text, signer FROM tx_account ORDER BY tx_account.sequence, 1",
    ),
    types: await q("SELECT msg_type, sequence::text FROM tx_msg_type ORDER BY tx_msg_type.sequence, 1"),
    accountTypes: await q(
      "SELECT encode(account,'hex') a, msg_type, signer, sequence::text FROM tx_account_msg_type ORDER BY 4, 1, 2",
    ),
    totals: await q(
      "SELECT list, encode(account,'hex') a, key, n::text FROM list_total ORDER BY list_total.list, 2, 3",
    ),
  };
}

describe("ingestion end to end: node protocols -> derive -> Postgres", () => {
  const database = useTestDatabase();

  it("ingests every block and tx, survives a flaky node, and resumes without loss or duplicates", async () => {
    const { pool } = database().db;
    // Every 7th request fails with a 503: retries must absorb it without changing the data.
    const node = await startPayloadNode({
      payload: (h) => syntheticPayload(h, options),
      head: 60,
      failEvery: 7,
    });
    try {
      expect(await pipeline(node.url, pool, 25n)).toBe(25n);
      // A restart picks up at the checkpoint (here: a second run after a stop at 25).
      expect(await pipeline(node.url, pool, 60n)).toBe(60n);
      const got = await snapshot(pool);
      const expectedTxs = Array.from({ length: 60 }, (_, i) => options.txsPerBlock(i + 1)).reduce(
        (a, b) => a + b,
        0,
      );
      expect(got.blocks).toHaveLength(60);
      expect(got.txs).toHaveLength(expectedTxs);
      expect(got.txs.map((t) => t.sequence)).toEqual(
        Array.from({ length: expectedTxs }, (_, i) => String(i + 1)),
      );

      // The same chain ingested in one go, on a clean database table set, gives identical rows.
      await pool.query(
        "TRUNCATE block, tx, tx_account, tx_msg_type, tx_account_msg_type, list_total, ingest_checkpoint",
      );
      const clean = await startPayloadNode({ payload: (h) => syntheticPayload(h, options), head: 60 });
      try {
        await pipeline(clean.url, pool, 60n);
      } finally {
        await clean.close();
      }
      expect(await snapshot(pool)).toEqual(got);
    } finally {
      await node.close();
    }
  }, 60_000);
});
