/**
 * `weft serve` as the README runs it, without REST_URL: it says once, at startup, what the API
 * cannot tell without the node's REST and which setting gives it; given REST_URL it says nothing.
 * On a real Postgres with two workers, so "once" covers every process of the server.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startWeft } from "../_test/spawn-weft.js";
import { createScratchDatabase, realPostgresAvailable } from "../_test/test-database.js";
import { REST_URL_MISSING } from "./rest-url-warning.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The server's settings: a scratch Postgres with two workers when one answers, else the embedded one. */
async function database(): Promise<Record<string, string | undefined>> {
  if (await realPostgresAvailable())
    return { DATABASE_URL: (await createScratchDatabase()).url, WORKERS: "2" };
  const dir = mkdtempSync(path.join(tmpdir(), "weft-rest-url-"));
  dirs.push(dir);
  return { DATABASE_URL: undefined, WEFT_DATA_DIR: dir };
}

/** The warning lines a `weft serve` with `env` logs from its start to its stop. */
async function warningsOf(env: Record<string, string | undefined>): Promise<Record<string, unknown>[]> {
  const weft = await startWeft(["serve"], {
    PORT: "0",
    RPC_URL: undefined,
    REST_URL: undefined,
    LOG_FORMAT: "json",
    ...(await database()),
    ...env,
  });
  // Every process is serving once /health answers through the port; then the logs are all in.
  expect((await fetch(`${weft.url}/health`)).status).toBe(200);
  expect(await weft.stop()).toBe(0);
  return weft
    .stdout()
    .split("\n")
    .filter((line) => line.includes("REST_URL"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("weft serve without REST_URL", () => {
  it("warns once at startup, naming what is lost and the setting", async () => {
    const warnings = await warningsOf({});
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40, setting: "REST_URL", msg: REST_URL_MISSING });
    expect(REST_URL_MISSING).toMatch(/moniker.*REST_URL \(or --rest-url\).*http:\/\/node:1317/);
  }, 60_000);

  it("does not warn when REST_URL is set", async () => {
    expect(await warningsOf({ REST_URL: "http://127.0.0.1:1317" })).toEqual([]);
  }, 60_000);
});
