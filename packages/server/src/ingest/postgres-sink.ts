/**
 * Writes derived blocks to Postgres. Invariant: the rows of block N and the checkpoint's move to N
 * are one transaction, and block N is accepted only right after N-1 (or as the first block), so a
 * crash or a second writer can neither lose nor duplicate a block.
 */
import type pg from "pg";
import type { BlockBundle } from "./derive/derive-block.js";
import type { BlockSink } from "./ingest-loop.js";

export interface PostgresSinkOptions {
  pool: pg.Pool;
  chainId: string;
}

export function createPostgresSink(options: PostgresSinkOptions): BlockSink<BlockBundle> {
  const { pool, chainId } = options;
  return {
    async checkpoint() {
      const { rows } = await pool.query<{ height: string }>(
        "SELECT height FROM ingest_checkpoint WHERE chain_id = $1",
        [chainId],
      );
      return rows[0] ? BigInt(rows[0].height) : null;
    },

    async write(height, bundle) {
      if (bundle.block.height !== height)
        throw new Error(`bundle of block ${bundle.block.height} offered as ${height}`);
      const client = await pool.connect();
      try {
        // Asynchronous commit: the block and its checkpoint still commit atomically; only the last
        // few commits may be lost in a Postgres crash, and then the checkpoint is lost with them, so
        // ingestion re-fetches those blocks. Nothing is duplicated or skipped; no fsync wait per block.
        await client.query("BEGIN; SET LOCAL synchronous_commit = off");
        const cp = await client.query<{ height: string; tx_sequence: string }>(
          "SELECT height, tx_sequence FROM ingest_checkpoint WHERE chain_id = $1 FOR UPDATE",
          [chainId],
        );
        const last = cp.rows[0];
        if (last && BigInt(last.height) !== height - 1n) {
          throw new Error(`block ${height} does not follow the checkpoint ${last.height} of ${chainId}`);
        }
        const firstSequence = BigInt(last?.tx_sequence ?? "0") + 1n;
        const prev = await client.query<{ ms: string }>(
          "SELECT (extract(epoch FROM timestamp) * 1000)::bigint::text AS ms FROM block WHERE height = $1",
          [String(height - 1n)],
        );
        const prevMs = prev.rows[0] ? Number(prev.rows[0].ms) : undefined;
        const b = bundle.block;
        await client.query(
          `INSERT INTO block (height, hash, timestamp, block_time, proposer, gas_used, gas_wanted, tx_count, total_fee)
           VALUES ($1, $2, to_timestamp($3::double precision / 1000), $4, $5, $6, $7, $8, $9)`,
          [
            String(height),
            b.hash,
            b.timestampMs,
            prevMs === undefined ? 0 : Math.max(0, Math.round(b.timestampMs - prevMs)),
            b.proposer,
            String(b.gasUsed),
            String(b.gasWanted),
            b.txCount,
            JSON.stringify(b.totalFee),
          ],
        );
        if (bundle.txs.length > 0) {
          const sequences = bundle.txs.map((_, i) => String(firstSequence + BigInt(i)));
          await client.query(
            `INSERT INTO tx (sequence, hash, height, data)
             SELECT s, h, $3, d FROM unnest($1::bigint[], $2::bytea[], $4::text[]) AS t(s, h, d)`,
            [sequences, bundle.txs.map((t) => t.hash), String(height), bundle.txs.map((t) => t.data)],
          );
          const acc: { account: Buffer; sequence: string; signer: boolean }[] = [];
          const types: { msgType: string; sequence: string }[] = [];
          bundle.txs.forEach((t, i) => {
            const sequence = sequences[i] ?? "";
            for (const a of t.accounts) acc.push({ account: a.account, sequence, signer: a.signer });
            for (const m of t.msgTypes) types.push({ msgType: m, sequence });
          });
          if (acc.length > 0) {
            await client.query(
              `INSERT INTO tx_account (account, sequence, signer)
               SELECT * FROM unnest($1::bytea[], $2::bigint[], $3::boolean[])`,
              [acc.map((a) => a.account), acc.map((a) => a.sequence), acc.map((a) => a.signer)],
            );
          }
          if (types.length > 0) {
            await client.query(
              "INSERT INTO tx_msg_type (msg_type, sequence) SELECT * FROM unnest($1::text[], $2::bigint[])",
              [types.map((t) => t.msgType), types.map((t) => t.sequence)],
            );
          }
        }
        await client.query(
          `INSERT INTO ingest_checkpoint (chain_id, height, tx_sequence, updated_at) VALUES ($1, $2, $3, now())
           ON CONFLICT (chain_id) DO UPDATE SET height = EXCLUDED.height, tx_sequence = EXCLUDED.tx_sequence, updated_at = now()`,
          [chainId, String(height), String(firstSequence - 1n + BigInt(bundle.txs.length))],
        );
        await client.query("COMMIT");
      } catch (err) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
  };
}
