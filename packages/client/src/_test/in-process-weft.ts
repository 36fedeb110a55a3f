/**
 * A real Weft server in the test process (embedded database unless WEFT_CLIENT_TEST_DATABASE_URL is
 * set), started before the file's tests and stopped after. Returns a getter for its base URL.
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

export function useInProcessWeft(): () => string {
  const logger = pino({ level: "silent" });
  let db: Database | undefined;
  let server: RunningServer | undefined;
  let dataDir = "";
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "weft-client-"));
    db = await openDatabase({ url: process.env.WEFT_CLIENT_TEST_DATABASE_URL, dataDir, logger });
    server = await listen({
      app: createApp({ db, logger, spec: loadSpecDocument() }),
      host: "127.0.0.1",
      port: 0,
      logger,
      shutdownTimeoutMs: 1_000,
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return () => {
    if (!server) throw new Error("the in-process server is not started yet");
    return server.url;
  };
}
