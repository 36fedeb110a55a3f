#!/usr/bin/env node
// Drift check: the committed migrations must produce exactly the schema in prisma/schema.prisma.
// Builds two throwaway databases on the Postgres at WEFT_TEST_DATABASE_URL (default 127.0.0.1:5432):
// one from the migrations, one from `migrate diff --from-empty --to-schema-datamodel`, and compares
// their `pg_dump --schema-only`. Never runs `migrate diff --from-migrations` (it writes to its target).
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

const here = path.dirname(new URL(import.meta.url).pathname);
const root = path.resolve(here, "../../..");
const migrationsDir = path.join(root, "prisma/migrations");
const admin = process.env.WEFT_TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const suffix = `${process.pid}_${Date.now()}`;
const names = { migrated: `weft_drift_migrated_${suffix}`, declared: `weft_drift_declared_${suffix}` };

function urlFor(db) {
  const u = new URL(admin);
  u.pathname = `/${db}`;
  return u.toString();
}

async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function schemaDump(db) {
  const u = new URL(urlFor(db));
  const out = spawnSync(
    "pg_dump",
    [
      "--schema-only",
      "--no-owner",
      "--no-privileges",
      "--exclude-table=_prisma_migrations",
      "-h",
      u.hostname,
      "-p",
      u.port || "5432",
      "-U",
      u.username || "postgres",
      db,
    ],
    { encoding: "utf8" },
  );
  if (out.status !== 0) throw new Error(`pg_dump failed: ${out.stderr}`);
  // Comments and SET lines carry nothing about the schema and differ between runs. Column order
  // differs legitimately (ALTER TABLE ADD COLUMN appends), so lines are compared as a sorted set
  // without their trailing commas.
  return out.stdout
    .split("\n")
    .map((l) => l.replace(/,$/, ""))
    .filter((l) => l.trim() && !/^(--|SET |SELECT pg_catalog|\\(un)?restrict )/.test(l))
    .sort()
    .join("\n");
}

await withClient(admin, async (c) => {
  await c.query(`CREATE DATABASE "${names.migrated}"`);
  await c.query(`CREATE DATABASE "${names.declared}"`);
});
let failed = false;
try {
  const migrations = readdirSync(migrationsDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  await withClient(urlFor(names.migrated), async (c) => {
    for (const m of migrations)
      await c.query(readFileSync(path.join(migrationsDir, m, "migration.sql"), "utf8"));
  });
  const diff = spawnSync(
    process.execPath,
    [
      path.join(here, "prisma.mjs"),
      "migrate",
      "diff",
      "--from-empty",
      "--to-schema-datamodel",
      path.join(root, "prisma/schema.prisma"),
      "--script",
    ],
    { encoding: "utf8", env: { ...process.env, DATABASE_URL: urlFor(names.declared) } },
  );
  if (diff.status !== 0) throw new Error(`prisma migrate diff failed: ${diff.stderr}`);
  // The CLI may print a banner line on stdout; keep only the SQL.
  const sql = diff.stdout
    .split("\n")
    .filter((l) => !l.startsWith("Loaded Prisma config"))
    .join("\n");
  await withClient(urlFor(names.declared), (c) => c.query(sql));
  const a = schemaDump(names.migrated);
  const b = schemaDump(names.declared);
  if (a !== b) {
    failed = true;
    const al = a.split("\n");
    const bl = b.split("\n");
    console.error("prisma/migrations do not produce prisma/schema.prisma. Lines only in one side:");
    for (const l of al.filter((x) => !bl.includes(x))) console.error(`  migrations: ${l}`);
    for (const l of bl.filter((x) => !al.includes(x))) console.error(`  schema:     ${l}`);
    console.error("Write a new migration (see prisma/README.md) instead of editing an applied one.");
  } else {
    console.log(`prisma: ${migrations.length} migration(s) produce schema.prisma exactly`);
  }
} finally {
  await withClient(admin, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS "${names.migrated}" WITH (FORCE)`);
    await c.query(`DROP DATABASE IF EXISTS "${names.declared}" WITH (FORCE)`);
  });
}
process.exit(failed ? 1 : 0);
