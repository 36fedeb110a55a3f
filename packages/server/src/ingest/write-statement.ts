/**
 * The one statement that writes consecutive blocks (one, or several committed together) and advances
 * the checkpoint past them: data-modifying CTEs that all select FROM the checkpoint advance `cp`, so
 * an advance refused (the first block does not follow the checkpoint) inserts nothing.
 *
 * Rows of all the blocks travel as parallel arrays, one array per column, so the statement's size
 * does not depend on how many blocks it carries. Sequences are dense: txs, EVM txs and internal txs
 * number on from counters kept on the checkpoint row, in block order then index order, so a write of
 * blocks 1..3 together and three writes of one block each store the very same rows.
 *
 * The statement holds only the parts its blocks have rows for: each CTE costs Postgres an executor
 * start and a table open even when its arrays are empty, and most blocks have no EVM or NFT rows
 * (dropping the empty parts doubled the writer's blocks/s on the devnet's Move chain). Each shape is
 * a named statement, planned once per connection; there are at most 8 shapes.
 */
import { COMMIT_CHANNEL } from "../db/commit-listener.js";
import { withArrayLiterals } from "./array-literal.js";
import type { BlockBundle } from "./derive/derive-block.js";
import { type WriteRows, writeRows } from "./write-rows.js";
import { balanceCtes, balanceParams, nftCtes, nftParams } from "./write-statement-nft.js";

/**
 * A column of JSON texts (the tx, EVM tx and internal tx documents, stored as text) as one text
 * parameter: the texts joined by U+001E, split back by `string_to_array`. JSON.stringify, which
 * makes every one of them, escapes every control character, so the separator never occurs inside
 * one. As a `text[]` parameter, node-postgres escaped every quote of every document into an array
 * literal (two regex passes over each, 4.4% of weft ingest's CPU on an EVM backfill); as a JSON
 * array (until 2026-11-27), Postgres parsed each document twice, `json_in` validating the parameter
 * and `json_array_elements` splitting it, 9% of the writer's backend CPU with grouped writes.
 */
const SEPARATOR_CODE = 0x1e;
const TEXT_SEPARATOR = String.fromCharCode(SEPARATOR_CODE);
const textsColumn = (param: string) => `string_to_array(${param}::text, chr(${SEPARATOR_CODE}))`;
function textsParam(texts: readonly string[]): string {
  // An empty text would vanish from the split, shifting every later one onto the wrong row.
  for (const text of texts)
    if (text === "" || text.includes(TEXT_SEPARATOR))
      throw new Error(`a document to write is empty or holds U+001E: ${JSON.stringify(text.slice(0, 80))}`);
  return texts.join(TEXT_SEPARATOR);
}

/**
 * Adds one to `list_total` per `(list, account, key)` row of `edges` (a SELECT of those three
 * columns), grouped so each total is updated once; from `cp`, so a refused advance counts nothing.
 */
const totalsCte = (name: string, edges: string) => `${name} AS (
  INSERT INTO list_total AS l (list, account, key, n)
  SELECT e.list, e.account, e.key, count(*) FROM cp, (${edges}) e
  GROUP BY e.list, e.account, e.key
  ON CONFLICT (list, account, key) DO UPDATE SET n = l.n + EXCLUDED.n
  RETURNING 1
)`;

/**
 * Checkpoint advance, blocks, txs and their edges: every write has them. Parameters $1..$22.
 *
 * Times are the reference's: stored to the microsecond (BlockRow.timestamp, sent as exact text), and
 * block_time is the whole milliseconds since the previous block, truncated (Go's
 * `Duration.Milliseconds()`; the reference subtracts the stored previous time from the node's, and
 * with the previous time whole microseconds that truncation equals this one of stored times).
 */
