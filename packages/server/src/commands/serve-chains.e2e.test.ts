import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { chainCheckpoint } from "../_test/chain-checkpoint.js";
import { moveChainJson } from "../_test/chain-json.js";
import { startPayloadNode } from "../_test/payload-node.js";
import { CLI_PATH, runWeft, startWeft } from "../_test/spawn-weft.js";
import { syntheticAccounts, syntheticPayload } from "../_test/synthetic-chain.js";
import { createScratchDatabase, realPostgresAvailable } from "../_test/test-database.js";
import type { ChainEntry } from "../chain/chains-file.js";
import { loadConfig } from "../config.js";
import { chainSchemaName } from "../db/chain-schema.js";
import { SchemaNotMigratedError } from "../db/database.js";
import { closeServedChains, openServedChain, openServedChains, type ServedChain } from "./serve-chains.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What an explorer and a wallet ask of a chain's indexer: every answer must match alone vs among others. */
const CHAIN_PATHS = [
  "/status",
  "/indexer/block/v1/blocks?pagination.limit=3",
  "/indexer/block/v1/blocks/4",
  "/indexer/tx/v1/txs?pagination.limit=4",
  "/indexer/tx/v1/txs?pagination.limit=2&pagination.reverse=true",
  "/indexer/block/v1/avg_blocktime",
  "/indexer/block/v1/blocks/99",
  "/indexer/tx/v1/txs/by_height/3",
  `/indexer/tx/v1/txs/by_account/${syntheticAccounts()[1]}?pagination.limit=2`,
  "/indexer/richlist/v1/uinit",
];

