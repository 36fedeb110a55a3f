import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createScratchDatabase, realPostgresAvailable, silentLogger } from "../_test/test-database.js";
import {
  loadMigrations,
  MIGRATIONS_DIR,
  type Migration,
  MigrationError,
  migrateDatabase,
} from "./migrate.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const REPO_MIGRATIONS = path.resolve(here, "../../../../prisma/migrations");
const PRISMA_CLI = path.resolve(here, "../../scripts/prisma.mjs");

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function recorded(url: string): Promise<{ migration_name: string; checksum: string }[]> {
  return withClient(url, async (c) => {
    const { rows } = await c.query<{ migration_name: string; checksum: string }>(
      "SELECT migration_name, checksum FROM _prisma_migrations ORDER BY migration_name",
    );
    return rows;
  });
}

/** The Prisma CLI (a dev dependency) on a database: what an operator's own tooling would see. */
function prisma(args: string[], url: string): { status: number | null; out: string } {
  const run = spawnSync(process.execPath, [PRISMA_CLI, ...args], {
    env: { ...process.env, DATABASE_URL: url },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

describe("the migrations the package ships", () => {
  it("are exactly prisma/migrations (scripts/bundle-migrations.mjs ran since they changed)", () => {
    const names = readdirSync(REPO_MIGRATIONS, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    const shipped = loadMigrations();
    expect(shipped.map((m) => m.name)).toEqual(names);
    for (const m of shipped) {
      expect(m.sql, m.name).toBe(readFileSync(path.join(REPO_MIGRATIONS, m.name, "migration.sql"), "utf8"));
    }
  });

  it("a package without them says what is missing", () => {
    expect(() => loadMigrations(path.join(MIGRATIONS_DIR, "absent"))).toThrow(
      /no migrations at .*absent: the package is incomplete/,
    );
  });
});

describe("the migration runner on a real Postgres", async () => {
  const available = await realPostgresAvailable();
  const runIf = it.runIf(available || process.env.CI === "true");

  runIf(
    "applies each migration once, records it as Prisma does, and is idempotent",
    async () => {
      const scratch = await createScratchDatabase();
      try {
        const migrations = loadMigrations();
        const first = await withClient(scratch.url, (c) => migrateDatabase(c, silentLogger));
        expect(first).toEqual({ applied: migrations.map((m) => m.name), alreadyApplied: 0 });
        const again = await withClient(scratch.url, (c) => migrateDatabase(c, silentLogger));
        expect(again).toEqual({ applied: [], alreadyApplied: migrations.length });
        expect(await recorded(scratch.url)).toEqual(
          migrations.map((m) => ({ migration_name: m.name, checksum: m.checksum })),
        );
        // The Prisma CLI agrees: nothing pending, nothing drifted.
        const status = prisma(["migrate", "status"], scratch.url);
        expect(status.out).toContain("Database schema is up to date!");
        expect(status.status).toBe(0);
      } finally {
        await scratch.drop();
      }
    },
    90_000,
  );

  runIf(
    "takes over a database the Prisma CLI migrated, applying only what is new",
    async () => {
      const scratch = await createScratchDatabase();
      try {
        const deployed = prisma(["migrate", "deploy"], scratch.url);
        expect(deployed.out).toContain("All migrations have been successfully applied");
        const result = await withClient(scratch.url, (c) => migrateDatabase(c, silentLogger));
        expect(result).toEqual({ applied: [], alreadyApplied: loadMigrations().length });

        // A migration newer than what Prisma applied is applied by the runner alone.
        const extra: Migration = {
          name: "99990101000000_extra",
          sql: "CREATE TABLE extra_probe (id INT PRIMARY KEY);",
          checksum: "0".repeat(64),
        };
        const more = await withClient(scratch.url, (c) =>
          migrateDatabase(c, silentLogger, { migrations: [...loadMigrations(), extra] }),
        );
        expect(more.applied).toEqual([extra.name]);
      } finally {
        await scratch.drop();
      }
    },
    90_000,
  );

  runIf(
    "rolls a failing migration back whole, records nothing, and names it",
    async () => {
      const scratch = await createScratchDatabase();
      try {
        const broken: Migration[] = [
          { name: "0001_ok", sql: "CREATE TABLE ok_probe (id INT);", checksum: "a".repeat(64) },
          {
            name: "0002_broken",
            sql: "CREATE TABLE half_probe (id INT);\nALTER TABLE no_such_table ADD COLUMN x INT;",
            checksum: "b".repeat(64),
          },
        ];
        const failure = await withClient(scratch.url, (c) =>
          migrateDatabase(c, silentLogger, { migrations: broken }).catch((e: unknown) => e),
        );
        expect(failure).toBeInstanceOf(MigrationError);
        expect((failure as Error).message).toBe(
          'migration 0002_broken failed and was rolled back: relation "no_such_table" does not exist',
        );
        const tables = await withClient(scratch.url, async (c) => {
          const { rows } = await c.query<{ t: string | null; h: string | null }>(
            "SELECT to_regclass('ok_probe')::text AS t, to_regclass('half_probe')::text AS h",
          );
          return rows[0];
        });
        // The migration before it stays applied; nothing of the failed one remains.
        expect(tables).toEqual({ t: "ok_probe", h: null });
        expect((await recorded(scratch.url)).map((r) => r.migration_name)).toEqual(["0001_ok"]);
      } finally {
        await scratch.drop();
      }
    },
    60_000,
  );

  runIf(
    "refuses a database where the Prisma CLI left a failed migration unresolved",
    async () => {
      const scratch = await createScratchDatabase();
      try {
        await withClient(scratch.url, (c) => migrateDatabase(c, silentLogger, { migrations: [] }));
        await withClient(scratch.url, (c) =>
          c.query(
            "INSERT INTO _prisma_migrations (id, checksum, migration_name, applied_steps_count) VALUES ('x', 'c', '0001_half', 0)",
          ),
        );
        const failure = await withClient(scratch.url, (c) =>
          migrateDatabase(c, silentLogger).catch((e: unknown) => e),
        );
        expect((failure as Error).message).toBe(
          "migration 0001_half failed earlier (recorded by the Prisma CLI) and is not resolved: " +
            "fix the database, then run `prisma migrate resolve --applied|--rolled-back 0001_half`",
        );
      } finally {
        await scratch.drop();
      }
    },
    60_000,
  );

  runIf(
    "replicas starting at once apply every migration exactly once",
    async () => {
      const scratch = await createScratchDatabase();
      try {
        const results = await Promise.all(
          [1, 2, 3].map(() => withClient(scratch.url, (c) => migrateDatabase(c, silentLogger))),
        );
        const total = loadMigrations().length;
        expect(results.map((r) => r.applied.length).sort()).toEqual([0, 0, total]);
        expect(await recorded(scratch.url)).toHaveLength(total);
      } finally {
        await scratch.drop();
      }
    },
    60_000,
  );
});
