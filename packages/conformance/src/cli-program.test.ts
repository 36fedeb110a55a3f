import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type BrokenServer, json, type Reply, startBrokenServer } from "./_test/broken-proxy.js";
import { EXIT_FAILED, EXIT_USAGE, runCli } from "./cli-program.js";
import type { ConformanceReport } from "./types.js";

const dirs: string[] = [];
const servers: BrokenServer[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  for (const s of servers.splice(0)) await s.close();
});

/** A real HTTP server answering every request by itself (it never forwards). */
async function serve(answer: (pathname: string) => Reply): Promise<string> {
  const server = await startBrokenServer("http://127.0.0.1:1", async (req) => answer(req.url.pathname));
  servers.push(server);
  return server.url;
}

const html = (status: number, body: string): Reply => ({
  status,
  contentType: "text/html; charset=utf-8",
  body: `<!doctype html><html><body>${body}</body></html>`,
});

/** A `/status` in shape: enough for the CLI to take a URL for an indexer. */
const STATUS = { version: "1", commit_hash: "unknown", chain_id: "c-1", height: 5 };

function io() {
  const out = { stdout: "", stderr: "" };
  return {
    out,
    io: {
      stdout: (t: string) => {
        out.stdout += t;
      },
      stderr: (t: string) => {
        out.stderr += t;
      },
      color: false,
    },
  };
}

