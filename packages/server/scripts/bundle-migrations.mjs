#!/usr/bin/env node
// Copies the committed migrations (prisma/migrations at the repository root) into this package's
// `migrations/`, which the package ships (package.json `files`): an install of @weft/server alone,
// outside the repository, migrates its database from there. Only each migration's migration.sql;
// the copy is replaced whole, so a removed or renamed migration never lingers.
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";

const here = path.dirname(new URL(import.meta.url).pathname);
const source = path.resolve(here, "../../../prisma/migrations");
const target = path.resolve(here, "../migrations");

if (!existsSync(source)) {
  console.error(`bundle-migrations: ${source} not found (run this from the repository)`);
  process.exit(1);
}
rmSync(target, { recursive: true, force: true });
const names = readdirSync(source, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
for (const name of names) {
  mkdirSync(path.join(target, name), { recursive: true });
  cpSync(path.join(source, name, "migration.sql"), path.join(target, name, "migration.sql"));
}
console.log(
  `bundle-migrations: ${names.length} migration(s) -> ${path.relative(process.cwd(), target) || "."}`,
);
