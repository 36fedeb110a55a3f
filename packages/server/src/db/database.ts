import pg from "pg";
import type { Logger } from "pino";
import { createDatabaseAvailability, type DatabaseAvailability } from "./availability.js";
import { checkSchemaName, DEFAULT_SCHEMA, searchPathOption } from "./chain-schema.js";
import { classifyConnectError } from "./connect-error.js";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "./embedded-postgres.js";
import { committedMigrations, migrateDatabase } from "./migrate.js";
import { createStatementNamer, type StatementNamer } from "./statement-names.js";
import { databaseUnavailability } from "./unavailable.js";

/** Connections per process: API reads are short; more would only queue inside Postgres. */
export const POOL_MAX = 10;
/** The CLI passes DATABASE_CONNECT_TIMEOUT_MS; this is for library callers and tests. */
const CONNECT_TIMEOUT_MS = 2_000;
/** Any single query longer than this is a bug or an overload; the server cancels it (SQLSTATE 57014). */
const STATEMENT_TIMEOUT_MS = 30_000;
/**
 * TCP keepalive on every connection: one idle across a partition (the ingest writer's lock, pooled
 * connections) is found dead by the kernel instead of looking open forever.
 */
const KEEPALIVE_INITIAL_DELAY_MS = 10_000;

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
  /**
   * How long getting a connection may take (opening one, or waiting for a free one in the pool).
   * @default CONNECT_TIMEOUT_MS
   */
  connectTimeoutMs?: number;
  /**
   * How long one `pool.query` may wait for its answer, measured by the client so that a silent
   * server (a partition) fails it too; its connection is then discarded. Connections checked out
   * with `pool.connect` (ingestion's writes and lock) have no client-side limit, only the server's
   * statement timeout. Real Postgres only. @default none (the CLI passes DATABASE_QUERY_TIMEOUT_MS)
   */
  queryTimeoutMs?: number;
  /**
   * Name parameterized queries so each connection prepares them once (statement-names.ts). Real
   * Postgres only: PGlite serves every socket from one session, where two connections preparing the
   * same name would collide. @default true
   */
  preparedStatements?: boolean;
  /**
   * The Postgres schema whose tables this database is (db/chain-schema.ts: one per chain when a
   * deployment indexes several): every connection resolves bare table names in it alone, and
   * `migrate` creates it and applies the migrations in it. Real Postgres only: PGlite serves every
   * connection from one session, where one connection's search_path would be every connection's.
   * @default DEFAULT_SCHEMA (public, as a one-chain deployment has always had it)
   */
  schema?: string;
}): Promise<Database> {
  const schema = options.schema === undefined ? undefined : checkSchemaName(options.schema);
  if (schema !== undefined && schema !== DEFAULT_SCHEMA && !options.url) {
    throw new Error(
      `schema ${schema}: a database of several schemas needs a real Postgres (DATABASE_URL); ` +
        "the embedded PGlite serves one session",
    );
  }
  let embedded: EmbeddedPostgres | undefined;
  let url = options.url;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: options.dataDir });
    url = embedded.url;
    options.logger.info({ data_dir: options.dataDir }, "embedded Postgres (PGlite) started");
  }
  try {
    const connectTimeoutMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
    // One connection first, on its own: it names an unreachable database in one line before
    // anything else happens, and it carries the migrations (they hold an advisory lock).
    const first = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: connectTimeoutMs,
      ...(schema === undefined ? {} : { options: searchPathOption(schema) }),
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
      if (schema !== undefined) await enterSchema(first, schema, options.migrate ?? true);
      if (options.migrate ?? true) await migrateDatabase(first, options.logger);
    } finally {
      await first.end().catch(() => undefined);
    }
    if (embedded) {
      // PGlite runs one query at a time for every connection: more sockets only add queueing. It is
      // in this process, so no timeouts and no breaker: it cannot be partitioned away.
      const pool = new pg.Pool({ connectionString: url, max: 4 });
      pool.on("error", (err) => options.logger.warn({ err }, "idle database connection failed"));
      const pglite = embedded;
      return {
        pool,
        url,
        embedded: true,
        async close() {
          await pool.end();
          await pglite.close();
        },
      };
    }
    const guarded = openGuardedPool({
      url,
      logger: options.logger,
      connectTimeoutMs,
      ...(options.poolMax === undefined ? {} : { poolMax: options.poolMax }),
      ...(options.queryTimeoutMs === undefined ? {} : { queryTimeoutMs: options.queryTimeoutMs }),
      ...(options.preparedStatements === undefined ? {} : { preparedStatements: options.preparedStatements }),
      ...(schema === undefined ? {} : { schema }),
    });
    return { pool: guarded.pool, url, embedded: false, close: guarded.close };
  } catch (err) {
    await embedded?.close();
    throw err;
  }
}

