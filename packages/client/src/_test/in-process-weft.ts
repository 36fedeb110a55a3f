/**
 * A real Weft server in the test process, started before the file's tests and stopped after, with
 * the bundled `devnet` router registry (what `weft dev` serves). Its database is
 * WEFT_CLIENT_TEST_DATABASE_URL when set, else this file's clone of the run's migrated template on a
 * reachable Postgres, else an embedded PGlite (both from @weft/testkit). With `interchain`, it also
 * runs what `weft dev` runs for the router: the local interchain (real chains producing blocks, a
 * relayer and an OPinit executor), the registry bound to its nodes, and the transfer tracker, so a
 * broadcast transfer really completes and is reported.
 */
import { type Interchain, L1_CHAIN_ID, startInterchain } from "@weft/devnet";
import {
  createApp,
  type Database,
  listen,
  loadSpecDocument,
  openDatabase,
  type RunningServer,
} from "@weft/server";
import { type FileDatabase, openFileDatabase } from "@weft/testkit/use-scratch-database";
import { pino } from "pino";
import { afterAll, beforeAll } from "vitest";
import {
  createChainReader,
  createHttpJson,
  createTracker,
  loadRegistry,
  type Tracker,
} from "./server-internals.js";

export interface InProcessWeft {
  (): string;
  /** The server's database (to seed it); throws before the server started. */
  database(): Database;
  /** The local interchain; throws unless started with `interchain`. */
  interchain(): Interchain;
}

export interface InProcessWeftOptions {
  /** Response cache TTLs; tests that write data between reads turn it off. @default the server's */
  cacheTtlMs?: { list: number; item: number };
  interchain?: {
    /** Balances at genesis: chain id -> address -> denom -> amount. */
    genesis: Record<string, Record<string, Record<string, bigint>>>;
    /** Block time of every chain. @default 50 */
    blockIntervalMs?: number;
    /** The tracker abandons a tx not seen on chain this long after tracking. @default 5000 */
    submitWindowMs?: number;
  };
}

export function useInProcessWeft(options: InProcessWeftOptions = {}): InProcessWeft {
  const logger = pino({ level: "silent" });
  let db: Database | undefined;
  let server: RunningServer | undefined;
  let net: Interchain | undefined;
  let tracker: Tracker | undefined;
  let file: FileDatabase | undefined;
  beforeAll(async () => {
    const configured = process.env.WEFT_CLIENT_TEST_DATABASE_URL;
    // A configured database needs no clone: "pglite" asks the kit for the temp directory alone.
    file = await openFileDatabase(configured ? "pglite" : undefined);
    db = await openDatabase({ url: configured ?? file.url, dataDir: file.dataDir, logger });
    if (options.interchain) {
      net = await startInterchain({
        genesis: options.interchain.genesis,
        blockIntervalMs: options.interchain.blockIntervalMs ?? 50,
      });
    }
    const registry = loadRegistry("devnet", net ? { endpoints: net.urls } : {});
    if (net) {
      // Checks come quickly so a test does not wait on the tracker's production pacing.
      tracker = createTracker({
        pool: db.pool,
        registry,
        reader: createChainReader(registry, createHttpJson({ timeoutMs: 2_000, retries: 1 })),
        logger,
        pollMs: 20,
        recheckMs: 20,
        submitWindowMs: options.interchain?.submitWindowMs ?? 5_000,
      });
      tracker.start();
    }
    server = await listen({
      app: createApp({
        db,
        logger,
        spec: loadSpecDocument(),
        // Every answer is checked against the contract, so the client is tested against conforming bodies.
        validateResponses: true,
        // The devnet's L1, as `weft dev` serves it.
        chain: { chainId: L1_CHAIN_ID, prefix: "init", vmType: "move" },
        router: { registry },
        ...(options.cacheTtlMs ? { cacheTtlMs: options.cacheTtlMs } : {}),
      }),
      host: "127.0.0.1",
      port: 0,
      logger,
      shutdownTimeoutMs: 1_000,
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await tracker?.stop();
    await net?.close();
    await db?.close();
    await file?.dispose();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started`);
    return value;
  };
  return Object.assign(() => started(server, "the in-process server").url, {
    database: () => started(db, "the in-process server"),
    interchain: () => started(net, "the interchain (pass options.interchain)"),
  });
}
