/**
 * The NFT and rich-list parts of the write statement (write-statement.ts): CTEs
 * that read `cp` (the checkpoint advance), so a refused advance writes none of them. Every CTE of one
 * statement sees the same snapshot, and a statement may change a row once, so:
 * - `nft-rows.ts` leaves each token of the write as exactly one upsert or delete;
 * - upserts are an UPDATE of the rows that exist plus an INSERT of those that do not (ON CONFLICT
 *   DO UPDATE could not tell "keep the stored name" from "set it"), which is sound because one writer
 *   holds the chain (writer-lock.ts) and the checkpoint guard serialises blocks. The INSERT skips the
 *   rows that exist by ON CONFLICT DO NOTHING, a lookup per row in the key's index, rather than NOT
 *   EXISTS: the writer keeps generic plans (postgres-sink.ts), and one planned on a small table
 *   answered NOT EXISTS by hashing the whole table on every write;
 * - a collection's count moves once, by the token rows the statement inserts minus those it
 *   deletes (RETURNING of the CTEs below), so `nft_count` always equals its live token rows, also
 *   for tokens first seen in a transfer (indexing from a later height, or logs without a mint).
 * Rich-list rows add the write's net delta per (denom, account).
 *
 * Each part numbers its parameters from `first`, where the composing statement puts them.
 */
import type { WriteRows } from "./write-rows.js";

/** The NFT CTEs, their arrays numbered from parameter `$first` (nftParams order). */
export const nftCtes = (first: number) => {
  const p = (n: number) => `$${first + n}`;
  // Height and time of the tx that last changed a row: the write may span several blocks.
  const heightOf = (tx: string) => `(${p(23)}::bigint[])[${tx} + 1]`;
  const timeOf = (tx: string) => `(${p(24)}::timestamptz[])[${tx} + 1]`;
  return `
nft_ob AS (
  DELETE FROM nft_token t USING cp, unnest(${p(12)}::bytea[], ${p(15)}::boolean[]) AS x(object, burned)
  WHERE x.burned AND t.object_addr = x.object
  RETURNING t.collection
),
nft_tok AS (
  SELECT * FROM unnest(${p(4)}::bytea[], ${p(5)}::text[], ${p(6)}::bytea[], ${p(7)}::text[], ${p(8)}::bytea[], ${p(9)}::int[])
    AS x(collection, token_id, owner, uri, object, tx)
),
nft_tu AS (
  UPDATE nft_token t SET owner = coalesce(x.owner, t.owner), uri = coalesce(x.uri, t.uri),
         object_addr = coalesce(x.object, t.object_addr), height = ${heightOf("x.tx")},
         timestamp = ${timeOf("x.tx")}, sequence = cp.base + x.tx + 1
  FROM cp, nft_tok x WHERE t.collection = x.collection AND t.token_id = x.token_id
  RETURNING 1
),
nft_ti AS (
  INSERT INTO nft_token (collection, token_id, object_addr, owner, uri, height, timestamp, sequence)
  SELECT x.collection, x.token_id, x.object,
         coalesce(x.owner, (SELECT c.creator FROM nft_collection c WHERE c.addr = x.collection), x.collection),
         coalesce(x.uri, ''), ${heightOf("x.tx")}, ${timeOf("x.tx")}, cp.base + x.tx + 1
  FROM cp, nft_tok x
  ON CONFLICT (collection, token_id) DO NOTHING
  RETURNING collection
),
nft_td AS (
  DELETE FROM nft_token t USING cp, unnest(${p(10)}::bytea[], ${p(11)}::text[]) AS x(collection, token_id)
  WHERE t.collection = x.collection AND t.token_id = x.token_id
  RETURNING t.collection
),
nft_ou AS (
  UPDATE nft_token t SET owner = coalesce(x.owner, t.owner), uri = coalesce(x.uri, t.uri), height = ${heightOf("x.tx")},
         timestamp = ${timeOf("x.tx")}, sequence = cp.base + x.tx + 1
  FROM cp, unnest(${p(12)}::bytea[], ${p(13)}::bytea[], ${p(14)}::text[], ${p(15)}::boolean[], ${p(16)}::int[])
    AS x(object, owner, uri, burned, tx)
  WHERE NOT x.burned AND t.object_addr = x.object
  RETURNING 1
),
nft_cx AS (
  SELECT addr, (array_agg(name) FILTER (WHERE name IS NOT NULL))[1] AS name,
         (array_agg(origin) FILTER (WHERE origin IS NOT NULL))[1] AS origin,
         (array_agg(creator) FILTER (WHERE creator IS NOT NULL))[1] AS creator, coalesce(min(tx), 0) AS tx,
         coalesce(bool_or(by_first), false) AS by_first, sum(delta)::bigint AS delta
  FROM (
    SELECT x.*, 0 AS delta
    FROM unnest(${p(0)}::bytea[], ${p(1)}::text[], ${p(2)}::text[], ${p(3)}::bytea[], ${p(22)}::int[], ${p(25)}::boolean[])
      AS x(addr, name, origin, creator, tx, by_first)
    UNION ALL SELECT collection, NULL, NULL, NULL, NULL, NULL, 1 FROM nft_ti
    UNION ALL SELECT collection, NULL, NULL, NULL, NULL, NULL, -1 FROM nft_td
    UNION ALL SELECT collection, NULL, NULL, NULL, NULL, NULL, -1 FROM nft_ob
  ) d GROUP BY addr
),
nft_cu AS (
  UPDATE nft_collection c SET name = coalesce(x.name, c.name), origin_name = coalesce(x.origin, c.origin_name),
         nft_count = greatest(c.nft_count + x.delta, 0)
  FROM cp, nft_cx x WHERE c.addr = x.addr
  RETURNING 1
),
nft_ci AS (
  INSERT INTO nft_collection (addr, name, origin_name, creator, height, timestamp, nft_count)
  SELECT x.addr, coalesce(x.name, ''), coalesce(x.origin, ''), coalesce(f.creator, x.creator, x.addr),
         coalesce(f.height, ${heightOf("x.tx")}), coalesce(f.ts, ${timeOf("x.tx")}), greatest(x.delta, 0)
  FROM cp, nft_cx x LEFT JOIN LATERAL (
    -- The first tx naming the address: in an earlier write (tx_account), else in this one (its edges,
    -- which this statement's snapshot cannot see in the table); its signer, height and block time.
    SELECT * FROM (
      (SELECT s.account AS creator, tx.height, bl.timestamp AS ts, a.sequence AS seq
       FROM tx_account a JOIN tx ON tx.sequence = a.sequence JOIN block bl ON bl.height = tx.height
         LEFT JOIN tx_account s ON s.sequence = a.sequence AND s.signer
       WHERE a.account = x.addr ORDER BY a.sequence LIMIT 1)
      UNION ALL
      (SELECT s.account, ${heightOf("e.idx - 1")}, ${timeOf("e.idx - 1")}, cp.base + e.idx
       FROM edges e LEFT JOIN edges s ON s.idx = e.idx AND s.signer
       WHERE e.account = x.addr ORDER BY e.idx LIMIT 1)
    ) u ORDER BY seq LIMIT 1
  ) f ON x.by_first
  ON CONFLICT (addr) DO NOTHING
  RETURNING 1
),
nft_e AS (
  INSERT INTO nft_tx (collection, token_id, sequence, height)
  SELECT x.collection, x.token_id, cp.base + x.tx + 1, ${heightOf("x.tx")}
  FROM cp, unnest(${p(17)}::bytea[], ${p(18)}::text[], ${p(19)}::int[]) AS x(collection, token_id, tx)
  UNION
  SELECT t.collection, t.token_id, cp.base + x.tx + 1, ${heightOf("x.tx")}
  FROM cp, unnest(${p(20)}::bytea[], ${p(21)}::int[]) AS x(object, tx) JOIN nft_token t ON t.object_addr = x.object
  ON CONFLICT DO NOTHING
  RETURNING 1
)`;
};