/** A pool of a real Postgres behind its own breaker (availability.ts), and how to close both. */
export interface GuardedPool {
  pool: pg.Pool;
  availability: DatabaseAvailability;
  close(): Promise<void>;
}

/**
 * The pool of a real Postgres as the service uses it: bounded connects, the server's statement
 * timeout, TCP keepalive, and every query and checkout through a breaker of its own (guardPool).
 * `openDatabase` opens the primary's; db/read-replicas.ts one per read replica.
 */
export function openGuardedPool(options: {
  url: string;
  logger: Logger;
  connectTimeoutMs: number;
  /** @default POOL_MAX */
  poolMax?: number;
  queryTimeoutMs?: number;
  /** Names the connections in pg_stat_activity. */
  applicationName?: string;
  /** Parameterized queries prepared once per connection (statement-names.ts). @default true */
  preparedStatements?: boolean;
  /** Bare table names resolve in this schema alone (db/chain-schema.ts). @default the server's search_path */
  schema?: string;
}): GuardedPool {
  const { url, connectTimeoutMs } = options;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax ?? POOL_MAX,
    connectionTimeoutMillis: connectTimeoutMs,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_INITIAL_DELAY_MS,
    ...(options.applicationName ? { application_name: options.applicationName } : {}),
    ...(options.schema === undefined ? {} : { options: searchPathOption(options.schema) }),
  });
  const availability = createDatabaseAvailability({
    logger: options.logger,
    probe: () => probeDatabase(url, connectTimeoutMs),
  });
  const namer = (options.preparedStatements ?? true) ? createStatementNamer() : undefined;
  guardPool(pool, availability, options.queryTimeoutMs, namer);
  return {
    pool,
    availability,
    async close() {
      availability.close();
      await pool.end();
    },
  };
}

/**
 * A schema not (fully) migrated where it was opened without migrating: absent, or migrations
 * pending (commands/serve-chains.ts). The process that migrates may just not have got to it yet.
 */
export class SchemaNotMigratedError extends Error {}

/**
 * Makes sure `client`, connected with `schema`'s search_path, resolves names in `schema`: creates the
 * schema when migrating, and fails when the startup option did not hold (a pooler in transaction
 * mode drops it; its connections would then read and write whatever schema they find first).
 */
async function enterSchema(client: pg.Client, schema: string, create: boolean): Promise<void> {
  if (create) await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  const { rows } = await client.query<{ schema: string | null }>("SELECT current_schema() AS schema");
  const current = rows[0]?.schema ?? null;
  if (current === schema) return;
  if (current === null)
    throw new SchemaNotMigratedError(`schema ${schema} does not exist: run \`weft migrate\` for it first`);
  throw new Error(
    `connections resolve names in schema ${current}, not ${schema}: the connection option ` +
      "search_path was not applied (a pooler in transaction mode drops it; connect directly or in session mode)",
  );
}

/** One fresh connection (never a pooled one, which may be stale) and `SELECT 1`, bounded in time. */
async function probeDatabase(url: string, timeoutMs: number): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
  });
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.query("SELECT 1");
  } finally {
    // Not awaited: ending a connection into a black hole waits for an answer that never comes.
    client.end().catch(() => undefined);
  }
}

