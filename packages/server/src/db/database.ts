import pg from "pg";
import type { Logger } from "pino";
import { classifyConnectError } from "./connect-error.js";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "./embedded-postgres.js";
import { committedMigrations, migrateDatabase } from "./migrate.js";

/** Connections per process: API reads are short; more would only queue inside Postgres. */
const POOL_MAX = 10;
const CONNECT_TIMEOUT_MS = 5_000;
/** Any single query longer than this is a bug or an overload; fail it rather than hold a connection. */
const STATEMENT_TIMEOUT_MS = 30_000;

/**
 * Every query is SQL over `pg`. Prisma owns the schema and its migrations (prisma/); its query client
 * is not in the runtime: the service's queries are keyset pages, row comparisons, advisory locks and
 * `FOR UPDATE SKIP LOCKED` leases that it cannot express, and where it could (a primary-key read) it
 * measured 2.8x the latency of the same query on `pg` (~500 vs ~180 us) and ~200 ms more to start.
 */
export interface Database {
  pool: pg.Pool;
  url: string;
  /** True when this process started its own PGlite. */
  embedded: boolean;
  close(): Promise<void>;
}

export interface MigrationStatus {
  applied: number;
  pending: string[];
}

/**
 * Opens the database: `url` when given (a real Postgres), otherwise an embedded PGlite under
 * `dataDir`. With `migrate` (the default) every committed migration is applied before returning.
 */
export async function openDatabase(options: {
  url?: string | undefined;
  dataDir: string;
  logger: Logger;
  migrate?: boolean;
  poolMax?: number;
  /** How long opening a connection may take. @default CONNECT_TIMEOUT_MS */
  connectTimeoutMs?: number;
  /** How long one query may take, measured by the client (a hung server included). */
  queryTimeoutMs?: number;
}): Promise<Database> {
  let embedded: EmbeddedPostgres | undefined;
  let url = options.url;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: options.dataDir });
    url = embedded.url;
    options.logger.info({ data_dir: options.dataDir }, "embedded Postgres (PGlite) started");
  }
  try {
    // One connection first, on its own: it names an unreachable database in one line before
    // anything else happens, and it carries the migrations (they hold an advisory lock).
    const first = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    });
    // A connection lost mid-migration fails the query in flight; the event must not crash the process.
    first.on("error", () => undefined);
    try {
      await first.connect();
    } catch (err) {
      await first.end().catch(() => undefined);
      throw classifyConnectError(err, url);
    }
    try {
      if (options.migrate ?? true) await migrateDatabase(first, options.logger);
    } finally {
      await first.end().catch(() => undefined);
    }
    const pool = new pg.Pool({
      connectionString: url,
      // PGlite runs one query at a time for every connection: more sockets only add queueing.
      max: embedded ? 4 : (options.poolMax ?? POOL_MAX),
      connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      statement_timeout: embedded ? undefined : STATEMENT_TIMEOUT_MS,
    });
    pool.on("error", (err) => options.logger.warn({ err }, "idle database connection failed"));
    return {
      pool,
      url,
      embedded: Boolean(embedded),
      async close() {
        await pool.end();
        await embedded?.close();
      },
    };
  } catch (err) {
    await embedded?.close();
    throw err;
  }
}

/** Which committed migrations the database has recorded as applied (readiness, `weft migrate`). */
export async function migrationStatus(pool: pg.Pool): Promise<MigrationStatus> {
  const committed = committedMigrations();
  const exists = await pool.query<{ present: boolean }>(
    "SELECT to_regclass('public._prisma_migrations') IS NOT NULL AS present",
  );
  if (!exists.rows[0]?.present) return { applied: 0, pending: committed };
  const { rows } = await pool.query<{ migration_name: string }>(
    "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL",
  );
  const applied = new Set(rows.map((r) => r.migration_name));
  return { applied: applied.size, pending: committed.filter((m) => !applied.has(m)) };
}
