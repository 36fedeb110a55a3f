#!/usr/bin/env node
/**
 * `weft`: the one entry point that reads the environment, opens connections, listens and shuts down.
 */
import { Command, Option } from "commander";
import { readBuildInfo, versionLine } from "./build-info.js";
import { configOrExit, databaseOptions, ingestLoopOptions } from "./commands/command-config.js";
import { ingestChains } from "./commands/ingest-chains.js";
import { isWorker, serve, serveWorker } from "./commands/serve.js";
import { serveApp } from "./commands/serve-app.js";
import { watchStopSignals } from "./commands/stop-signals.js";
import { COMMANDS, type CommandName, SETTINGS, settingsOf } from "./config.js";
import { createChainHead } from "./db/chain-head.js";
import { migrationStatus, openDatabase } from "./db/database.js";
import { abandonPreviousTransfers, moveAside, planDevStart, sameBlockHash } from "./dev-resume.js";
import { createMetrics } from "./http/metrics.js";
import { createIngestStatus } from "./ingest/ingest-status.js";
import { runIngest } from "./ingest/run-ingest.js";
import { createLogger } from "./logger.js";
import { startIngestMonitor } from "./ops/ingest-monitor.js";

// A reader of stdout or stderr that went away (`weft serve | head`, a log shipper restarting) is no
// reason to stop: what would have been printed is lost, nothing else. Unhandled, the first line
// printed to a closed pipe was an uncaught EPIPE that ended the process.
for (const stream of [process.stdout, process.stderr]) stream.on("error", () => undefined);

/**
 * The local chains of `weft dev` are a development dependency: a production install of the server
 * (`pnpm deploy --prod`, the packed tarball) leaves them out, so they load only when asked for.
 */
async function loadDevnet(): Promise<typeof import("@weft/devnet")> {
  try {
    return await import("@weft/devnet");
  } catch (err) {
    if ((err as { code?: string }).code !== "ERR_MODULE_NOT_FOUND") throw err;
    process.stderr.write(
      "weft: `weft dev` needs the local devnet (@weft/devnet), which a production install leaves out; " +
        "run it from the repository (`npx pnpm@10 start`), or use `weft serve` and `weft ingest` here\n",
    );
    process.exit(2);
  }
}

/** `weft dev`: a short history to look at right away, then a block a second. */
const DEV_INITIAL_BLOCKS = 200;
const DEV_BLOCK_INTERVAL_MS = 1_000;

/** The flags of `name`: every setting that declares the command, with its default and variable. */
function addSettingOptions(command: Command, name: CommandName): Command {
  for (const key of settingsOf(name)) {
    const s = SETTINGS[key];
    const fallback = s.fallback === undefined ? "" : ` (default: ${s.fallback})`;
    command.addOption(new Option(`--${s.flag} <value>`, `${s.describe}${fallback} [env: ${s.env}]`));
  }
  return command;
}

async function ingest(opts: Record<string, unknown>): Promise<void> {
  const config = configOrExit(opts);
  const { chainsFile } = config;
  const logger = createLogger(config.logLevel, { format: config.logFormat });
  // Before the database opens (migrations may take seconds): a stop asked for during startup is a
  // clean stop too, not the default signal death.
  const controller = new AbortController();
  const stop = watchStopSignals();
  stop.addEventListener(
    "abort",
    () => {
      logger.info({ signal: stop.reason }, "stopping ingestion after the block in flight");
      controller.abort();
    },
    { once: true },
  );
  if (chainsFile)
    return ingestChains({ config: { ...config, chainsFile }, logger, signal: controller.signal });
  if (!config.rpcUrl) {
    process.stderr.write(
      "weft: ingest needs the node: set RPC_URL (or --rpc-url), and REST_URL when it differs; or CHAINS_FILE (--chains) for several chains\n",
    );
    process.exit(2);
  }
  if (config.vmType === "evm" && !config.jsonRpcUrl) {
    process.stderr.write(
      "weft: ingest of an EVM chain needs its JSON-RPC: set JSON_RPC_URL (or --json-rpc-url)\n",
    );
    process.exit(2);
  }
  // A database unreachable at startup stays a one-line exit (non-zero): nothing ran yet, and the
  // cause is most often a wrong DATABASE_URL, which waiting would only hide. Once running, every
  // database failure is retried instead (run-ingest.ts).
  const db = await openDatabase(databaseOptions(config, logger));
  const metrics = createMetrics();
  const status = createIngestStatus({
    registry: metrics.registry,
    stallTimeoutMs: config.ingestStallTimeoutMs,
  });
  const monitor =
    config.metricsPort === undefined
      ? undefined
      : await startIngestMonitor({
          registry: metrics.registry,
          db,
          ingestion: status,
          host: config.host,
          port: config.metricsPort,
          logger,
        }).catch(async (err: unknown) => {
          await db.close();
          throw new Error(`cannot serve METRICS_PORT ${config.metricsPort}: ${(err as Error).message}`);
        });
  if (monitor) logger.info({ url: monitor.url }, "ingest metrics, health and readiness served");
  try {
    if (controller.signal.aborted) return;
    await runIngest({
      db,
      logger,
      rpcUrl: config.rpcUrl,
      restUrl: config.restUrl ?? config.rpcUrl,
      restUrlSet: config.restUrl !== undefined,
      jsonRpcUrl: config.vmType === "evm" ? config.jsonRpcUrl : undefined,
      chainId: config.chainId,
      prefix: config.prefix,
      startHeight: BigInt(config.startHeight),
      ...ingestLoopOptions(config, logger),
      signal: controller.signal,
      tty: process.stderr.isTTY ? process.stderr : undefined,
      status,
    }).catch((err: unknown) => {
      // Stopped while still asking the node who it is: nothing was written, a clean stop.
      if (!controller.signal.aborted) throw err;
    });
  } finally {
    await monitor?.close();
    await db.close();
  }
}

