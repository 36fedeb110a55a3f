import { spawn } from "node:child_process";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { startPayloadNode } from "../_test/payload-node.js";
import { CLI_PATH, runWeft } from "../_test/spawn-weft.js";
import { SYNTHETIC_CHAIN_ID, syntheticPayload } from "../_test/synthetic-chain.js";
import { createScratchDatabase, realPostgresAvailable } from "../_test/test-database.js";
import { committedMigrations } from "../db/migrate.js";

const BLOCKS = 200;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("weft ingest while the database drops its connections", () => {
  it("does not exit, keeps following the node, and reports the outages on METRICS_PORT", async () => {
    if (!(await realPostgresAvailable())) {
      expect(process.env.CI).not.toBe("true");
      return;
    }
    const node = await startPayloadNode({
      payload: (h) => syntheticPayload(h, { blocks: BLOCKS }),
      head: 20,
      chainId: SYNTHETIC_CHAIN_ID,
    });
    const scratch = await createScratchDatabase();
    const admin = new pg.Pool({ connectionString: scratch.url, max: 1 });
    admin.on("error", () => undefined);
    const checkpoint = async () => {
      const { rows } = await admin
        .query<{ height: string }>("SELECT height FROM ingest_checkpoint")
        .catch(() => ({ rows: [] as { height: string }[] }));
      return Number(rows[0]?.height ?? 0);
    };
    try {
      expect((await runWeft(["migrate"], { DATABASE_URL: scratch.url, LOG_LEVEL: "warn" })).code).toBe(0);
      const child = spawn(process.execPath, [CLI_PATH, "ingest", "--rpc-url", node.url], {
        env: { ...process.env, DATABASE_URL: scratch.url, LOG_LEVEL: "info", METRICS_PORT: "0" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let logs = "";
      let stderr = "";
      child.stdout.on("data", (c: Buffer) => {
        logs += c.toString();
      });
      child.stderr.on("data", (c: Buffer) => {
        stderr += c.toString();
      });
      // What a failure shows: why the process ended, in its own words.
      const output = () => `weft ingest's last output:\n${logs.slice(-4000)}\n${stderr.slice(-2000)}`;
      let stoppedWith: number | string | undefined;
      const exited = new Promise<number | string>((r) =>
        child.on("exit", (code, signal) => r(code ?? signal ?? "")),
      );
      const ingestConnections = async () =>
        (
          await admin.query(
            `SELECT 1 FROM pg_stat_activity
             WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
          )
        ).rowCount ?? 0;
      try {
        let monitor: string | undefined;
        for (let i = 0; i < 600 && !monitor; i++) {
          monitor = /"url":"(http:[^"]+)","msg":"ingest metrics, health and readiness served"/.exec(
            logs,
          )?.[1];
          await sleep(100);
        }
        expect(monitor, output()).toBeDefined();
        for (let i = 0; i < 600 && (await checkpoint()) < 20; i++) await sleep(100);
        expect(await checkpoint(), output()).toBe(20);

        // Five times, every connection of the process is ended while the chain grows.
        for (let cut = 0; cut < 5; cut++) {
          // Its connections are back first (after the previous cut it waits up to 2 s, longer on
          // loaded cores, before connecting again): each cut ends live connections.
          for (let i = 0; i < 200 && (await ingestConnections()) === 0; i++) await sleep(50);
          const { rows } = await admin.query(
            `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
             WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
          );
          expect(rows.length).toBeGreaterThan(0);
          node.head = Math.min(BLOCKS, node.head + 40);
          await sleep(700);
          expect(child.exitCode, output()).toBeNull();
        }
        node.head = BLOCKS;
        for (let i = 0; i < 600 && (await checkpoint()) < BLOCKS; i++) await sleep(100);
        expect(await checkpoint()).toBe(BLOCKS);
        expect(child.exitCode, output()).toBeNull();

        const metrics = await (await fetch(`${monitor}/metrics`)).text();
        expect(metrics).toContain(`weft_ingest_height{chain_id="${SYNTHETIC_CHAIN_ID}"} ${BLOCKS}`);
        expect(metrics).toContain(`weft_ingest_lag_blocks{chain_id="${SYNTHETIC_CHAIN_ID}"} 0`);
        expect(metrics).toContain(`weft_ingest_stalled{chain_id="${SYNTHETIC_CHAIN_ID}"} 0`);
        const database = new RegExp(
          `weft_ingest_errors_total\\{chain_id="${SYNTHETIC_CHAIN_ID}",kind="database"\\} (\\d+)`,
        ).exec(metrics);
        expect(Number(database?.[1])).toBeGreaterThan(0);
        const ready = await fetch(`${monitor}/ready`);
        expect(ready.status).toBe(200);
        expect(await ready.json()).toEqual({
          status: "ready",
          database: "ok",
          migrations: { applied: committedMigrations().length, pending: 0 },
        });
        expect(await (await fetch(`${monitor}/health`)).json()).toEqual({ status: "ok" });
        const missing = await fetch(`${monitor}/nothing`);
        expect(missing.status).toBe(404);
        expect(await missing.json()).toEqual({
          code: 5,
          message: "no route for /nothing: this port serves /metrics, /health and /ready",
          details: [],
        });
        expect(logs).toContain('"msg":"writer lock acquired; resuming from the checkpoint"');
      } finally {
        // Asserted after: a failure above must not be hidden behind this one.
        child.kill("SIGTERM");
        stoppedWith = await exited;
      }
      expect(stoppedWith, output()).toBe(0);
      expect(logs).toContain('"msg":"ingest stopped"');
    } finally {
      await admin.end();
      await scratch.drop();
      await node.close();
    }
  }, 180_000);
});
