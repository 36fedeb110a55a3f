import pg from "pg";
import { describe, expect, it } from "vitest";
import { startPayloadNode } from "../_test/payload-node.js";
import { runWeft, startWeft } from "../_test/spawn-weft.js";
import { SYNTHETIC_CHAIN_ID, syntheticPayload } from "../_test/synthetic-chain.js";
import { createScratchDatabase, realPostgresAvailable } from "../_test/test-database.js";

describe("weft ingest + weft serve, as separate processes on one Postgres", () => {
  it("ingests a node's chain, stops cleanly on SIGTERM, and the API serves it", async () => {
    if (!(await realPostgresAvailable())) {
      expect(process.env.CI).not.toBe("true");
      return;
    }
    const node = await startPayloadNode({
      payload: (h) => syntheticPayload(h, { blocks: 20 }),
      head: 20,
      chainId: SYNTHETIC_CHAIN_ID,
    });
    const scratch = await createScratchDatabase();
    const pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
    // Dropping the scratch database ends this pool's session; that is expected, not an error.
    pool.on("error", () => undefined);
    try {
      const migrated = await runWeft(["migrate"], { DATABASE_URL: scratch.url, LOG_LEVEL: "warn" });
      expect(migrated.code).toBe(0);
      const { spawn } = await import("node:child_process");
      const { CLI_PATH } = await import("../_test/spawn-weft.js");
      const child = spawn(process.execPath, [CLI_PATH, "ingest", "--rpc-url", node.url], {
        env: { ...process.env, DATABASE_URL: scratch.url, LOG_LEVEL: "info" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let logs = "";
      child.stdout.on("data", (c: Buffer) => {
        logs += c.toString();
      });
      const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
      // Up to 60 s: on a busy machine the CLI may need more than 10 s to migrate and ingest 20
      // blocks, and a SIGTERM sent before it installs its handler kills it (exit code null).
      for (let i = 0; i < 600; i++) {
        const { rows } = await pool.query("SELECT height FROM ingest_checkpoint").catch(() => ({ rows: [] }));
        if (rows[0]?.height === "20") break;
        await new Promise((r) => setTimeout(r, 100));
      }
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(logs).toContain('"msg":"ingest stopped"');

      const api = await startWeft(["serve", "--port", "0"], { DATABASE_URL: scratch.url, LOG_LEVEL: "warn" });
      const status = await (await fetch(`${api.url}/status`)).json();
      expect(status).toMatchObject({ chain_id: SYNTHETIC_CHAIN_ID, height: 20 });
      const blocks = (await (
        await fetch(`${api.url}/indexer/block/v1/blocks?pagination.limit=2`)
      ).json()) as { blocks: { height: string }[] };
      expect(blocks.blocks.map((b) => b.height)).toEqual(["20", "19"]);
      api.child.kill("SIGTERM");
      await api.exited;
    } finally {
      await pool.end();
      await scratch.drop();
      await node.close();
    }
  }, 120_000);

  it("an API started before the first ingestion serves the chain ingestion then records, without a restart", async () => {
    if (!(await realPostgresAvailable())) {
      expect(process.env.CI).not.toBe("true");
      return;
    }
    const node = await startPayloadNode({
      payload: (h) => syntheticPayload(h, { blocks: 5 }),
      head: 5,
      chainId: SYNTHETIC_CHAIN_ID,
    });
    const scratch = await createScratchDatabase();
    try {
      expect((await runWeft(["migrate"], { DATABASE_URL: scratch.url, LOG_LEVEL: "warn" })).code).toBe(0);
      const api = await startWeft(["serve", "--port", "0"], { DATABASE_URL: scratch.url, LOG_LEVEL: "warn" });
      try {
        const before = await fetch(`${api.url}/status`);
        expect(before.status).toBe(503);
        // Not "for unknown": no chain is known yet, and the answer says why and what to do.
        expect(await before.json()).toEqual({
          code: 14,
          message:
            "no block indexed yet: nothing has been ingested into this database (start `weft ingest` on it)",
          details: [],
        });
        const { spawn } = await import("node:child_process");
        const { CLI_PATH } = await import("../_test/spawn-weft.js");
        const ingest = spawn(process.execPath, [CLI_PATH, "ingest", "--rpc-url", node.url], {
          env: { ...process.env, DATABASE_URL: scratch.url, LOG_LEVEL: "warn" },
          stdio: "ignore",
        });
        const ingested = new Promise((r) => ingest.on("exit", r));
        let status: { chain_id?: string; height?: number } = {};
        for (let i = 0; i < 300 && status.height !== 5; i++) {
          await new Promise((r) => setTimeout(r, 100));
          const res = await fetch(`${api.url}/status`);
          if (res.status === 200) status = (await res.json()) as typeof status;
        }
        expect(status).toMatchObject({ chain_id: SYNTHETIC_CHAIN_ID, height: 5 });
        ingest.kill("SIGTERM");
        await ingested;
      } finally {
        api.child.kill("SIGTERM");
        await api.exited;
      }
    } finally {
      await scratch.drop();
      await node.close();
    }
  }, 120_000);

  it("explains what is missing without a node URL", async () => {
    const { code, stderr } = await runWeft(["ingest"], { RPC_URL: undefined, DATABASE_URL: undefined });
    expect(code).toBe(2);
    expect(stderr).toBe(
      "weft: ingest needs the node: set RPC_URL (or --rpc-url), and REST_URL when it differs; or CHAINS_FILE (--chains) for several chains\n",
    );
  });
});