const CORE_CTES = `
cp AS (
  INSERT INTO ingest_checkpoint AS c
    (chain_id, height, tx_sequence, evm_tx_sequence, evm_internal_tx_sequence, updated_at)
  VALUES ($1, $3::bigint, $4::bigint, $5::bigint, $6::bigint, now())
  ON CONFLICT (chain_id) DO UPDATE
    SET height = EXCLUDED.height, tx_sequence = c.tx_sequence + $4::bigint,
        evm_tx_sequence = c.evm_tx_sequence + $5::bigint,
        evm_internal_tx_sequence = c.evm_internal_tx_sequence + $6::bigint, updated_at = now()
    WHERE c.height = $2::bigint - 1
  RETURNING tx_sequence - $4::bigint AS base, evm_tx_sequence - $5::bigint AS evm_base,
            evm_internal_tx_sequence - $6::bigint AS itx_base
),
prev AS (SELECT timestamp AS ts FROM block WHERE height = $2::bigint - 1),
b AS (
  INSERT INTO block (height, hash, timestamp, block_time, proposer, gas_used, gas_wanted, tx_count, total_fee)
  SELECT x.h, x.hash, x.ts,
         coalesce(greatest(0, trunc(extract(epoch FROM x.ts - coalesce(x.prev_ts, prev.ts)) * 1000)), 0)::bigint,
         x.p, x.gu, x.gw, x.n, x.fee::jsonb
  FROM cp LEFT JOIN prev ON true,
       (SELECT u.*, lag(u.ts) OVER (ORDER BY u.ord) AS prev_ts
        FROM unnest($7::bigint[], $8::bytea[], $9::timestamptz[], $10::bytea[], $11::bigint[], $12::bigint[], $13::int[], $14::text[])
          WITH ORDINALITY AS u(h, hash, ts, p, gu, gw, n, fee, ord)) x
  RETURNING 1
),
t AS (
  INSERT INTO tx (sequence, hash, height, data)
  SELECT cp.base + x.ord, x.hash, x.h, x.data
  FROM cp, unnest($15::bytea[], ${textsColumn("$16")}, $17::bigint[]) WITH ORDINALITY AS x(hash, data, h, ord)
  RETURNING 1
),
edges AS (SELECT * FROM unnest($18::bytea[], $19::int[], $20::boolean[]) AS x(account, idx, signer)),
types AS (SELECT * FROM unnest($21::text[], $22::int[]) AS x(msg_type, idx)),
pairs AS (SELECT e.account, e.signer, t.msg_type, e.idx FROM edges e JOIN types t ON t.idx = e.idx),
a AS (
  INSERT INTO tx_account (account, sequence, signer)
  SELECT e.account, cp.base + e.idx, e.signer FROM cp, edges e
  RETURNING 1
),
m AS (
  INSERT INTO tx_msg_type (msg_type, sequence)
  SELECT t.msg_type, cp.base + t.idx FROM cp, types t
  RETURNING 1
),
am AS (
  INSERT INTO tx_account_msg_type (account, msg_type, signer, sequence)
  SELECT p.account, p.msg_type, p.signer, cp.base + p.idx FROM cp, pairs p
  RETURNING 1
),
${totalsCte(
  "tot",
  `SELECT 'tx' AS list, account, '' AS key FROM edges
    UNION ALL SELECT 'tx_signer', account, '' FROM edges WHERE signer
    UNION ALL SELECT 'tx', ''::bytea, msg_type FROM types
    UNION ALL SELECT 'tx', account, msg_type FROM pairs
    UNION ALL SELECT 'tx_signer', account, msg_type FROM pairs WHERE signer`,
)}`;

/** EVM txs, internal txs and their edges; arrays from `$first` (evmParams order). */
const evmCtes = (first: number) => {
  const p = (n: number) => `$${first + n}`;
  return `
e AS (
  INSERT INTO evm_tx (sequence, hash, height, data)
  SELECT cp.evm_base + x.ord, x.hash, x.h, x.data
  FROM cp, unnest(${p(0)}::bytea[], ${textsColumn(p(1))}, ${p(2)}::bigint[]) WITH ORDINALITY AS x(hash, data, h, ord)
  RETURNING 1
),
ea AS (
  INSERT INTO evm_tx_account (account, sequence, signer)
  SELECT x.account, cp.evm_base + x.idx, x.signer FROM cp, unnest(${p(3)}::bytea[], ${p(4)}::int[], ${p(5)}::boolean[]) AS x(account, idx, signer)
  RETURNING 1
),
i AS (
  INSERT INTO evm_internal_tx (sequence, height, hash, index, parent_index, data)
  SELECT cp.itx_base + x.ord, x.h, x.hash, x.idx, x.parent, x.data
  FROM cp, unnest(${p(6)}::bytea[], ${p(7)}::int[], ${p(8)}::int[], ${textsColumn(p(9))}, ${p(10)}::bigint[])
    WITH ORDINALITY AS x(hash, idx, parent, data, h, ord)
  RETURNING 1
),
ia AS (
  INSERT INTO evm_internal_tx_account (account, sequence)
  SELECT x.account, cp.itx_base + x.n FROM cp, unnest(${p(11)}::bytea[], ${p(12)}::int[]) AS x(account, n)
  RETURNING 1
),
${totalsCte(
  "etot",
  `SELECT 'evm_tx' AS list, x.account, '' AS key FROM unnest(${p(3)}::bytea[]) AS x(account)
    UNION ALL SELECT 'evm_tx_signer', x.account, '' FROM unnest(${p(3)}::bytea[], ${p(5)}::boolean[]) AS x(account, signer) WHERE x.signer
    UNION ALL SELECT 'evm_internal_tx', x.account, '' FROM unnest(${p(11)}::bytea[]) AS x(account)`,
)}`;
};

