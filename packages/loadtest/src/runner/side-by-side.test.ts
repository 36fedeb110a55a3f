import { execFile } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const here = path.dirname(fileURLToPath(import.meta.url));
const cli = path.resolve(here, "../../dist/runner/side-by-side.js");
const ACCOUNT = "init1qpqwgftwc5ae8h5498cumnelzf9rgxqhnjsvrx";

/** A tiny indexer: its height climbs one block per /status read; the other slower by `delayMs`. */
function fakeIndexer(delayMs: number) {
  let height = 0;
  const paths: string[] = [];
  const server = createServer((req, res) => {
    const u = new URL(req.url ?? "/", "http://x");
    paths.push(`${u.pathname}${u.search}`);
    const body =
      u.pathname === "/status"
        ? { height: ++height }
        : u.pathname === "/indexer/tx/v1/txs"
          ? {
              txs: [
                {
                  txhash: "AB".repeat(32),
                  tx: { body: { messages: [{ "@type": "/cosmos.bank.v1beta1.MsgSend" }] } },
                  events: [{ attributes: [{ key: "sender", value: ACCOUNT }] }],
                },
              ],
              pagination: { total: "1000" },
            }
          : u.pathname === "/indexer/block/v1/blocks"
            ? { blocks: [{ height: "1" }], pagination: { total: "500" } }
            : { ok: true };
    setTimeout(() => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(body));
    }, delayMs);
  });
  return { server, paths };
}

const run = (args: string[]) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [cli, ...args], { timeout: 120_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

const fast = fakeIndexer(0);
const slow = fakeIndexer(5);
const urlOf = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;

beforeAll(async () => {
  for (const s of [fast.server, slow.server]) {
    s.listen(0, "127.0.0.1");
    await new Promise((r) => s.once("listening", r));
  }
});
afterAll(async () => {
  for (const s of [fast.server, slow.server]) await new Promise<void>((r) => s.close(() => r()));
});

describe("weft-side-by-side", () => {
  it("times both ingesters to a height, then measures each request group on both with A's targets", async () => {
    const { code, stdout } = await run([
      "--a",
      urlOf(fast.server),
      "--b",
      urlOf(slow.server),
      "--names",
      "fast,slow",
      "--duration",
      "1",
      "--connections",
      "2",
      "--ingest-to",
      "3",
    ]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/Ingestion to height 3[\s\S]*\| fast +\|[\s\S]*\| slow +\|/);
    for (const group of ["lists", "filters", "an account's txs", "deep pages", "single items"])
      expect(stdout).toContain(`| ${group}`);
    // The slow side's p50 is at least its delay; both were asked the same URLs.
    const filters = stdout.split("\n").find((l) => l.startsWith("| filters")) ?? "";
    const [, , reqA, reqB] = filters.split("|").map((c) => c.trim());
    expect(Number(reqA)).toBeGreaterThan(Number(reqB));
    const asked = (paths: string[]) => new Set(paths.filter((p) => p.includes("is_signer=true")));
    expect(asked(slow.paths)).toEqual(asked(fast.paths));
    expect([...asked(fast.paths)][0]).toContain(ACCOUNT);
  }, 120_000);

  it("refuses a non-loopback deployment and bad numbers with exit 2 and the usage", async () => {
    const remote = await run(["--a", "http://example.com", "--b", urlOf(slow.server)]);
    expect(remote.code).toBe(2);
    expect(remote.stderr).toContain("usage: weft-side-by-side");
    const bad = await run(["--a", urlOf(fast.server), "--b", urlOf(slow.server), "--duration", "0"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--duration must be");
  });
});
