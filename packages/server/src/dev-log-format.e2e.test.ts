/**
 * `weft dev`'s output as its settings choose it: readable lines without the access log's line per
 * request (LOG_FORMAT=pretty, what `auto` picks on a terminal), or JSON lines, one per request, as
 * log collectors read them (a pipe, as here, under `auto`). logger.test.ts holds `auto` to the
 * stream's being a terminal.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startWeft } from "./_test/spawn-weft.js";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const REQUESTS = 20;

/** `weft dev` with `env`, asked REQUESTS times, stopped: its stdout lines. */
async function devOutput(env: Record<string, string>): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), "weft-dev-log-"));
  dirs.push(dir);
  const weft = await startWeft(["dev"], { PORT: "0", DATABASE_URL: undefined, WEFT_DATA_DIR: dir, ...env });
  for (let i = 0; i < REQUESTS; i++) expect((await fetch(`${weft.url}/health`)).status).toBe(200);
  // Ingestion catching up is the last thing its startup says.
  await weft.stdoutLine("lag", 30_000);
  expect(await weft.stop()).toBe(0);
  return weft.stdout().split("\n").filter(Boolean);
}

describe("weft dev's logs", () => {
  it("are readable lines without a line per request with LOG_FORMAT=pretty", async () => {
    const lines = await devOutput({ LOG_FORMAT: "pretty" });
    expect(lines.filter((l) => l.startsWith("{"))).toEqual([]);
    expect(lines.filter((l) => l.includes("/health"))).toEqual([]);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}starting the local interchain and the database/);
    expect(lines.some((l) => /INFO {2}weft is serving {2}url=http/.test(l))).toBe(true);
  }, 120_000);

  it("are JSON lines, one per request, on a pipe", async () => {
    const lines = await devOutput({});
    const parsed = lines.map((l) => JSON.parse(l) as { msg: string; req?: { url: string } });
    expect(parsed.filter((l) => l.msg === "request completed" && l.req?.url === "/health")).toHaveLength(
      REQUESTS,
    );
  }, 120_000);
});