describe("weft serve --chains: each chain under /{chain_id} of one deployment", () => {
  it("answers each chain as it would alone, keeps the chains apart, and names them at the root", async () => {
    if (!(await realPostgresAvailable())) {
      expect(process.env.CI).not.toBe("true");
      return;
    }
    const payload = (h: number) => syntheticPayload(h, { blocks: 40 });
    const alpha = await startPayloadNode({ payload, head: 7, chainId: "alpha-1" });
    const beta = await startPayloadNode({ payload, head: 4, chainId: "beta-1" });
    const gamma = await startPayloadNode({ payload, head: 3, chainId: "gamma-1" });
    const scratch = await createScratchDatabase();
    const pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
    pool.on("error", () => undefined);
    const dir = mkdtempSync(path.join(tmpdir(), "weft-serve-chains-"));
    const file = path.join(dir, "chains.json");
    writeFileSync(
      file,
      JSON.stringify([moveChainJson("alpha-1", alpha.url), moveChainJson("beta-1", beta.url)]),
    );
    const env = { DATABASE_URL: scratch.url, LOG_LEVEL: "warn", CHAINS_FILE: file };
    const height = (chainId: string) => chainCheckpoint(pool, chainId);
    const ingest = spawn(process.execPath, [CLI_PATH, "ingest"], {
      env: { ...process.env, ...env },
      stdio: "ignore",
    });
    const servers: { stop(): Promise<unknown> }[] = [];
    try {
      for (const until = Date.now() + 30_000; ; await sleep(100)) {
        if ((await height("alpha-1")) === 7 && (await height("beta-1")) === 4) break;
        if (Date.now() > until) throw new Error("the chains were not ingested within 30 s");
      }
      const many = await startWeft(["serve", "--port", "0"], env);
      servers.push(many);
      // alpha-1 served alone: a one-chain `weft serve` whose connections resolve tables in its schema.
      const aloneUrl = `${scratch.url}${scratch.url.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${chainSchemaName("alpha-1")}`)}`;
      const alone = await startWeft(["serve", "--port", "0"], {
        DATABASE_URL: aloneUrl,
        CHAIN_ID: "alpha-1",
        LOG_LEVEL: "warn",
      });
      servers.push(alone);

      // The differential: every answer of alpha-1 among others is the answer of alpha-1 alone.
      const statuses: number[] = [];
      for (const p of CHAIN_PATHS) {
        const [among, single] = await Promise.all([
          fetch(`${many.url}/alpha-1${p}`),
          fetch(`${alone.url}${p}`),
        ]);
        expect(among.status, p).toBe(single.status);
        expect(await among.text(), p).toBe(await single.text());
        statuses.push(among.status);
      }
      // Real pages were compared (and a missing block's 404), not two identical errors.
      expect(statuses).toEqual(CHAIN_PATHS.map((p) => (p.endsWith("/99") ? 404 : 200)));
      // Each chain sees its own blocks only.
      const status = async (base: string) =>
        (await (await fetch(`${many.url}${base}/status`)).json()) as object;
      expect(await status("/alpha-1")).toMatchObject({ chain_id: "alpha-1", height: 7 });
      expect(await status("/beta-1")).toMatchObject({ chain_id: "beta-1", height: 4 });
      const betaBlocks = (await (await fetch(`${many.url}/beta-1/indexer/block/v1/blocks`)).json()) as {
        blocks: { height: string }[];
      };
      expect(betaBlocks.blocks.map((b) => b.height)).toEqual(["4", "3", "2", "1"]);
      expect((await fetch(`${many.url}/beta-1/indexer/block/v1/blocks/5`)).status).toBe(404);

      // The root names the chains instead of guessing; the Router API is not under a chain.
      const root = await fetch(`${many.url}/indexer/block/v1/blocks`);
      expect(root.status).toBe(404);
      const body = (await root.json()) as { message: string; details: { metadata?: { chains?: string } }[] };
      expect(body.message).toContain("/alpha-1, /beta-1");
      expect(body.details[0]?.metadata?.chains).toBe("alpha-1,beta-1");
      expect((await fetch(`${many.url}/alpha-1/v2/info/chains`)).status).toBe(404);
      expect((await fetch(`${many.url}/health`)).status).toBe(200);
      // The reference page offers each chain's base for "Try it out".
      const page = (await (await fetch(`${many.url}/docs/openapi.json`)).json()) as {
        servers: { url: string }[];
      };
      expect(page.servers.map((s) => s.url)).toEqual(["/", "/alpha-1", "/beta-1"]);
      expect((await fetch(`${many.url}/alpha-1/ready`)).status).toBe(200);
      // Request series say which chain they served.
      const metrics = await (await fetch(`${many.url}/metrics`)).text();
      expect(metrics).toMatch(
        /http_requests_total\{method="GET",route="\/status",status="200",chain_id="beta-1"\} \d/,
      );

      // A commit of alpha-1 reaches alpha-1's /status at once (the shared commit listener).
      alpha.head = 9;
      for (const until = Date.now() + 20_000; ; await sleep(100)) {
        if (((await status("/alpha-1")) as { height: number }).height === 9) break;
        if (Date.now() > until) throw new Error("alpha-1's /status did not follow its commits");
      }
      expect(await status("/beta-1")).toMatchObject({ height: 4 });

      // The file read again while serving (as ingest reads it, every 5 s): gamma-1 added is served
      // without a restart, beta-1 removed answers as a chain never served, alpha-1 goes on.
      writeFileSync(
        file,
        JSON.stringify([moveChainJson("alpha-1", alpha.url), moveChainJson("gamma-1", gamma.url)]),
      );
      // Each HTTP worker reads the file on its own clock: a change is served once every worker
      // answers it. Each ask on a new connection (a kept-alive one stays with one worker), several
      // in a row (the workers take new connections in turn).
      const fresh = (url: string) =>
        new Promise<{ status: number; body: string }>((resolve, reject) =>
          http
            .get(url, { agent: false }, (res) => {
              let body = "";
              res.on("data", (c: Buffer) => {
                body += c.toString();
              });
              res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
            })
            .on("error", reject),
        );
      const everyWorker = async (what: string, check: (a: { status: number; body: string }) => boolean) => {
        let inRow = 0;
        for (const until = Date.now() + 15_000; inRow < 6; await sleep(50)) {
          inRow = check(await fresh(what)) ? inRow + 1 : 0;
          if (Date.now() > until) throw new Error(`${what} did not settle within 15 s`);
        }
      };
      // gamma-1 by its own app over its own schema (ingest may not have written a block of it yet).
      await everyWorker(
        `${many.url}/gamma-1/status`,
        (a) => a.status === 200 && a.body.includes('"gamma-1"'),
      );
      await everyWorker(`${many.url}/beta-1/status`, (a) => a.status === 404);
      const gone = await fetch(`${many.url}/beta-1/status`);
      expect(await gone.json()).toEqual({
        code: 5,
        message: "no route for GET /beta-1/status; see /docs for the operations this server serves",
        details: [],
      });
      expect(await status("/alpha-1")).toMatchObject({ chain_id: "alpha-1", height: 9 });
      const unnamed = (await (await fetch(`${many.url}/status`)).json()) as {
        details: { metadata?: { chains?: string } }[];
      };
      expect(unnamed.details[0]?.metadata?.chains).toBe("alpha-1,gamma-1");
    } finally {
      ingest.kill("SIGTERM");
      await Promise.all(servers.map((s) => s.stop()));
      await new Promise((r) => (ingest.exitCode === null ? ingest.once("exit", r) : r(undefined)));
      await pool.end();
      await scratch.drop();
      await Promise.all([alpha.close(), beta.close(), gamma.close()]);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("refuses the embedded database in one line", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "weft-serve-chains-"));
    try {
      const file = path.join(dir, "chains.json");
      writeFileSync(file, JSON.stringify([moveChainJson("alpha-1", "http://127.0.0.1:1")]));
      const { code, stderr } = await runWeft(["serve", "--chains", file], {
        DATABASE_URL: undefined,
        WEFT_DATA_DIR: path.join(dir, "data"),
      });
      expect(code).toBe(2);
      expect(stderr).toContain("serving several chains (CHAINS_FILE) needs a real Postgres");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("has an HTTP worker leave out a chain not migrated yet, instead of failing its start", async () => {
    if (!(await realPostgresAvailable())) {
      expect(process.env.CI).not.toBe("true");
      return;
    }
    const scratch = await createScratchDatabase();
    const dir = mkdtempSync(path.join(tmpdir(), "weft-serve-chains-"));
    const lines: { msg: string; chain_id?: string }[] = [];
    const logger = pino({ level: "warn" }, { write: (l: string) => void lines.push(JSON.parse(l)) });
    const opened: ServedChain[] = [];
    try {
      const file = path.join(dir, "chains.json");
      // beta-1 came into the file after the primary migrated the chains: a worker finds it bare.
      writeFileSync(
        file,
        JSON.stringify([
          moveChainJson("alpha-1", "http://127.0.0.1:1"),
          moveChainJson("beta-1", "http://127.0.0.1:1"),
        ]),
      );
      const config = { ...loadConfig({ DATABASE_URL: scratch.url }), chainsFile: file };
      const alpha = await openServedChain(config, logger, { chainId: "alpha-1" } as ChainEntry, {
        migrate: true,
      });
      await alpha.close();
      opened.push(...(await openServedChains(config, logger, { migrate: false })));
      expect(opened.map((c) => c.entry.chainId)).toEqual(["alpha-1"]);
      expect(lines.map((l) => l.msg)).toHaveLength(1);
      expect(lines[0]?.msg).toBe(
        `beta-1: not served yet: schema ${chainSchemaName("beta-1")} does not exist: run \`weft migrate\` for it first; tried again at the next read of the chains file`,
      );
      // The schema made, its migrations not yet applied (the primary mid-way): still not served.
      const admin = new pg.Client({ connectionString: scratch.url });
      await admin.connect();
      await admin.query(`CREATE SCHEMA ${chainSchemaName("beta-1")}`);
      await admin.end();
      const midway = openServedChain(config, logger, { chainId: "beta-1" } as ChainEntry, { migrate: false });
      await expect(midway).rejects.toThrow(SchemaNotMigratedError);
      await expect(midway).rejects.toThrow(/is not migrated yet \(\d+ pending\)/);
    } finally {
      await closeServedChains(opened);
      await scratch.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
