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
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIndexerClient } from "./index.js";

const logger = pino({ level: "silent" });
let db: Database;
let server: RunningServer;
let dataDir: string;

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

describe("createIndexerClient against a real in-process server", () => {
  it("returns typed data for a success", async () => {
    const client = createIndexerClient({ baseUrl: `${server.url}/` });
    const { data, error, response } = await client.GET("/ready");
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(data?.migrations.pending).toBe(0);
  });

  it("returns the error envelope for a failure and sends custom headers", async () => {
    const seen: string[] = [];
    const client = createIndexerClient({
      baseUrl: server.url,
      headers: { "x-request-id": "client-test-1" },
      fetch: async (input: Request) => {
        seen.push(input.headers.get("x-request-id") ?? "");
        return fetch(input);
      },
    });
    const { data, error, response } = await client.GET("/health");
    expect(data).toEqual({ status: "ok" });
    expect(error).toBeUndefined();
    expect(response.headers.get("x-request-id")).toBe("client-test-1");
    expect(seen).toEqual(["client-test-1"]);
  });
});