/**
 * Everything on one machine for a first look: the local interchain (a seeded L1 and three more
 * chains with a relayer and an OPinit executor, a block a second), ingestion following the L1, and
 * both APIs (the router on the devnet registry bound to those chains), on the embedded database
 * unless DATABASE_URL is set.
 */
async function dev(opts: Record<string, unknown>, stop: AbortSignal): Promise<void> {
  const config = configOrExit(opts);
  const logger = createLogger(config.logLevel, { format: config.logFormat });
  // The local interchain: the router routes and tracks across all of it, and the indexer follows its
  // L1, or, with VM_TYPE=evm or wasm, a seeded minievm-like (EVM txs, receipts and traces) or
  // miniwasm-like (cw721 NFTs) chain of its own.
  const { createChain, L1_CHAIN_ID, startDevnetNode, startInterchain } = await loadDevnet();
  // The database opens (embedded Postgres, migrations) while the interchain starts. Said first: the
  // embedded database takes seconds to start (35 s seen on a busy machine), silent until now.
  logger.info(
    { database: config.databaseUrl ? "DATABASE_URL" : "embedded" },
    "starting the local interchain and the database",
  );
  const [net, opened] = await Promise.all([
    startInterchain({ blockIntervalMs: DEV_BLOCK_INTERVAL_MS }),
    openDatabase(databaseOptions(config, logger)),
  ]);
  let db = opened;
  net.produce(DEV_INITIAL_BLOCKS);
  const l1 = net.chains.get(L1_CHAIN_ID);
  if (!l1) throw new Error("the interchain has no L1");
  const vm = config.vmType;
  const ownNode =
    vm !== "move"
      ? await startDevnetNode({
          chain: createChain({
            seed: 1,
            chainId: config.chainId ?? `weft-devnet-${vm}-1`,
            prefix: config.prefix,
            vm,
          }),
          initialBlocks: DEV_INITIAL_BLOCKS,
          blockIntervalMs: DEV_BLOCK_INTERVAL_MS,
        })
      : undefined;
  const node = ownNode ?? l1.node;
  // A second start on the same data: replay the deterministic devnet to where the index stops (the
  // hashes agree, the data is kept), or start over when that is not the devnet's data (dev-resume.ts).
  let start = await planDevStart(db.pool, node.chain.chainId);
  if (start.kind === "resume") {
    const missing = Number(start.checkpoint) - node.head;
    if (missing > 0) {
      if (ownNode) ownNode.produceBlocks(missing);
      else net.produce(missing);
    }
    const hash = node.chain.block(Number(start.checkpoint)).block.block_id.hash;
    if (!(await sameBlockHash(db.pool, start.checkpoint, hash)))
      start = {
        kind: "start-over",
        reason: `its block ${start.checkpoint} is not the devnet's (another devnet version or seed made it)`,
      };
  }
  if (start.kind === "start-over") {
    // Never wipe a database the user pointed at: say so and stop.
    if (config.databaseUrl)
      throw new Error(
        `the devnet cannot be indexed into DATABASE_URL: ${start.reason}; use an empty database, or unset DATABASE_URL for the embedded one`,
      );
    await db.close();
    const aside = await moveAside(config.dataDir);
    db = await openDatabase(databaseOptions(config, logger));
    process.stderr.write(
      `weft: starting over on a fresh database: ${start.reason} (the previous data is kept in ${aside})\n`,
    );
  } else if (start.kind === "resume") {
    const abandoned = await abandonPreviousTransfers(db.pool);
    logger.info(
      { chain_id: node.chain.chainId, checkpoint: Number(start.checkpoint), abandoned_transfers: abandoned },
      "resuming the index: the devnet replayed its seeded chain up to the checkpoint",
    );
  }
  // One registry for the API's series and ingestion's, served on the app's /metrics.
  const metrics = createMetrics();
  // The API's head moves with ingestion's commits here: the embedded database notifies no one.
  const head = createChainHead();
  const status = createIngestStatus({
    registry: metrics.registry,
    stallTimeoutMs: config.ingestStallTimeoutMs,
    onCommit: (chainId, height) => head.advance(chainId, height),
  });
  const ingestion = new AbortController();
  // runIngest rides out database outages itself; it ends only on a stop or on what cannot heal
  // (another chain), which /ready then reports (INGEST_STALLED).
  const ingesting = runIngest({
    db,
    logger,
    rpcUrl: node.url,
    restUrl: node.url,
    jsonRpcUrl: node.chain.vm === "evm" ? node.url : undefined,
    chainId: node.chain.chainId,
    prefix: config.prefix,
    startHeight: 1n,
    ...ingestLoopOptions(config, logger),
    signal: ingestion.signal,
    status,
  }).catch((err: unknown) => logger.error({ err }, "ingestion stopped with an error"));
  await serveApp({
    config,
    db,
    logger,
    stop,
    chainId: node.chain.chainId,
    restUrl: node.url,
    defaultRegistry: { name: "devnet", endpoints: net.urls },
    metrics,
    ingestion: status,
    head,
    banner:
      `  indexing the local devnet ${node.chain.chainId} at ${node.url}, a new block every second; try\n` +
      `  /indexer/block/v1/blocks?pagination.limit=5\n` +
      `  routing between ${Object.keys(net.urls).join(", ")} (local interchain with relayer and OPinit executor); try\n` +
      `  /v2/info/chains\n`,
    onClosed: async () => {
      ingestion.abort();
      await ingesting;
      await db.close();
      await net.close();
      await ownNode?.close();
    },
  });
}