/**
 * The rich-list CTEs: add the write's net delta per (denom, account), arrays from `$first`, and move
 * each denom's holder total (`list_total`, `rich_list`) by the balances that crossed zero. Every CTE
 * of a statement reads the table as it was before the statement, so `b.amount` is the balance
 * before this write's delta (each (denom, account) comes once: the deltas are summed per write).
 */
export const balanceCtes = (first: number) => `
deltas AS (
  SELECT * FROM unnest($${first}::text[], $${first + 1}::bytea[], $${first + 2}::numeric[]) AS x(denom, account, amount)
),
rl AS (
  INSERT INTO rich_list_balance AS r (denom, account, amount)
  SELECT d.denom, d.account, d.amount FROM cp, deltas d
  ON CONFLICT (denom, account) DO UPDATE SET amount = r.amount + EXCLUDED.amount
  RETURNING 1
),
holders AS (
  INSERT INTO list_total AS l (list, account, key, n)
  SELECT 'rich_list', ''::bytea, d.denom,
    sum((coalesce(b.amount, 0) + d.amount > 0)::int - (coalesce(b.amount, 0) > 0)::int)
  FROM cp, deltas d LEFT JOIN rich_list_balance b ON b.denom = d.denom AND b.account = d.account
  GROUP BY d.denom
  ON CONFLICT (list, account, key) DO UPDATE SET n = l.n + EXCLUDED.n
  RETURNING 1
)`;

/** The NFT CTEs' parameters, in the order nftCtes numbers them. */
export function nftParams(rows: WriteRows): unknown[] {
  const { collections, tokens, burned, objects, txs, objectTxs } = rows.nft;
  return [
    collections.map((c) => c.addr),
    collections.map((c) => c.name),
    collections.map((c) => c.originName),
    collections.map((c) => c.creator),
    tokens.map((t) => t.collection),
    tokens.map((t) => t.tokenId),
    tokens.map((t) => t.owner),
    tokens.map((t) => t.uri),
    tokens.map((t) => t.object),
    tokens.map((t) => t.tx),
    burned.map((t) => t.collection),
    burned.map((t) => t.tokenId),
    objects.map((o) => o.object),
    objects.map((o) => o.owner),
    objects.map((o) => o.uri),
    objects.map((o) => o.burned),
    objects.map((o) => o.tx),
    txs.map((e) => e.collection),
    txs.map((e) => e.tokenId),
    txs.map((e) => e.tx),
    objectTxs.map((e) => e.object),
    objectTxs.map((e) => e.tx),
    collections.map((c) => c.tx),
    rows.txHeights,
    rows.txTimestamps,
    collections.map((c) => c.byFirstNamingTx),
  ];
}

/** The rich-list CTE's parameters. */
export const balanceParams = ({ balances }: WriteRows): unknown[] => [
  balances.map((b) => b.denom),
  balances.map((b) => b.account),
  balances.map((b) => b.amount.toString()),
];
