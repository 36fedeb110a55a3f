/**
 * A fresh database per test file on the Postgres at WEFT_TEST_DATABASE_URL (default 127.0.0.1:5432)
 * when one answers, dropped afterwards; undefined otherwise, and the server then embeds PGlite.
 * Same policy as the server's own tests: a real Postgres is much faster to migrate and seed.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

const ADMIN_URL = process.env.WEFT_TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PROBE_TIMEOUT_MS = 1_500;

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: PROBE_TIMEOUT_MS });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates an empty database, or returns undefined when no Postgres is reachable. */
export async function createScratchDatabase(): Promise<ScratchDatabase | undefined> {
  const name = `weft_client_${process.pid}_${randomBytes(4).toString("hex")}`;
  try {
    await admin((c) => c.query(`CREATE DATABASE "${name}"`));
  } catch {
    return undefined;
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}