/** Parameters $1..$22 of CORE_CTES. */
function coreParams(chainId: string, rows: WriteRows): unknown[] {
  const { bundles } = rows;
  const first = bundles[0];
  const last = bundles.at(-1);
  if (!first || !last) throw new Error("a write needs at least one block");
  const blocks = bundles.map((b) => b.block);
  const accounts: Buffer[] = [];
  const accountTx: number[] = [];
  const signers: boolean[] = [];
  const types: string[] = [];
  const typeTx: number[] = [];
  const hashes: Buffer[] = [];
  const data: string[] = [];
  let evmTxs = 0;
  let internalTxs = 0;
  for (const bundle of bundles) {
    evmTxs += bundle.evmTxs.length;
    internalTxs += bundle.evmInternalTxs.length;
    for (const t of bundle.txs) {
      hashes.push(t.hash);
      data.push(t.data);
      const ordinal = hashes.length; // 1-based, as WITH ORDINALITY numbers the tx rows
      for (const a of t.accounts) {
        accounts.push(a.account);
        accountTx.push(ordinal);
        signers.push(a.signer);
      }
      for (const type of t.msgTypes) {
        types.push(type);
        typeTx.push(ordinal);
      }
    }
  }
  return [
    chainId,
    String(first.block.height),
    String(last.block.height),
    hashes.length,
    evmTxs,
    internalTxs,
    blocks.map((b) => String(b.height)),
    blocks.map((b) => b.hash),
    blocks.map((b) => b.timestamp),
    blocks.map((b) => b.proposer),
    blocks.map((b) => String(b.gasUsed)),
    blocks.map((b) => String(b.gasWanted)),
    blocks.map((b) => b.txCount),
    blocks.map((b) => JSON.stringify(b.totalFee)),
    hashes,
    textsParam(data),
    rows.txHeights,
    accounts,
    accountTx,
    signers,
    types,
    typeTx,
  ];
}

/** The EVM CTEs' parameters, in the order evmCtes numbers them. */
function evmParams({ bundles }: WriteRows): unknown[] {
  const cols = {
    hash: [] as Buffer[],
    data: [] as string[],
    height: [] as string[],
    account: [] as Buffer[],
    accountTx: [] as number[],
    signer: [] as boolean[],
    iHash: [] as Buffer[],
    iIndex: [] as number[],
    iParent: [] as number[],
    iData: [] as string[],
    iHeight: [] as string[],
    iAccount: [] as Buffer[],
    iAccountOf: [] as number[],
  };
  for (const bundle of bundles) {
    const height = String(bundle.block.height);
    for (const t of bundle.evmTxs) {
      cols.hash.push(t.hash);
      cols.data.push(t.data);
      cols.height.push(height);
      for (const a of t.accounts) {
        cols.account.push(a.account);
        cols.accountTx.push(cols.hash.length);
        cols.signer.push(a.signer);
      }
    }
    for (const t of bundle.evmInternalTxs) {
      cols.iHash.push(t.hash);
      cols.iIndex.push(t.index);
      cols.iParent.push(t.parentIndex);
      cols.iData.push(t.data);
      cols.iHeight.push(height);
      for (const a of t.accounts) {
        cols.iAccount.push(a);
        cols.iAccountOf.push(cols.iHash.length);
      }
    }
  }
  return Object.values({ ...cols, data: textsParam(cols.data), iData: textsParam(cols.iData) });
}

const PARTS: {
  has(rows: WriteRows): boolean;
  ctes(first: number): string;
  params(rows: WriteRows): unknown[];
}[] = [
  {
    has: ({ bundles }) => bundles.some((b) => b.evmTxs.length + b.evmInternalTxs.length > 0),
    ctes: evmCtes,
    params: evmParams,
  },
  {
    has: ({ nft }) =>
      nft.collections.length +
        nft.tokens.length +
        nft.burned.length +
        nft.objects.length +
        nft.txs.length +
        nft.objectTxs.length >
      0,
    ctes: nftCtes,
    params: nftParams,
  },
  { has: ({ balances }) => balances.length > 0, ctes: balanceCtes, params: balanceParams },
];

/**
 * Tells every API process listening (db/commit-listener.ts) that the chain's head moved, so `/status`
 * answers from memory and cached pages older than the new head are dropped.
 */
const NOTIFY_CTE = `n AS (
  SELECT pg_notify('${COMMIT_CHANNEL}', json_build_object('chain_id', $1::text, 'height', $3::bigint)::text) FROM cp
)`;

const texts = new Map<string, string>();

/** The named statement (its text cached per shape) and parameters writing `bundles` for `chainId`. */
export function writeStatement(
  chainId: string,
  bundles: BlockBundle[],
): { name: string; text: string; values: unknown[] } {
  const rows = writeRows(bundles);
  const present = PARTS.map((p) => p.has(rows));
  const name = `weft_write_blocks_${present.map(Number).join("")}`;
  const values = coreParams(chainId, rows);
  const ctes = [CORE_CTES];
  PARTS.forEach((part, i) => {
    if (!present[i]) return;
    ctes.push(part.ctes(values.length + 1));
    values.push(...part.params(rows));
  });
  let text = texts.get(name);
  if (!text) {
    // The notification is part of the statement's transaction: Postgres delivers it at commit,
    // and not at all when the advance was refused (`n` selects from `cp`). Joining `n` is what makes
    // Postgres run it (an unreferenced SELECT CTE is skipped); it has as many rows as `cp`.
    text = `WITH${ctes.join(",")},\n${NOTIFY_CTE}\nSELECT count(*)::text AS advanced FROM cp, n`;
    texts.set(name, text);
  }
  // Array literals built here, cheaper than node-postgres's builder (array-literal.ts).
  return { name, text, values: withArrayLiterals(values) };
}
