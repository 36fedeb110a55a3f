#!/usr/bin/env node
/**
 * `weft`: the one entry point that reads the environment, opens connections, listens and shuts down.
 */
import { Command, Option } from "commander";
import { createApp } from "./app.js";
import { type Config, ConfigError, loadConfig, SETTINGS } from "./config.js";
import { migrationStatus, openDatabase } from "./db/database.js";
import { createLogger } from "./logger.js";
import { listen } from "./server.js";
import { loadSpecDocument } from "./spec-document.js";

type Flags = Record<string, string | undefined>;

function addSettingOptions(command: Command, keys: (keyof Config)[]): Command {
  for (const key of keys) {
    const s = SETTINGS[key];
    const fallback = s.fallback === undefined ? "" : ` (default: ${s.fallback})`;
    command.addOption(new Option(`--${s.flag} <value>`, `${s.describe}${fallback} [env: ${s.env}]`));
  }
  return command;
}

/** commander camel-cases flag names; our settings are keyed by the kebab-case flag. */
function kebabFlags(opts: Record<string, unknown>): Flags {
  const out: Flags = {};
  for (const [k, v] of Object.entries(opts)) {
    if (typeof v === "string") out[k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)] = v;
  }
  return out;
}

function configOrExit(opts: Record<string, unknown>): Config {
  try {
    return loadConfig(process.env, kebabFlags(opts));
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`weft: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
}

async function serve(opts: Record<string, unknown>): Promise<void> {
  const config = configOrExit(opts);
  const logger = createLogger(config.logLevel);
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, logger });
  const app = createApp({
    db,
    logger,
    spec: loadSpecDocument(),
    corsOrigins: config.corsOrigins,
    bodyLimit: config.bodyLimit,
  });
  const running = await listen({
    app,
    host: config.host,
    port: config.port,
    logger,
    shutdownTimeoutMs: config.shutdownTimeoutMs,
    onClosed: () => db.close(),
  });
  logger.info({ url: running.url, database: db.embedded ? "embedded" : "external" }, "weft is serving");
  // For people (and scripts) starting it by hand: the one line that says where to go.
  process.stderr.write(`\nWeft is serving on ${running.url}  (API reference: ${running.url}/docs)\n\n`);
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      logger.info({ signal }, "shutting down");
      running.stop().then(
        () => process.exit(0),
        (err: unknown) => {
          logger.error({ err }, "shutdown failed");
          process.exit(1);
        },
      );
    });
  }
}

async function migrate(opts: Record<string, unknown>): Promise<void> {
  const config = configOrExit(opts);
  const logger = createLogger(config.logLevel);
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, logger });
  try {
    const status = await migrationStatus(db.pool);
    process.stderr.write(`weft: ${status.applied} migration(s) applied, ${status.pending.length} pending\n`);
  } finally {
    await db.close();
  }
}

const program = new Command("weft")
  .description("Weft: an Initia chain indexer and cross-chain transfer router, served over HTTP JSON.")
  .showHelpAfterError("(run `weft --help` for usage)")
  .addHelpText(
    "after",
    `
Examples:
  $ weft serve                                  # embedded database under ./.weft-data, port 8080
  $ PORT=3000 weft serve
  $ DATABASE_URL=postgres://user@db:5432/weft weft serve --host 0.0.0.0
  $ DATABASE_URL=postgres://user@db:5432/weft weft migrate

Every option can also be set by the environment variable shown beside it; flags win.`,
  );

addSettingOptions(
  program
    .command("serve")
    .description("apply pending migrations, then serve the indexer and router APIs")
    .action((opts: Record<string, unknown>) => serve(opts)),
  ["host", "port", "databaseUrl", "dataDir", "logLevel", "corsOrigins", "bodyLimit", "shutdownTimeoutMs"],
);
addSettingOptions(
  program
    .command("migrate")
    .description("apply every committed database migration (never drops data), then exit")
    .action((opts: Record<string, unknown>) => migrate(opts)),
  ["databaseUrl", "dataDir", "logLevel"],
);

program.parseAsync(process.argv).catch((err: unknown) => {
  process.stderr.write(`weft: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
