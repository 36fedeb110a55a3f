/**
 * The tables the writer derives from a tx's edges in the same statement (`tx_account_msg_type`,
 * `list_total`), recomputed from the edges themselves: what an ingest test compares them with. A
 * block written twice, or a write that counted what it did not insert, shows as a difference.
 */
import type pg from "pg";

/** Every (list, account, key, n) the edge and balance tables imply. */
const EXPECTED_TOTALS = `
  SELECT 'tx' AS list, account, '' AS msg_type, count(*) AS n FROM tx_account GROUP BY account
  UNION ALL SELECT 'tx_signer', account, '', count(*) FROM tx_account WHERE signer GROUP BY account
  UNION ALL SELECT 'tx', ''::bytea, msg_type, count(*) FROM tx_msg_type GROUP BY msg_type
  UNION ALL SELECT 'tx', a.account, m.msg_type, count(*) FROM tx_account a JOIN tx_msg_type m USING (sequence)
    GROUP BY a.account, m.msg_type
  UNION ALL SELECT 'tx_signer', a.account, m.msg_type, count(*) FROM tx_account a JOIN tx_msg_type m USING (sequence)
    WHERE a.signer GROUP BY a.account, m.msg_type
  UNION ALL SELECT 'evm_tx', account, '', count(*) FROM evm_tx_account GROUP BY account
  UNION ALL SELECT 'evm_tx_signer', account, '', count(*) FROM evm_tx_account WHERE signer GROUP BY account
  UNION ALL SELECT 'evm_internal_tx', account, '', count(*) FROM evm_internal_tx_account GROUP BY account
  UNION ALL SELECT 'rich_list', ''::bytea, denom, count(*) FROM rich_list_balance WHERE amount > 0 GROUP BY denom`;

const EXPECTED_PAIRS = `SELECT a.account, m.msg_type, a.signer, a.sequence
  FROM tx_account a JOIN tx_msg_type m USING (sequence)`;

/** Rows in one set and not the other, both ways, as readable lines (empty when they agree). */
async function difference(pool: pg.Pool, name: string, stored: string, expected: string): Promise<string[]> {
  const { rows } = await pool.query<{ side: string; row: string }>(
    `(SELECT 'stored only' AS side, x::text AS row FROM ((${stored}) EXCEPT ALL (${expected})) x LIMIT 10)
     UNION ALL (SELECT 'expected only', x::text FROM ((${expected}) EXCEPT ALL (${stored})) x LIMIT 10)`,
  );
  return rows.map((r) => `${name}: ${r.side} ${r.row}`);
}

/** What differs between the derived tables and the edges they come from; [] when consistent. */
export async function derivedTableProblems(pool: pg.Pool): Promise<string[]> {
  return [
    ...(await difference(
      pool,
      "tx_account_msg_type",
      "SELECT account, msg_type, signer, sequence FROM tx_account_msg_type",
      EXPECTED_PAIRS,
    )),
    ...(await difference(
      pool,
      "list_total",
      // A rich list whose holders all left keeps its row at 0.
      "SELECT list, account, key, n FROM list_total WHERE n <> 0",
      EXPECTED_TOTALS,
    )),
  ];
}
