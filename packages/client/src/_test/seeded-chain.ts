/**
 * Fills the in-process server's database with a deterministic devnet chain of at least `txs` txs,
 * through the real ingestion: a devnet node serves the chain over CometBFT RPC and Cosmos REST, and
 * `weft ingest` (the server's CLI, as an operator runs it beside `weft serve`) writes it into the
 * same database. Returns the chain's ground truth: every tx hash in chain order.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { createChain, type DevnetNode, startDevnetNode } from "@weft/devnet";
import { beforeAll } from "vitest";
import type { InProcessWeft } from "./in-process-weft.js";
import { SERVER_DIST } from "./server-internals.js";

const CHAIN_ID = "weft-devnet-1";
/** Busy blocks (20 txs on average) keep the block count, and so the ingest time, low. */
const MAX_TXS_PER_BLOCK = 40;
const POLL_MS = 100;
/** Seeding takes 5-9 s on an idle machine; past this something is wrong, not merely slow. */
const INGEST_DEADLINE_MS = 90_000;

export interface SeededChain {
  /** Tx hashes, oldest first (height, then index in the block). */
  hashes(): string[];
  /** Ingest wall time. */
  seedMs(): number;
}

export function useSeededChain(weft: InProcessWeft, options: { txs: number }): SeededChain {
  const hashes: string[] = [];
  let seedMs = 0;
  beforeAll(async () => {
    const started = Date.now();
    const chain = createChain({ seed: 7, chainId: CHAIN_ID, maxTxsPerBlock: MAX_TXS_PER_BLOCK });
    let height = 0;
    while (hashes.length < options.txs) hashes.push(...chain.truth(++height).map((t) => t.hash));
    const node: DevnetNode = await startDevnetNode({ chain, initialBlocks: height });
    const ingest = spawn(process.execPath, [path.join(SERVER_DIST, "cli.js"), "ingest"], {
      env: {
        ...process.env,
        DATABASE_URL: weft.database().url,
        RPC_URL: node.url,
        CHAIN_ID,
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    ingest.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => ingest.once("exit", resolve));
    try {
      // Ingestion follows the head forever; it is done once its checkpoint reaches the last block.
      while ((await checkpoint(weft)) < height) {
        if (ingest.exitCode !== null)
          throw new Error(`weft ingest exited with ${ingest.exitCode}: ${stderr}`);
        if (Date.now() - started > INGEST_DEADLINE_MS)
          throw new Error(`ingesting ${height} blocks took over ${INGEST_DEADLINE_MS} ms: ${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    } finally {
      ingest.kill("SIGTERM");
      await exited;
      await node.close();
    }
    seedMs = Date.now() - started;
  }, 120_000);
  return { hashes: () => hashes, seedMs: () => seedMs };
}

async function checkpoint(weft: InProcessWeft): Promise<number> {
  const { rows } = await weft
    .database()
    .pool.query<{ height: string }>("SELECT height FROM ingest_checkpoint WHERE chain_id = $1", [CHAIN_ID]);
  return Number(rows[0]?.height ?? 0);
}
