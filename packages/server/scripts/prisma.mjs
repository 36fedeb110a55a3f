#!/usr/bin/env node
// Runs the Prisma CLI the offline way: our prisma.config.ts (WASM schema engine over adapter-pg), and a
// DATABASE_URL always set, because Prisma 6 falls back to downloading a native engine when the
// schema's env("DATABASE_URL") cannot be resolved, even for `generate`, which never connects; and
// PRISMA_CLIENT_ENGINE_TYPE=client, because with no client generator in the schema the CLI would
// otherwise fetch the native query engine before any migrate command.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

const here = path.dirname(new URL(import.meta.url).pathname);
const require = createRequire(import.meta.url);
const cli = require.resolve("prisma/build/index.js");
const env = {
  ...process.env,
  DATABASE_URL: process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  PRISMA_CLIENT_ENGINE_TYPE: "client",
  PRISMA_HIDE_UPDATE_MESSAGE: "1",
  CHECKPOINT_DISABLE: "1",
};
const args = [cli, ...process.argv.slice(2), "--config", path.join(here, "../prisma.config.ts")];
const result = spawnSync(process.execPath, args, { stdio: "inherit", env });
process.exit(result.status ?? 1);
