/**
 * A real Weft server in the test process, started before the file's tests and stopped after, with
 * the bundled `devnet` router registry (what `weft dev` serves). Its database is
 * WEFT_CLIENT_TEST_DATABASE_URL when set, else a scratch database on a reachable Postgres, else an
 * embedded PGlite. Returns a getter for its base URL, and its database (to seed it).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  createApp,
  type Database,
  listen,
  loadSpecDocument,
  openDatabase,
  type RunningServer,
} from "@weft/server";
import { pino } from "pino";
import { afterAll, beforeAll } from "vitest";
import { createScratchDatabase, type ScratchDatabase } from "./scratch-database.js";
import { loadBundledRegistry } from "./server-internals.js";

export interface InProcessWeft {
  (): string;
  /** The server's database (to seed it); throws before the server started. */
  database(): Database;
}

export interface InProcessWeftOptions {
  /** Response cache TTLs; tests that write data between reads turn it off. @default the server's */
  cacheTtlMs?: { list: number; item: number };
}

export function useInProcessWeft(options: InProcessWeftOptions = {}): InProcessWeft {
  const logger = pino({ level: "silent" });
  let db: Database | undefined;
  let server: RunningServer | undefined;
  let scratch: ScratchDatabase | undefined;
  let dataDir = "";
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "weft-client-"));
    const configured = process.env.WEFT_CLIENT_TEST_DATABASE_URL;
    scratch = configured ? undefined : await createScratchDatabase();
    db = await openDatabase({ url: configured ?? scratch?.url, dataDir, logger });
    server = await listen({
      app: createApp({
        db,
        logger,
        spec: loadSpecDocument(),
        // Every answer is checked against the contract, so the client is tested against conforming bodies.
        validateResponses: true,
        router: { registry: await loadBundledRegistry("devnet") },
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
    await db?.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const url = () => {
    if (!server) throw new Error("the in-process server is not started yet");
    return server.url;
  };
  return Object.assign(url, {
    database: () => {
      if (!db) throw new Error("the in-process server is not started yet");
      return db;
    },
  });
}
