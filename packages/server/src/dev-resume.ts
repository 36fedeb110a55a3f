/**
 * `weft dev` on a database that already indexes the devnet (a second `pnpm start` on one data dir).
 * The devnet is deterministic by seed: block N has the same hash (and seeded txs) every run, so
 * the devnet is replayed up to the checkpoint (about 0.3 ms a block) and ingestion goes on from
 * there: the data is kept and the hashes agree. A database that another chain filled, one too long
 * to replay quickly, or one whose block at the checkpoint is not the devnet's, is started over.
 */
import { rename } from "node:fs/promises";
import type pg from "pg";

/** Past this many indexed blocks (about 6 s of replay) `weft dev` starts over instead. */
export const DEV_REPLAY_MAX_BLOCKS = 20_000;

export type DevStart =
  /** Nothing indexed yet. */
  | { kind: "fresh" }
  /** Replay the devnet to `checkpoint`, then check the hash there (`sameBlockHash`). */
  | { kind: "resume"; checkpoint: bigint }
  /** `reason` finishes "starting over on a fresh database: ...". */
  | { kind: "start-over"; reason: string };

/** What the database holds, against the devnet chain `chainId` about to be indexed. */
export async function planDevStart(
  pool: pg.Pool,
  chainId: string,
  maxReplayBlocks = DEV_REPLAY_MAX_BLOCKS,
): Promise<DevStart> {
  const { rows } = await pool.query<{ chain_id: string; height: string }>(
    "SELECT chain_id, height FROM ingest_checkpoint ORDER BY updated_at DESC",
  );
  // One database indexes one chain (prisma/schema.prisma): another chain's rows would mix with ours.
  const other = rows.find((r) => r.chain_id !== chainId);
  if (other)
    return { kind: "start-over", reason: `the previous one indexes ${other.chain_id}, not ${chainId}` };
  const mine = rows[0];
  if (!mine) return { kind: "fresh" };
  const checkpoint = BigInt(mine.height);
  if (checkpoint > BigInt(maxReplayBlocks))
    return {
      kind: "start-over",
      reason: `the previous one holds ${checkpoint} blocks of ${chainId}, more than the devnet replays quickly (${maxReplayBlocks})`,
    };
  return { kind: "resume", checkpoint };
}

/** Whether the block stored at `height` has the hash `hash` (hex, any case). */
export async function sameBlockHash(pool: pg.Pool, height: bigint, hash: string): Promise<boolean> {
  const { rows } = await pool.query<{ hash: string }>(
    "SELECT encode(hash, 'hex') AS hash FROM block WHERE height = $1",
    [height.toString()],
  );
  return rows[0]?.hash.toUpperCase() === hash.toUpperCase();
}

/**
 * Transfers still tracked from the previous run name txs and packets the restarted devnet does not
 * have (its packet sequences start again, so a new packet could even pass for an old one): they end
 * as abandoned, with the reason. Returns how many.
 */
export async function abandonPreviousTransfers(pool: pg.Pool): Promise<number> {
  const { rowCount } = await pool.query(
    `UPDATE router_transfer
        SET done = true, state = 'STATE_ABANDONED', updated_at = now(),
            progress = jsonb_set(progress, '{abandoned}', to_jsonb($1::text))
      WHERE NOT done`,
    ["the devnet was restarted (weft dev); txs broadcast before the restart are not on it"],
  );
  return rowCount ?? 0;
}

/** Moves an embedded database's directory aside, never deleting it; returns where it went. */
export async function moveAside(dataDir: string, now = new Date()): Promise<string> {
  const aside = `${dataDir.replace(/[/\\]+$/, "")}.previous-${now.toISOString().replace(/[:.]/g, "-")}`;
  await rename(dataDir, aside);
  return aside;
}