async function migrate(opts: Record<string, unknown>): Promise<void> {
  const config = configOrExit(opts);
  const logger = createLogger(config.logLevel, { format: config.logFormat });
  const db = await openDatabase(databaseOptions(config, logger));
  try {
    const status = await migrationStatus(db.pool);
    process.stderr.write(`weft: ${status.applied} migration(s) applied, ${status.pending.length} pending\n`);
  } finally {
    await db.close();
  }
}

const program = new Command("weft")
  .description("Weft: an Initia chain indexer and cross-chain transfer router, served over HTTP JSON.")
  // The build a bug report is about, without starting a server to ask its /status.
  .version(
    versionLine(readBuildInfo()),
    "-v, --version",
    "print the version and the commit it was built from",
  )
  .showHelpAfterError("(run `weft --help` for usage)")
  .addHelpText(
    "after",
    `
Examples:
  $ weft dev                                    # local devnet + ingestion + API, embedded database
  $ REST_URL=http://node:1317 weft serve        # embedded database under ./.weft-data, port 8080
  $ PORT=3000 REST_URL=http://node:1317 weft serve
  $ DATABASE_URL=postgres://user@db:5432/weft REST_URL=http://node:1317 weft serve --host 0.0.0.0
  $ DATABASE_URL=postgres://user@db:5432/weft weft migrate
  $ RPC_URL=http://node:26657 REST_URL=http://node:1317 weft ingest
  $ DATABASE_URL=postgres://user@db:5432/weft weft ingest --chains chains.json   # several chains

Every option can also be set by the environment variable shown beside it; flags win.`,
  );

program
  .command("serve")
  .description("apply pending migrations, then serve the indexer and router APIs")
  .action((opts: Record<string, unknown>) =>
    // node:cluster starts each HTTP worker as this same command line.
    isWorker() ? serveWorker(opts) : serve(opts, watchStopSignals()),
  );
program
  .command("ingest")
  .description(
    "index a chain from its node (CometBFT RPC + Cosmos REST) into the database, then follow its head",
  )
  .action((opts: Record<string, unknown>) => ingest(opts));
program
  .command("dev")
  .description("start a local devnet, ingest it and serve the APIs: live data on one machine, no setup")
  .action((opts: Record<string, unknown>) => dev(opts, watchStopSignals()));
program
  .command("migrate")
  .description("apply every committed database migration (never drops data), then exit")
  .action((opts: Record<string, unknown>) => migrate(opts));
// Each command's options (and their --help lines) are the settings that declare it (config.ts).
for (const command of program.commands) {
  const name = COMMANDS.find((c) => c === command.name());
  if (!name)
    throw new Error(`weft ${command.name()} is not in COMMANDS (config.ts): it would take no settings`);
  addSettingOptions(command, name);
}

program.parseAsync(process.argv).catch((err: unknown) => {
  // A library may reject with a plain object: print its fields rather than "[object Object]".
  const text =
    err instanceof Error ? err.message : typeof err === "object" ? JSON.stringify(err) : String(err);
  process.stderr.write(`weft: ${text}\n`);
  process.exit(1);
});
