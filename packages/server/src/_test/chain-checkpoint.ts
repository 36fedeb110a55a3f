import type pg from "pg";
import { chainSchemaName } from "../db/chain-schema.js";

/**
 * A chain's ingest checkpoint in its own schema (a chains-file deployment), or null until its schema
 * and first commit exist: what the many-chains tests wait on.
 */
export async function chainCheckpoint(pool: pg.Pool, chainId: string): Promise<number | null> {
  const { rows } = await pool
    .query<{ height: string }>(`SELECT height FROM ${chainSchemaName(chainId)}.ingest_checkpoint`)
    .catch(() => ({ rows: [] as { height: string }[] }));
  return rows[0] ? Number(rows[0].height) : null;
}
