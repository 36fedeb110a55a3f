import { createChain, type Faults, startDevnetNode } from "@weft/devnet";
import type { Pool } from "pg";
import { describe, expect, it } from "vitest";
import { derivedTableProblems } from "../_test/derived-tables.js";
import { ingestDevnet } from "../_test/devnet-ingest.js";
import { useTestDatabase } from "../_test/test-database.js";
import { decodeAddress } from "../chain/addresses.js";

const BLOCKS = 500;
const FAULTY_BLOCKS = 200;

/**
 * Ingests `blocks` blocks of a seeded devnet serving `faults`, then compares every row with its
 * ground truth. `signal` is the test's own: when the test times out the ingest stops and lets go of
 * its writer lock, instead of running on in the worker and holding a pool client forever.
 */
async function ingestAndCompare(
  pool: Pool,
  signal: AbortSignal,
  blocks: number,
  faults: Partial<Faults>,
  rpcTimeoutMs?: number,
): Promise<void> {
  const chain = createChain({ seed: 42 });
  const node = await startDevnetNode({ chain, initialBlocks: blocks, faults });
  try {
    const last = await ingestDevnet({ db: { pool }, url: node.url, stopAt: blocks, rpcTimeoutMs, signal });
    expect(last).toBe(BigInt(blocks));
    const truth = Array.from({ length: blocks }, (_, i) => chain.truth(i + 1)).flat();
    const txs = await pool.query<{ hash: string; height: string; code: number }>(
      "SELECT upper(encode(hash,'hex')) AS hash, height::text, (data::json->>'code')::int AS code FROM tx ORDER BY tx.sequence",
    );
    expect(txs.rows).toEqual(truth.map((t) => ({ hash: t.hash, height: String(t.height), code: t.code })));
    const types = await pool.query<{ msg_type: string }>(
      "SELECT msg_type FROM tx_msg_type ORDER BY tx_msg_type.sequence",
    );
    expect(types.rows.map((r) => r.msg_type)).toEqual(truth.map((t) => t.msgType));
    // Every account the chain says a tx involves is an edge of it; the signer edge is flagged.
    const edges = await pool.query<{ account: string; sequence: string; signer: boolean }>(
      "SELECT encode(account,'hex') AS account, sequence::text, signer FROM tx_account",
    );
    const bySequence = new Map<string, { account: string; signer: boolean }[]>();
    for (const e of edges.rows) bySequence.set(e.sequence, [...(bySequence.get(e.sequence) ?? []), e]);
    truth.forEach((t, i) => {
      const got = bySequence.get(String(i + 1)) ?? [];
      for (const account of t.accounts) {
        const hex = decodeAddress(account, "init")?.toString("hex");
        expect(got.find((e) => e.account === hex)?.signer, `${t.hash} ${account}`).toBe(account === t.signer);
      }
    });
    // Rich list: from block 1 on an empty index, every balance is the node's bank balance at the
    // end (genesis, read at block 1, plus the coins the chain's txs moved after it).
    const balances = new Map<string, bigint>();
    for (const [address, amount] of chain.bank?.balances(blocks) ?? [])
      balances.set(`uinit/${decodeAddress(address, "init")?.toString("hex")}`, amount);
    const stored = await pool.query<{ key: string; amount: string }>(
      "SELECT denom || '/' || encode(account,'hex') AS key, amount::text FROM rich_list_balance WHERE amount <> 0 ORDER BY key",
    );
    expect(balances.size).toBeGreaterThan(3);
    expect(stored.rows).toEqual(
      [...balances]
        .filter(([, amount]) => amount !== 0n)
        .map(([key, amount]) => ({ key, amount: String(amount) }))
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
    );
    const blockCount = await pool.query<{ n: string }>("SELECT count(*)::text AS n FROM block");
    expect(blockCount.rows[0]?.n).toBe(String(blocks));
    // The account x type edges and the list totals agree with the edges they are derived from.
    expect(await derivedTableProblems(pool)).toEqual([]);
  } finally {
    await node.close();
  }
}

describe("devnet (seeded) -> weft ingest -> Postgres equals the devnet's ground truth", () => {
  describe("with 10% of node responses failing", () => {
    const database = useTestDatabase();
    it(`ingests ${BLOCKS} blocks, and every tx, edge, type and balance matches`, async ({ signal }) => {
      await ingestAndCompare(database().db.pool, signal, BLOCKS, { errorRate: 0.1 });
    }, 120_000);
  });

  describe("with 10% of node responses failing or never answered", () => {
    const database = useTestDatabase();
    it(`ingests ${FAULTY_BLOCKS} blocks (5% answered 500, 5% never answered, 200 ms per attempt), and every row matches`, async ({
      signal,
    }) => {
      await ingestAndCompare(
        database().db.pool,
        signal,
        FAULTY_BLOCKS,
        { errorRate: 0.05, timeoutRate: 0.05 },
        200,
      );
    }, 60_000);
  });
});