describe("weft-conformance CLI", () => {
  it("exits 2 with a message on bad usage", async () => {
    const a = io();
    expect(await runCli(["node", "weft-conformance"], a.io)).toBe(EXIT_USAGE);
    expect(a.out.stderr).toContain("error: required option '--indexer-url <url>' not specified");
    const b = io();
    expect(await runCli(["node", "x", "--indexer-url", "http://a.test", "--only", "dex"], b.io)).toBe(
      EXIT_USAGE,
    );
    expect(b.out.stderr).toContain('unknown class "dex" (one of blocks, txs, evm, nft, richlist, router)');
  });

  it("says at once, in one line, that nothing answers at the URL, and exits 2 (no checks run)", async () => {
    const a = io();
    const started = Date.now();
    // Port 1 on loopback: nothing listens there, the connection is refused at once.
    const code = await runCli(
      ["node", "x", "--indexer-url", "http://127.0.0.1:1", "--router-url", "http://127.0.0.1:1"],
      a.io,
    );
    expect(code).toBe(EXIT_USAGE);
    expect(a.out.stderr).toBe(
      "weft-conformance: nothing answers at http://127.0.0.1:1: connection refused\n",
    );
    expect(a.out.stdout).toBe("");
    expect(Date.now() - started).toBeLessThan(5_000);

    // The router's URL is checked too, when the indexer answers.
    const b = io();
    const reach = async (url: string) => (url.includes("indexer") ? undefined : "unknown host");
    expect(
      await runCli(
        ["node", "x", "--indexer-url", "http://indexer.test", "--router-url", "http://router.test"],
        { ...b.io, reach },
      ),
    ).toBe(EXIT_USAGE);
    expect(b.out.stderr).toBe("weft-conformance: nothing answers at http://router.test: unknown host\n");
  });

  it("says in one line that a static file server does not answer like an indexer, and exits 2", async () => {
    // What `npx serve` or nginx in front of a docs site answers: a page at /, a 404 page elsewhere.
    const site = await serve((p) =>
      p === "/" ? html(200, "<h1>Docs</h1>") : html(404, "<h1>Not Found</h1>"),
    );
    const a = io();
    expect(await runCli(["node", "x", "--indexer-url", site], a.io)).toBe(EXIT_USAGE);
    expect(a.out.stderr).toBe(
      `weft-conformance: ${site} does not answer like an Initia indexer: GET /indexer/block/v1/blocks?pagination.limit=1 answered 404 text/html; GET /status answered 404 text/html\n`,
    );
    expect(a.out.stdout).toBe("");
  });

  it("exits 2 likewise on JSON that is not an indexer's, and on 5xx everywhere (quoting the error message)", async () => {
    const api = await serve(() => json(200, { hello: "world" }));
    const a = io();
    expect(await runCli(["node", "x", "--indexer-url", api], a.io)).toBe(EXIT_USAGE);
    expect(a.out.stderr).toBe(
      `weft-conformance: ${api} does not answer like an Initia indexer: GET /indexer/block/v1/blocks?pagination.limit=1 answered 200 application/json without a blocks array; GET /status answered 200 application/json without chain_id and height\n`,
    );

    const down = await serve((p) =>
      p === "/status"
        ? json(503, { code: 14, message: "database unavailable: connection refused", details: [] })
        : { status: 502, contentType: "text/plain", body: "Bad Gateway" },
    );
    const b = io();
    expect(await runCli(["node", "x", "--indexer-url", down], b.io)).toBe(EXIT_USAGE);
    expect(b.out.stderr).toBe(
      `weft-conformance: ${down} does not answer like an Initia indexer: GET /indexer/block/v1/blocks?pagination.limit=1 answered 502 text/plain; GET /status answered 503 application/json "database unavailable: connection refused"\n`,
    );
  });

  it("asks it of both sides of a differential, and takes either request in shape for an indexer", async () => {
    // Blocks broken, /status in shape: an indexer (the checks report the blocks).
    const indexer = await serve((p) => (p === "/status" ? json(200, STATUS) : html(404, "no")));
    const site = await serve(() => html(200, "<h1>Home</h1>"));
    const a = io();
    expect(
      await runCli(["node", "x", "--indexer-url", indexer, "--compare-url", site, "--no-progress"], a.io),
    ).toBe(EXIT_USAGE);
    expect(a.out.stderr).toBe(
      `weft-conformance: ${site} does not answer like an Initia indexer: GET /indexer/block/v1/blocks?pagination.limit=1 answered 200 text/html; GET /status answered 200 text/html\n`,
    );
  });

  it("exits 1 when the deployment fails checks, prints progress and a summary, writes every report", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "weft-conformance-cli-"));
    dirs.push(dir);
    const files = {
      junit: path.join(dir, "r.xml"),
      json: path.join(dir, "r.json"),
      html: path.join(dir, "sub/r.html"),
    };
    // A deployment that answers nothing but its /status: every check fails fast (a 404 from a fake fetch).
    const fetch = async (input: string | URL | Request) =>
      new URL(String(input)).pathname === "/status"
        ? new Response(JSON.stringify(STATUS), { headers: { "content-type": "application/json" } })
        : new Response("Cannot GET", { status: 404, headers: { "content-type": "text/plain" } });
    const a = io();
    const code = await runCli(
      [
        "node",
        "x",
        "--indexer-url",
        "http://a.test",
        "--only",
        "blocks",
        "--report",
        `junit=${files.junit},json=${files.json},html=${files.html}`,
      ],
      { ...a.io, fetch, reach: async () => undefined },
    );
    expect(code).toBe(EXIT_FAILED);
    expect(a.out.stderr).toMatch(/^\[ *\d+\/\d+\] FAIL contract\./m);
    expect(a.out.stdout).toContain("DOES NOT CONFORM");
    const report = JSON.parse(readFileSync(files.json, "utf8")) as ConformanceReport;
    expect(report.ok).toBe(false);
    expect(new Set(report.results.map((r) => r.class))).toEqual(new Set(["blocks"]));
    expect(readFileSync(files.junit, "utf8")).toContain("<testsuites");
    expect(readFileSync(files.html, "utf8")).toContain('id="endpoint-matrix"');
  });

  it("--track-tx needs --track-chain-id and 64 hex digits (exit 2 with the reason)", async () => {
    const reach = async () => undefined;
    const a = io();
    expect(
      await runCli(["node", "x", "--indexer-url", "http://a.test", "--track-tx", "A".repeat(64)], {
        ...a.io,
        reach,
      }),
    ).toBe(EXIT_USAGE);
    expect(a.out.stderr).toBe("weft-conformance: --track-tx and --track-chain-id go together\n");
    const b = io();
    expect(
      await runCli(
        ["node", "x", "--indexer-url", "http://a.test", "--track-tx", "xyz", "--track-chain-id", "c-1"],
        {
          ...b.io,
          reach,
        },
      ),
    ).toBe(EXIT_USAGE);
    expect(b.out.stderr).toContain("must be 64 hex digits (0x optional)");
  });

  it("follows the --track-tx transfer on --track-chain-id, within --track-timeout", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "weft-conformance-cli-"));
    dirs.push(dir);
    const hash = "AB".repeat(32);
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    const asked: string[] = [];
    // A router that only tracks: the transfer it is asked about was abandoned.
    const fetch = async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input));
      asked.push(`${init?.method ?? "GET"} ${url.pathname}${url.search}`);
      if (url.pathname === "/status") return json(STATUS);
      if (url.pathname === "/v2/tx/track") return json({ tx_hash: hash, explorer_link: "" });
      if (url.pathname === "/v2/tx/status") {
        const transfer = {
          state: "STATE_ABANDONED",
          transfer_sequence: [],
          next_blocking_transfer: null,
          transfer_asset_release: null,
          error: { type: "STATUS_ERROR_INDEXING", message: "never seen" },
        };
        return json({ status: "STATE_FAILED", ...transfer, transfers: [transfer] });
      }
      return new Response("Cannot GET", { status: 404, headers: { "content-type": "text/plain" } });
    };
    const a = io();
    await runCli(
      [
        "node",
        "x",
        "--indexer-url",
        "http://a.test",
        "--router-url",
        "http://r.test",
        "--only",
        "router",
        "--track-tx",
        hash.toLowerCase(),
        "--track-chain-id",
        "chain-1",
        "--track-timeout",
        "2000",
        "--report",
        `json=${path.join(dir, "r.json")}`,
      ],
      { ...a.io, fetch, reach: async () => undefined },
    );
    const report = JSON.parse(readFileSync(path.join(dir, "r.json"), "utf8")) as ConformanceReport;
    expect(report.results.find((r) => r.id === "router.follow-transfer")).toMatchObject({
      status: "pass",
      reason: `${hash.toLowerCase()} on chain-1: STATE_ABANDONED`,
    });
    expect(asked).toContain(`GET /v2/tx/status?tx_hash=${hash.toLowerCase()}&chain_id=chain-1`);
  });
});
