/**
 * router_transfer rows: insert once per (chain, hash), read for /v2/tx/status, and the tracker's
 * claim/save cycle. A claim is a lease taken with FOR UPDATE SKIP LOCKED, so replicas split the due
 * rows between them; a save only lands while the saver still holds the lease.
 */
import type pg from "pg";
import type { Progress } from "./progress.js";

export interface TransferRow {
  id: string;
  chain_id: string;
  tx_hash: string;
  state: string;
  done: boolean;
  progress: Progress;
  created_at: Date;
  progressed_at: Date;
}

type Pool = Pick<pg.Pool, "query">;

/** Starts tracking; returns false when the transfer was already tracked (nothing changes then). */
export async function insertTransfer(pool: Pool, chainId: string, txHash: string): Promise<boolean> {
  const { rowCount } = await pool.query(
    `INSERT INTO router_transfer (chain_id, tx_hash, state, progress) VALUES ($1, $2, 'STATE_SUBMITTED', '{"hops":[]}')
     ON CONFLICT (chain_id, tx_hash) DO NOTHING`,
    [chainId, txHash],
  );
  return rowCount === 1;
}

export async function findTransfer(
  pool: Pool,
  chainId: string,
  txHash: string,
): Promise<TransferRow | undefined> {
  const { rows } = await pool.query<TransferRow>(
    `SELECT id::text, chain_id, tx_hash, state, done, progress, created_at, progressed_at
       FROM router_transfer WHERE chain_id = $1 AND tx_hash = $2`,
    [chainId, txHash],
  );
  return rows[0];
}

/** A claimed row, and whether its previous lease had run out (its holder never saved nor released it). */
export type ClaimedRow = TransferRow & { lease_expired: boolean };

/**
 * Leases up to `limit` due transfers to `owner` for `leaseMs`. A save or a release clears the lease,
 * so a due row whose claimed_until is still set was held by a tracker that died or hung: it is taken
 * over, and says so in `lease_expired`.
 */
export async function claimDue(
  pool: Pool,
  owner: string,
  leaseMs: number,
  limit: number,
): Promise<ClaimedRow[]> {
  const { rows } = await pool.query<ClaimedRow>(
    `WITH due AS (
       SELECT id, claimed_until IS NOT NULL AS lease_expired FROM router_transfer
        WHERE NOT done AND next_check_at <= now() AND (claimed_until IS NULL OR claimed_until < now())
        ORDER BY next_check_at LIMIT $3
        FOR UPDATE SKIP LOCKED)
     UPDATE router_transfer t SET claimed_by = $1, claimed_until = now() + make_interval(secs => $2::float8 / 1000)
       FROM due WHERE t.id = due.id
     RETURNING t.id::text, t.chain_id, t.tx_hash, t.state, t.done, t.progress, t.created_at, t.progressed_at,
               due.lease_expired`,
    [owner, leaseMs, limit],
  );
  return rows;
}

/**
 * Transfers due for a check now (not done, their time come, no live lease), counted up to `cap`:
 * a scrape must stay cheap however large the backlog grows.
 */
export async function countDue(pool: Pool, cap: number, timeoutMs: number): Promise<number> {
  const { rows } = await pool.query<{ n: number }>({
    text: `SELECT count(*)::int AS n FROM (
             SELECT 1 FROM router_transfer
              WHERE NOT done AND next_check_at <= now() AND (claimed_until IS NULL OR claimed_until < now())
              LIMIT $1) due`,
    values: [cap],
    query_timeout: timeoutMs,
  } as pg.QueryConfig);
  return rows[0]?.n ?? 0;
}

/** Saves a check's outcome and releases the lease; false when the lease was lost meanwhile. */
export async function saveCheck(
  pool: Pool,
  row: Pick<TransferRow, "id">,
  owner: string,
  outcome: { progress: Progress; state: string; done: boolean; moved: boolean; nextCheckInMs: number },
): Promise<boolean> {
  const { rowCount } = await pool.query(
    `UPDATE router_transfer
        SET progress = $3, state = $4, done = $5, updated_at = now(),
            progressed_at = CASE WHEN $6 THEN now() ELSE progressed_at END,
            next_check_at = now() + make_interval(secs => $7::float8 / 1000),
            checks = checks + 1, claimed_by = NULL, claimed_until = NULL
      WHERE id = $1 AND claimed_by = $2`,
    [
      row.id,
      owner,
      JSON.stringify(outcome.progress),
      outcome.state,
      outcome.done,
      outcome.moved,
      outcome.nextCheckInMs,
    ],
  );
  return rowCount === 1;
}

/** Gives a claimed row back without changes (a chain was unreachable), to retry after `retryInMs`. */
export async function releaseClaim(
  pool: Pool,
  row: Pick<TransferRow, "id">,
  owner: string,
  retryInMs: number,
): Promise<void> {
  await pool.query(
    `UPDATE router_transfer SET claimed_by = NULL, claimed_until = NULL,
            next_check_at = now() + make_interval(secs => $3::float8 / 1000)
      WHERE id = $1 AND claimed_by = $2`,
    [row.id, owner, retryInMs],
  );
}
