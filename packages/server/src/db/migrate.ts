import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type pg from "pg";
import type { Logger } from "pino";

/**
 * The committed migrations as the package ships them: `scripts/bundle-migrations.mjs` copies
 * `prisma/migrations` here at generate/build time, so an install of the package alone (no repository
 * around it) migrates. Same depth from src/db and dist/db.
 */
export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../migrations");

/**
 * The advisory lock `prisma migrate deploy` takes: holding the same one means our runner, another
 * replica starting at the same moment, and an operator's Prisma CLI never migrate at once.
 */
const PRISMA_MIGRATE_LOCK = 72707369;

/** Prisma's own bookkeeping table, created the way the Prisma CLI creates it, so both read each other's. */
const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export interface Migration {
  name: string;
  sql: string;
  /** sha256 of the file, hex: what Prisma records in `_prisma_migrations.checksum`. */
  checksum: string;
}

export interface MigrateResult {
  applied: string[];
  alreadyApplied: number;
}

/** A migration that cannot be applied, or a database whose history forbids migrating. */
export class MigrationError extends Error {
  override name = "MigrationError";
}

function migrationsDir(dir?: string): string {
  const found = dir ?? MIGRATIONS_DIR;
  if (!existsSync(found)) {
    throw new MigrationError(
      `no migrations at ${found}: the package is incomplete (in the repository, run \`pnpm build\`)`,
    );
  }
  return found;
}

/** Names of the committed migrations, in apply order. */
export function committedMigrations(dir?: string): string[] {
  return readdirSync(migrationsDir(dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/** The committed migrations with their SQL and checksums, in apply order. */
export function loadMigrations(dir?: string): Migration[] {
  const root = migrationsDir(dir);
  return committedMigrations(root).map((name) => {
    const bytes = readFileSync(path.join(root, name, "migration.sql"));
    return { name, sql: bytes.toString("utf8"), checksum: createHash("sha256").update(bytes).digest("hex") };
  });
}

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

/**
 * Applies every committed migration not yet recorded, each in its own transaction together with its
 * `_prisma_migrations` row: a failure leaves the database as it was before that migration (Prisma's
 * CLI would leave a half-applied migration marked failed), and the next start retries it. Never
 * resets, drops or edits what is there; safe to run on every start and from several replicas at once.
 *
 * Compatible both ways with `prisma migrate deploy`: a database migrated by the Prisma CLI is
 * recognised, and the Prisma CLI sees ours as up to date (same table, names and checksums).
 */
export async function migrateDatabase(
  client: pg.ClientBase,
  logger: Logger,
  options: { migrations?: Migration[] } = {},
): Promise<MigrateResult> {
  const migrations = options.migrations ?? loadMigrations();
  const started = Date.now();
  await client.query("SELECT pg_advisory_lock($1)", [PRISMA_MIGRATE_LOCK]);
  try {
    await client.query(CREATE_MIGRATIONS_TABLE);
    const { rows } = await client.query<AppliedRow>(
      "SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations",
    );
    const failed = rows.find((r) => r.finished_at === null && r.rolled_back_at === null);
    if (failed) {
      throw new MigrationError(
        `migration ${failed.migration_name} failed earlier (recorded by the Prisma CLI) and is not resolved: ` +
          `fix the database, then run \`prisma migrate resolve --applied|--rolled-back ${failed.migration_name}\``,
      );
    }
    const applied = new Map(
      rows
        .filter((r) => r.finished_at !== null && r.rolled_back_at === null)
        .map((r) => [r.migration_name, r]),
    );
    const done: string[] = [];
    for (const m of migrations) {
      const row = applied.get(m.name);
      if (row) {
        // An applied migration is never re-run; an edited file only deserves a warning (Prisma's
        // `migrate deploy` ignores it too): the database already has what the original did.
        if (row.checksum !== m.checksum) {
          logger.warn(
            { migration: m.name },
            "an applied migration's file changed since; it is not re-applied",
          );
        }
        continue;
      }
      const t = Date.now();
      await client.query("BEGIN");
      try {
        await client.query(m.sql);
        await client.query(
          `INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, $4, now(), 1)`,
          [randomUUID(), m.checksum, m.name, new Date(t)],
        );
        await client.query("COMMIT");
      } catch (err) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw new MigrationError(
          `migration ${m.name} failed and was rolled back: ${(err as Error).message}`,
          { cause: err },
        );
      }
      done.push(m.name);
      logger.info({ migration: m.name, duration_ms: Date.now() - t }, "migration applied");
    }
    const unknown = [...applied.keys()].filter((n) => !migrations.some((m) => m.name === n));
    if (unknown.length > 0) {
      logger.warn(
        { migrations: unknown },
        "the database has migrations this version does not know: a newer Weft migrated it",
      );
    }
    logger.info(
      { duration_ms: Date.now() - started, applied: done.length, total: migrations.length },
      "migrations up to date",
    );
    return { applied: done, alreadyApplied: migrations.length - done.length };
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [PRISMA_MIGRATE_LOCK]).catch(() => undefined);
  }
}
