import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import pino from "pino";
import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { chainCheckpoint } from "../_test/chain-checkpoint.js";
import { moveChainJson } from "../_test/chain-json.js";
import { startPayloadNode } from "../_test/payload-node.js";
import { syntheticPayload } from "../_test/synthetic-chain.js";
import { createScratchDatabase, realPostgresAvailable } from "../_test/test-database.js";
import { readChainsFile } from "../chain/chains-file.js";
import { chainSchemaName } from "../db/chain-schema.js";
import { openDatabase } from "../db/database.js";
import { superviseChains } from "./chain-supervisor.js";
import { createIngestSeries, createIngestStatus } from "./ingest-status.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("superviseChains", () => {
  it("keeps each chain apart: a wrong node, a fixed entry, a broken file and a removed chain", async () => {
    if (!(await realPostgresAvailable())) {
      expect(process.env.CI).not.toBe("true");
      return;
    }
    const payload = (h: number) => syntheticPayload(h, { blocks: 40 });
    const alpha = await startPayloadNode({ payload, head: 3, chainId: "alpha-1" });
    const beta = await startPayloadNode({ payload, head: 4, chainId: "beta-1" });
    // A node of another chain: named by mistake for beta-1.
    const other = await startPayloadNode({ payload, head: 6, chainId: "other-1" });
    const scratch = await createScratchDatabase();
    const pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
    pool.on("error", () => undefined);
    const dir = mkdtempSync(path.join(tmpdir(), "weft-supervisor-"));
    const file = path.join(dir, "chains.json");
    const write = (chains: unknown) => writeFileSync(file, JSON.stringify(chains));
    write([moveChainJson("alpha-1", alpha.url), moveChainJson("beta-1", other.url)]);
    const lines: { msg: string; chain_id?: string }[] = [];
    const logger = pino({ level: "info" }, { write: (l: string) => void lines.push(JSON.parse(l)) });
    const registry = new Registry();
    const series = createIngestSeries(registry);
    const stop = new AbortController();
    const height = (chainId: string) => chainCheckpoint(pool, chainId);
    const waitFor = async (what: string, check: () => Promise<boolean> | boolean) => {
      for (const until = Date.now() + 20_000; Date.now() < until; await sleep(50)) if (await check()) return;
      throw new Error(`timed out waiting for ${what}; logs:\n${lines.map((l) => l.msg).join("\n")}`);
    };
    const supervisor = superviseChains({
      readChains: () => readChainsFile(file),
      openChainDatabase: (chain) =>
        openDatabase({
          url: scratch.url,
          dataDir: dir,
          logger,
          schema: chainSchemaName(chain.chainId),
          poolMax: 4,
        }),
      createStatus: () => createIngestStatus({ series, stallTimeoutMs: 60_000 }),
      ingest: { startHeight: 1n, retryDelayMs: 50, retryMaxDelayMs: 200 },
      logger,
      signal: stop.signal,
      pollMs: 100,
      restartDelayMs: 50,
      restartMaxDelayMs: 200,
    });
    try {
      // The wrong node is refused by name and stalls beta alone; alpha ingests.
      await waitFor("alpha at 3", async () => (await height("alpha-1")) === 3);
      await waitFor("beta refused", () =>
        lines.some((l) => l.chain_id === "beta-1" && l.msg.includes("serves chain other-1, not beta-1")),
      );
      expect(supervisor.chains().get("beta-1")?.status.stalled()?.message).toContain("serves chain other-1");
      expect(await height("beta-1")).toBeNull();
      // Beta refused, alpha fine: the process stays ready.
      expect(supervisor.health.stalled()).toBeUndefined();

      // Fixing beta's entry restarts beta alone.
      write([moveChainJson("alpha-1", alpha.url), moveChainJson("beta-1", beta.url)]);
      await waitFor("beta at 4", async () => (await height("beta-1")) === 4);
      expect(supervisor.chains().get("beta-1")?.status.stalled()).toBeUndefined();
      const followed = (id: string) =>
        lines.filter((l) => l.chain_id === id && l.msg === "following chain").length;
      expect(followed("alpha-1")).toBe(1);

      // A file that no longer reads is said once; the chains go on.
      writeFileSync(file, "{ not json");
      alpha.head = 5;
      await waitFor("alpha at 5", async () => (await height("alpha-1")) === 5);
      await sleep(300);
      expect(lines.filter((l) => l.msg.includes("the chains already running go on"))).toHaveLength(1);

      // Alpha removed: it stops, its data stays, its lag and stall leave /metrics; beta goes on.
      write([moveChainJson("beta-1", beta.url)]);
      await waitFor("alpha stopped", () => !supervisor.chains().has("alpha-1"));
      alpha.head = 8;
      beta.head = 7;
      await waitFor("beta at 7", async () => (await height("beta-1")) === 7);
      expect(await height("alpha-1")).toBe(5);
      const text = await registry.metrics();
      expect(text).toContain('weft_ingest_stalled{chain_id="beta-1"} 0');
      expect(text).not.toContain('weft_ingest_stalled{chain_id="alpha-1"}');
      expect(text).toContain('weft_ingest_height{chain_id="alpha-1"} 5');

      stop.abort();
      await supervisor.done;
    } finally {
      stop.abort();
      await supervisor.done.catch(() => undefined);
      await pool.end();
      await scratch.drop();
      await Promise.all([alpha.close(), beta.close(), other.close()]);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
