/**
 * Every table of a Weft database as a row count and a digest of its rows, comparable across two
 * databases: a run through faults must end equal to a clean run, table by table. Columns that record
 * when a row was written (not what the chain says) are left out.
 */
import pg from "pg";

/** Wall-clock columns: they differ between any two runs. */
const WRITE_TIME_COLUMNS = ["updated_at", "created_at", "progressed_at", "next_check_at", "claimed_until"];
/** Prisma's own bookkeeping: when each migration ran. */
const SKIPPED_TABLES = new Set(["_prisma_migrations"]);

export type TableDigests = Record<string, { rows: number; digest: string | null }>;

export async function tableDigests(url: string): Promise<TableDigests> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => undefined);
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
    );
    const without = WRITE_TIME_COLUMNS.map((c) => ` - '${c}'`).join("");
    const out: TableDigests = {};
    for (const { name } of tables) {
      if (SKIPPED_TABLES.has(name)) continue;
      // Each row as JSON text, sorted by that text: independent of physical order and of ids'
      // formatting, equal only when every column of every row is.
      const { rows } = await client.query<{ rows: number; digest: string | null }>(
        `SELECT count(*)::int AS rows, md5(string_agg(r, E'\\n' ORDER BY r)) AS digest
           FROM (SELECT (to_jsonb(t)${without})::text AS r FROM "${name}" t) x`,
      );
      out[name] = rows[0] ?? { rows: 0, digest: null };
    }
    return out;
  } finally {
    await client.end();
  }
}
