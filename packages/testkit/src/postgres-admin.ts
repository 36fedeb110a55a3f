/**
 * The Postgres the tests create their databases on: WEFT_TEST_DATABASE_URL (an admin connection,
 * default 127.0.0.1:5432 as postgres), and whether it answers. When it does not, tests fall back to an
 * embedded PGlite, except where WEFT_TEST_REQUIRE_POSTGRES=1 under CI=true says a real one must exist.
 */
import pg from "pg";

const PROBE_TIMEOUT_MS = 1_500;

/** The admin URL scratch and template databases are created through. */
export function adminUrl(): string {
  return process.env.WEFT_TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
}

/** `adminUrl()` with its database replaced by `name`. */
export function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `run` on a fresh admin connection, always closed afterwards. */
export async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: PROBE_TIMEOUT_MS });
  // A database dropped WITH (FORCE) elsewhere can end this session: that must not crash the worker.
  client.on("error", () => undefined);
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Whether CI demands the real Postgres (no silent fallback to PGlite). */
export function postgresRequired(): boolean {
  return process.env.CI === "true" && process.env.WEFT_TEST_REQUIRE_POSTGRES === "1";
}

/**
 * Whether a real Postgres answers at the admin URL. Throws instead of answering false when CI
 * requires one. Not cached across calls: callers that ask often keep the answer themselves.
 */
export async function probePostgres(): Promise<boolean> {
  try {
    await withAdmin((c) => c.query("SELECT 1"));
    return true;
  } catch {
    if (postgresRequired())
      throw new Error(`CI requires the Postgres at ${adminUrl()} but it is not reachable`);
    return false;
  }
}

let answered: Promise<boolean> | undefined;

/**
 * `probePostgres()` asked once per test file's module graph (vitest re-evaluates the kit for every
 * file): tests ask it to skip or branch, and one probe each is enough.
 */
export function realPostgresAvailable(): Promise<boolean> {
  answered ??= probePostgres();
  return answered;
}
