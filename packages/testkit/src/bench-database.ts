/**
 * Throwaway databases for benchmarks and the scenarios they share with tests, created next to an
 * explicit `adminUrl` (a bench's --admin-url) and dropped afterwards; scratch-database.ts is the
 * tests' own, through WEFT_TEST_DATABASE_URL and a migrated template.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export async function createScratchDatabase(
  adminUrl: string,
  tag: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `weft_bench_${tag}_${randomBytes(3).toString("hex")}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`CREATE DATABASE "${name}"`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/** The admin connection benchmarks use unless told otherwise. */
export const DEFAULT_ADMIN_URL =
  process.env.WEFT_TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
