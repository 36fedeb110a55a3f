/**
 * Weft indexing a real node exactly as an operator runs it: `weft ingest` and `weft serve` as child
 * processes on a fresh, empty Postgres database (they migrate it themselves), with the default
 * settings (no START_HEIGHT: ingestion starts at height 1, the case real nodes answer oddly). `serve`
 * also routes: its ROUTER_REGISTRY is a registry of the node alone (node-registry.ts).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createScratchDatabase, type ScratchDatabase } from "@weft/testkit/scratch-database";
import { startWeft, type WeftProcess, weftCliOf } from "@weft/testkit/spawn-weft";
import { pollUntil } from "../node/node-queries.js";
import type { RealNode } from "../node/start-node.js";
import { writeNodeRegistry } from "./node-registry.js";

const LOG_TAIL_CHARS = 20_000;

export interface WeftOnNode {
  url: string;
  /** Both processes' recent output, for failure messages. */
  logs(): string;
  /** Resolves once Weft's /status reaches `height`; rejects with the logs after `timeoutMs`. */
  waitForHeight(height: number, timeoutMs: number): Promise<number>;
  stop(): Promise<void>;
}

export async function startWeftOnNode(node: RealNode): Promise<WeftOnNode> {
  const cli = weftCliOf(import.meta.url);
  const db: ScratchDatabase = await createScratchDatabase("weft_real_node");
  const env = {
    DATABASE_URL: db.url,
    RPC_URL: node.rpcUrl,
    REST_URL: node.restUrl,
    VM_TYPE: node.vm,
    CHAIN_ID: node.chainId,
    ...(node.jsonRpcUrl ? { JSON_RPC_URL: node.jsonRpcUrl } : {}),
  };
  let ingestLog = "";
  let ingest: ChildProcess | undefined;
  let serve: WeftProcess | undefined;
  const registryDir = mkdtempSync(path.join(tmpdir(), "weft-real-registry-"));
  const stop = async () => {
    const exited =
      ingest && ingest.exitCode === null ? new Promise((r) => ingest?.once("exit", r)) : undefined;
    ingest?.kill("SIGTERM");
    await exited;
    await serve?.stop();
    await db.drop();
    rmSync(registryDir, { recursive: true, force: true });
  };
  try {
    // serve first: it applies the migrations, and ingest then finds the schema in place.
    serve = await startWeft(
      ["serve"],
      {
        ...env,
        PORT: "0",
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        ROUTER_REGISTRY: writeNodeRegistry(node, registryDir),
      },
      { cli },
    );
    ingest = spawn(process.execPath, ["--max-semi-space-size=64", cli, "ingest"], {
      env: { ...process.env, ...env, LOG_LEVEL: "info" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const keep = (c: Buffer) => {
      ingestLog = (ingestLog + c.toString()).slice(-LOG_TAIL_CHARS);
    };
    ingest.stdout?.on("data", keep);
    ingest.stderr?.on("data", keep);
    process.once("exit", () => ingest?.kill("SIGKILL"));
  } catch (err) {
    await stop();
    throw err;
  }
  const url = serve.url;
  const logs = () => `--- weft ingest ---\n${ingestLog}\n--- weft serve ---\n${serve?.stderr() ?? ""}`;
  return {
    url,
    logs,
    async waitForHeight(height, timeoutMs) {
      try {
        return await pollUntil(
          `weft /status at height ${height}`,
          async () => {
            const res = await fetch(`${url}/status`);
            if (res.status !== 200) return undefined;
            const status = (await res.json()) as { height: number };
            return status.height >= height ? status.height : undefined;
          },
          timeoutMs,
        );
      } catch (err) {
        throw new Error(`${String(err)}\n${logs().slice(-6000)}`);
      }
    },
    stop,
  };
}
