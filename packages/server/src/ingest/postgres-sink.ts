/**
 * Writes derived blocks to Postgres. Invariant: the rows of block N and the checkpoint's move to N
 * are one atomic statement, and block N is accepted only right after N-1 (or as the first block), so
 * a crash or a second writer can neither lose nor duplicate a block.
 *
 * One round trip per block: a single statement of data-modifying CTEs advances the checkpoint (only
 * from N-1) and inserts every row, each insert selecting FROM that advance, so a refused advance
 * inserts nothing. The writer's own connection runs with asynchronous commit: a Postgres crash may
 * lose the last few commits, but then it loses their checkpoint with them and ingestion re-fetches
 * those blocks; nothing is duplicated or skipped, and no block waits for an fsync.
 *
 * EVM rows (txs, internal txs and their edges) ride in the same statement: their sequences continue
 * from counters kept on the checkpoint row, so they too are dense and advance only with the block.
 * NFT and rich-list rows ride in it as well (postgres-sink-nft.ts).
 */
import type pg from "pg";
import type { BlockBundle } from "./derive/derive-block.js";
import type { BlockSink } from "./ingest-loop.js";
import { NFT_AND_BALANCE_CTES, nftAndBalanceParams } from "./postgres-sink-nft.js";

export interface PostgresSinkOptions {
  pool: pg.Pool;
  chainId: string;
}

const WRITE_BLOCK_SQL = `
WITH cp AS (
  INSERT INTO ingest_checkpoint AS c
    (chain_id, height, tx_sequence, evm_tx_sequence, evm_internal_tx_sequence, updated_at)
  VALUES ($1, $2::bigint, $3::bigint, $18::bigint, $19::bigint, now())
  ON CONFLICT (chain_id) DO UPDATE
    SET height = EXCLUDED.height, tx_sequence = c.tx_sequence + $3::bigint,
        evm_tx_sequence = c.evm_tx_sequence + $18::bigint,
        evm_internal_tx_sequence = c.evm_internal_tx_sequence + $19::bigint, updated_at = now()
    WHERE c.height = EXCLUDED.height - 1
  RETURNING tx_sequence - $3::bigint AS base, evm_tx_sequence - $18::bigint AS evm_base,
            evm_internal_tx_sequence - $19::bigint AS itx_base
),
prev AS (SELECT timestamp FROM block WHERE height = $2::bigint - 1),
b AS (
  INSERT INTO block (height, hash, timestamp, block_time, proposer, gas_used, gas_wanted, tx_count, total_fee)
  SELECT $2::bigint, $4, to_timestamp($5::float8 / 1000),
         coalesce(greatest(0, round($5::float8 - extract(epoch FROM prev.timestamp) * 1000)), 0)::bigint,
         $6, $7::bigint, $8::bigint, $9::int, $10::jsonb
  FROM cp LEFT JOIN prev ON true
  RETURNING 1
),
t AS (
  INSERT INTO tx (sequence, hash, height, data)
  SELECT cp.base + x.ord, x.hash, $2::bigint, x.data
  FROM cp, unnest($11::bytea[], $12::text[]) WITH ORDINALITY AS x(hash, data, ord)
  RETURNING 1
),
a AS (
  INSERT INTO tx_account (account, sequence, signer)
  SELECT x.account, cp.base + x.idx, x.signer FROM cp, unnest($13::bytea[], $14::int[], $15::boolean[]) AS x(account, idx, signer)
  RETURNING 1
),
m AS (
  INSERT INTO tx_msg_type (msg_type, sequence)
  SELECT x.msg_type, cp.base + x.idx FROM cp, unnest($16::text[], $17::int[]) AS x(msg_type, idx)
  RETURNING 1
),
e AS (
  INSERT INTO evm_tx (sequence, hash, height, data)
  SELECT cp.evm_base + x.ord, x.hash, $2::bigint, x.data
  FROM cp, unnest($20::bytea[], $21::text[]) WITH ORDINALITY AS x(hash, data, ord)
  RETURNING 1
),
ea AS (
  INSERT INTO evm_tx_account (account, sequence, signer)
  SELECT x.account, cp.evm_base + x.idx, x.signer FROM cp, unnest($22::bytea[], $23::int[], $24::boolean[]) AS x(account, idx, signer)
  RETURNING 1
),
i AS (
  INSERT INTO evm_internal_tx (sequence, height, hash, index, parent_index, data)
  SELECT cp.itx_base + x.ord, $2::bigint, x.hash, x.idx, x.parent, x.data
  FROM cp, unnest($25::bytea[], $26::int[], $27::int[], $28::text[]) WITH ORDINALITY AS x(hash, idx, parent, data, ord)
  RETURNING 1
),
ia AS (
  INSERT INTO evm_internal_tx_account (account, sequence)
  SELECT x.account, cp.itx_base + x.n FROM cp, unnest($29::bytea[], $30::int[]) AS x(account, n)
  RETURNING 1
),${NFT_AND_BALANCE_CTES}
SELECT count(*)::text AS advanced FROM cp`;

