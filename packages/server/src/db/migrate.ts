import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Logger } from "pino";

const here = path.dirname(fileURLToPath(import.meta.url));
/** Same depth from src/db and dist/db: packages/server/{src,dist}/db -> repo root. */
const PACKAGE_ROOT = path.resolve(here, "../..");
export const MIGRATIONS_DIR = path.resolve(PACKAGE_ROOT, "../../prisma/migrations");
const PRISMA_CONFIG = path.join(PACKAGE_ROOT, "prisma.config.ts");
const MIGRATE_TIMEOUT_MS = 120_000;
/**
 * Prisma's WASM schema engine keeps a 10 s timer alive after `migrate deploy` has finished and
 * printed its verdict. Once that verdict is out the migrations are committed, so we end the process
 * instead of waiting it out.
 */
const DONE_MARKERS = ["All migrations have been successfully applied", "No pending migrations to apply"];

/** Names of the committed migrations, in apply order. */
export function committedMigrations(): string[] {
  return readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/**
 * Applies every committed migration with `prisma migrate deploy` (the only migrate command that is
 * safe here and in production: it never resets or loses data).
 */
export async function migrateDatabase(url: string, logger: Logger): Promise<void> {
  const require = createRequire(import.meta.url);
  const cli = require.resolve("prisma/build/index.js");
  const started = Date.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [cli, "migrate", "deploy", "--config", PRISMA_CONFIG], {
      env: { ...process.env, DATABASE_URL: url, PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    let done = false;
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`prisma migrate deploy timed out after ${MIGRATE_TIMEOUT_MS} ms:\n${output}`));
    }, MIGRATE_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (!done && DONE_MARKERS.some((m) => output.includes(m))) {
        done = true;
        child.kill("SIGTERM");
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("error", reject);
    child.on("exit", (code) => {
      clearTimeout(timer);
      if (done || code === 0) resolve();
      else reject(new Error(`prisma migrate deploy failed (exit ${code}):\n${output.trim()}`));
    });
  });
  logger.info(
    { duration_ms: Date.now() - started, migrations: committedMigrations().length },
    "migrations applied",
  );
}