/**
 * Routes the pool's `query` and `connect` through the breaker, so that every caller (handlers,
 * readiness, ingestion) fails fast during an outage without knowing about it. Besides:
 * - a connection opened before the last outage is discarded instead of reused: across a failover or
 *   a partition it may never answer again;
 * - `query` gets the client-side `queryTimeoutMs`, and discards its connection after a failure at
 *   the connection level only (pg-pool's own `query` discards it after any error, a constraint too);
 * - with a `namer`, a parameterized query runs as a named statement, prepared once per connection.
 *   A connection whose prepared statement no longer fits (a migration changed a table it reads, or
 *   a pooler dropped it) is discarded and the query runs again, unnamed: the caller never sees it.
 * Only the promise forms are served (this code base uses no callback forms).
 */
function guardPool(
  pool: pg.Pool,
  availability: DatabaseAvailability,
  queryTimeoutMs: number | undefined,
  namer: StatementNamer | undefined,
): void {
  const rawConnect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const born = new WeakMap<pg.Client, number>();
  pool.on("connect", (client) => born.set(client, availability.generation));
  pool.on("error", (err) => availability.idleError(err));

  const checkout = async (): Promise<pg.PoolClient> => {
    for (;;) {
      const client = await rawConnect();
      if ((born.get(client) ?? availability.generation) >= availability.generation) return client;
      client.release(new Error("opened before the database last went away"));
    }
  };

  const query = async (
    config: string | pg.QueryConfig,
    values?: unknown[],
    named = true,
  ): Promise<pg.QueryResult> => {
    const text: pg.QueryConfig & { query_timeout?: number } =
      typeof config === "string" ? { text: config, values } : { ...config, values: config.values ?? values };
    if (queryTimeoutMs) text.query_timeout = queryTimeoutMs;
    const name = named && namer && text.name === undefined ? namer(text.text, text.values) : undefined;
    if (name !== undefined) text.name = name;
    const client = await checkout();
    let broken: Error | undefined;
    // pg-pool listens for a checked-out client's errors no more: a connection lost mid-query would
    // be an unhandled 'error' event (a crash). The query itself fails with the same error.
    const onError = (err: Error) => {
      broken = err;
    };
    client.on("error", onError);
    try {
      return await client.query(text);
    } catch (err) {
      const stale = name !== undefined && isStalePreparedStatement(err);
      // A server-side error (constraint, syntax, cancel) leaves the connection in step; others do not.
      if (stale || !(err instanceof pg.DatabaseError) || databaseUnavailability(err)?.connectionLost)
        broken = err instanceof Error ? err : new Error(String(err));
      if (!stale) throw err;
    } finally {
      client.off("error", onError);
      client.release(broken);
    }
    return query(config, values, false);
  };

  pool.query = ((config: string | pg.QueryConfig, values?: unknown[]) =>
    availability.guard(() => query(config, values))) as typeof pool.query;
  pool.connect = (() => availability.guard(checkout)) as typeof pool.connect;
}

/**
 * A named statement the connection can no longer run as prepared: its result's columns changed
 * under it (SQLSTATE 0A000, "cached plan must not change result type") or it is gone (26000, e.g.
 * after a pooler's DISCARD ALL).
 */
function isStalePreparedStatement(err: unknown): boolean {
  return err instanceof pg.DatabaseError && (err.code === "0A000" || err.code === "26000");
}

/** Which committed migrations the database has recorded as applied (readiness, `weft migrate`). */
export async function migrationStatus(pool: pg.Pool): Promise<MigrationStatus> {
  const committed = committedMigrations();
  const exists = await pool.query<{ present: boolean }>(
    // Resolved like every other table name: in the pool's schema (db/chain-schema.ts), else public.
    "SELECT to_regclass('_prisma_migrations') IS NOT NULL AS present",
  );
  if (!exists.rows[0]?.present) return { applied: 0, pending: committed };
  const { rows } = await pool.query<{ migration_name: string }>(
    "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL",
  );
  const applied = new Set(rows.map((r) => r.migration_name));
  return { applied: applied.size, pending: committed.filter((m) => !applied.has(m)) };
}
