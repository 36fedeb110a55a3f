import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { chainCheckpoint } from "../_test/chain-checkpoint.js";
import { moveChainJson } from "../_test/chain-json.js";
import { startPayloadNode } from "../_test/payload-node.js";
import { CLI_PATH } from "../_test/spawn-weft.js";
import { syntheticPayload } from "../_test/synthetic-chain.js";
import { createScratchDatabase, realPostgresAvailable } from "../_test/test-database.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("weft ingest --chains: several chains in one process", () => {
  it("ingests each chain into its own schema; a stopped node stalls its chain alone; an added chain starts", async () => {
    if (!(await realPostgresAvailable())) {
      expect(process.env.CI).not.toBe("true");
      return;
    }
    const payload = (h: number) => syntheticPayload(h, { blocks: 40 });
    const alpha = await startPayloadNode({ payload, head: 5, chainId: "alpha-1" });
    const beta = await startPayloadNode({ payload, head: 5, chainId: "beta-1" });
    const gamma = await startPayloadNode({ payload, head: 4, chainId: "gamma-1" });
    const scratch = await createScratchDatabase();
    const pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
    pool.on("error", () => undefined);
    const dir = mkdtempSync(path.join(tmpdir(), "weft-chains-"));
    const file = path.join(dir, "chains.json");
    writeFileSync(
      file,
      JSON.stringify([moveChainJson("alpha-1", alpha.url), moveChainJson("beta-1", beta.url)]),
    );
    const child = spawn(process.execPath, [CLI_PATH, "ingest", "--chains", file, "--metrics-port", "0"], {
      env: {
        ...process.env,
        DATABASE_URL: scratch.url,
        LOG_LEVEL: "info",
        LOG_FORMAT: "json",
        INGEST_STALL_TIMEOUT_MS: "1000",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let logs = "";
    child.stdout.on("data", (c: Buffer) => {
      logs += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      logs += c.toString();
    });
    const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
    const height = (chainId: string) => chainCheckpoint(pool, chainId);
    const waitFor = async (what: string, check: () => Promise<boolean>, ms = 30_000) => {
      for (const until = Date.now() + ms; Date.now() < until; await sleep(100)) if (await check()) return;
      throw new Error(`timed out waiting for ${what}; logs:\n${logs.slice(-4000)}`);
    };
    const metrics = async () => {
      const url = /"url":"([^"]+)"[^\n]*ingest metrics, health and readiness served/.exec(logs)?.[1];
      if (!url) throw new Error(`no metrics URL logged:\n${logs}`);
      return { url, text: await (await fetch(`${url}/metrics`)).text() };
    };
    try {
      await waitFor(
        "both chains at 5",
        async () => (await height("alpha-1")) === 5 && (await height("beta-1")) === 5,
      );
      // Each schema holds its own chain's blocks, and nothing went to public.
      const { rows: schemas } = await pool.query(
        "SELECT table_schema, count(*)::int AS n FROM information_schema.tables WHERE table_name = 'block' GROUP BY 1 ORDER BY 1",
      );
      expect(schemas.map((r) => r.table_schema)).toEqual(["chain_alpha_1", "chain_beta_1", "public"]);
      expect((await pool.query("SELECT count(*)::int AS n FROM public.block")).rows[0].n).toBe(0);
      expect((await pool.query("SELECT count(*)::int AS n FROM chain_alpha_1.block")).rows[0].n).toBe(5);

      // Beta's node goes away; alpha's chain moves on.
      await beta.close();
      alpha.head = 9;
      await waitFor("alpha at 9", async () => (await height("alpha-1")) === 9);
      await sleep(1_500);
      expect(await height("beta-1")).toBe(5);
      const { url, text } = await metrics();
      expect(text).toContain('weft_ingest_stalled{chain_id="beta-1"} 1');
      expect(text).toContain('weft_ingest_stalled{chain_id="alpha-1"} 0');
      expect(text).toContain('weft_ingest_height{chain_id="alpha-1"} 9');
      // One stalled chain does not make the process unready; /ready lists it, its own /ready says so.
      const ready = await fetch(`${url}/ready`);
      expect(ready.status).toBe(200);
      const { chains } = (await ready.json()) as {
        chains: { chain_id: string; state: string; reason?: string }[];
      };
      expect(chains.map((c) => [c.chain_id, c.state])).toEqual([
        ["alpha-1", "ingesting"],
        ["beta-1", "stalled"],
      ]);
      expect(chains[1]?.reason).toMatch(/^ingestion stalled: nothing committed for \d+ s/);
      const betaReady = await fetch(`${url}/beta-1/ready`);
      expect(betaReady.status).toBe(503);
      expect(((await betaReady.json()) as { details: { reason: string }[] }).details[0]?.reason).toBe(
        "INGEST_STALLED",
      );
      expect((await fetch(`${url}/alpha-1/ready`)).status).toBe(200);
      expect((await fetch(`${url}/gamma-1/ready`)).status).toBe(404);

      // A chain added to the file starts without restarting the others.
      writeFileSync(
        file,
        JSON.stringify([
          moveChainJson("alpha-1", alpha.url),
          moveChainJson("beta-1", beta.url),
          moveChainJson("gamma-1", gamma.url),
        ]),
      );
      await waitFor("gamma at 4", async () => (await height("gamma-1")) === 4, 20_000);
      const following = logs.split("\n").filter((l) => l.includes('"msg":"following chain"'));
      expect(following.filter((l) => l.includes('"chain_id":"alpha-1"'))).toHaveLength(1);
      expect(following.filter((l) => l.includes('"chain_id":"gamma-1"'))).toHaveLength(1);

      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      child.kill("SIGKILL");
      await pool.end();
      await scratch.drop();
      await Promise.all([alpha.close(), gamma.close()]);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