/** Parameters $18..$30 of WRITE_BLOCK_SQL: the block's EVM rows as parallel arrays. */
function evmParams(bundle: BlockBundle): unknown[] {
  const accounts: Buffer[] = [];
  const accountTx: number[] = [];
  const signers: boolean[] = [];
  bundle.evmTxs.forEach((t, i) => {
    for (const a of t.accounts) {
      accounts.push(a.account);
      accountTx.push(i + 1);
      signers.push(a.signer);
    }
  });
  const internalAccounts: Buffer[] = [];
  const internalOf: number[] = [];
  bundle.evmInternalTxs.forEach((t, i) => {
    for (const a of t.accounts) {
      internalAccounts.push(a);
      internalOf.push(i + 1);
    }
  });
  const internal = bundle.evmInternalTxs;
  return [
    bundle.evmTxs.length,
    internal.length,
    bundle.evmTxs.map((t) => t.hash),
    bundle.evmTxs.map((t) => t.data),
    accounts,
    accountTx,
    signers,
    internal.map((t) => t.hash),
    internal.map((t) => t.index),
    internal.map((t) => t.parentIndex),
    internal.map((t) => t.data),
    internalAccounts,
    internalOf,
  ];
}

export function createPostgresSink(options: PostgresSinkOptions): BlockSink<BlockBundle> & { close(): void } {
  const { pool, chainId } = options;
  let connection: Promise<pg.PoolClient> | undefined;

  /** The writer's own connection, with asynchronous commit (see the module comment). */
  const writer = () => {
    connection ??= (async () => {
      const client = await pool.connect();
      try {
        await client.query("SET synchronous_commit = off");
      } catch (err) {
        client.release(err as Error);
        throw err;
      }
      return client;
    })();
    return connection;
  };
  const drop = (err: unknown) => {
    const current = connection;
    connection = undefined;
    void current
      ?.then((c) => c.release(err instanceof Error ? err : new Error(String(err))))
      .catch(() => undefined);
  };

  const checkpoint = async () => {
    const { rows } = await pool.query<{ height: string }>(
      "SELECT height FROM ingest_checkpoint WHERE chain_id = $1",
      [chainId],
    );
    return rows[0] ? BigInt(rows[0].height) : null;
  };

  return {
    checkpoint,

    async write(height, bundle) {
      if (bundle.block.height !== height)
        throw new Error(`bundle of block ${bundle.block.height} offered as ${height}`);
      const b = bundle.block;
      const accounts: Buffer[] = [];
      const accountTx: number[] = [];
      const signers: boolean[] = [];
      const types: string[] = [];
      const typeTx: number[] = [];
      bundle.txs.forEach((t, i) => {
        for (const a of t.accounts) {
          accounts.push(a.account);
          accountTx.push(i + 1);
          signers.push(a.signer);
        }
        for (const type of t.msgTypes) {
          types.push(type);
          typeTx.push(i + 1);
        }
      });
      let rows: { advanced: string }[];
      try {
        const client = await writer();
        // A named statement: prepared once per connection, so the big CTE is not re-planned per block.
        ({ rows } = await client.query<{ advanced: string }>({
          name: "weft_write_block",
          text: WRITE_BLOCK_SQL,
          values: [
            chainId,
            String(height),
            bundle.txs.length,
            b.hash,
            b.timestampMs,
            b.proposer,
            String(b.gasUsed),
            String(b.gasWanted),
            b.txCount,
            JSON.stringify(b.totalFee),
            bundle.txs.map((t) => t.hash),
            bundle.txs.map((t) => t.data),
            accounts,
            accountTx,
            signers,
            types,
            typeTx,
            ...evmParams(bundle),
            ...nftAndBalanceParams(bundle),
          ],
        }));
      } catch (err) {
        drop(err);
        throw err;
      }
      if (rows[0]?.advanced !== "1") {
        throw new Error(
          `block ${height} does not follow the checkpoint ${(await checkpoint()) ?? "(none)"} of ${chainId}`,
        );
      }
    },

    close() {
      const current = connection;
      connection = undefined;
      void current?.then((c) => c.release()).catch(() => undefined);
    },
  };
}
