/**
 * A real Weft for tests: the built `weft dev` (seeded devnet + ingestion + API on an embedded
 * database) on a free port, resolved once a few blocks with txs are indexed, stopped in teardown.
 * The caller says which CLI (`weftCliOf(import.meta.url)`; the kit does not depend on the server).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startWeft } from "./spawn-weft.js";

const START_TIMEOUT_MS = 90_000;

export interface WeftDev {
  url: string;
  stop(): Promise<void>;
}

async function waitForHistory(url: string, minTxBlocks: number): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const res = await fetch(`${url}/indexer/block/v1/blocks?pagination.limit=20`).catch(() => undefined);
    if (res?.status === 200) {
      const body = (await res.json()) as { blocks: { tx_count: string }[] };
      if (body.blocks.filter((b) => Number(b.tx_count) >= 2).length >= minTxBlocks) return;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`weft dev at ${url} ingested no blocks with txs within ${START_TIMEOUT_MS} ms`);
}

export interface WeftDevOptions {
  /** Path of the built CLI (`weftCliOf(import.meta.url)`). */
  cli: string;
  /** The chain `weft dev` indexes (its `VM_TYPE`): the interchain's Move L1, or a chain of its own. @default "move" */
  vmType?: "move" | "evm" | "wasm";
  /** Blocks with 2+ txs to wait for before resolving. @default 3 */
  minTxBlocks?: number;
}

/** Starts `weft dev` on an embedded database of its own and resolves once it has some history. */
export async function startWeftDev(options: WeftDevOptions): Promise<WeftDev> {
  const { cli, vmType = "move", minTxBlocks = 3 } = options;
  const dataDir = mkdtempSync(path.join(tmpdir(), "weft-dev-"));
  const weft = await startWeft(
    ["dev"],
    { PORT: "0", DATABASE_URL: "", WEFT_DATA_DIR: dataDir, LOG_LEVEL: "warn", VM_TYPE: vmType },
    { cli },
  );
  await waitForHistory(weft.url, minTxBlocks);
  return {
    url: weft.url,
    async stop() {
      await weft.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
