/**
 * A real Weft for tests: the built `weft dev` (seeded devnet + ingestion + API on an embedded
 * database) on a free port, started once per test file and stopped in teardown.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startWeft, weftCliOf } from "@weft/testkit/spawn-weft";

/** The built CLI of @weft/server (turbo builds it before this package's tests). */
const WEFT_CLI = weftCliOf(import.meta.url);
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
  /** The chain `weft dev` indexes (its `VM_TYPE`): the interchain's Move L1, or a chain of its own. @default "move" */
  vmType?: "move" | "evm" | "wasm";
  /** Blocks with 2+ txs to wait for before resolving. @default 3 */
  minTxBlocks?: number;
}

/**
 * Starts `weft dev` and resolves once a few blocks with 2+ txs are indexed. A number is the old
 * form, `minTxBlocks` alone.
 */
export async function startWeftDev(options: WeftDevOptions | number = {}): Promise<WeftDev> {
  const { vmType = "move", minTxBlocks = 3 } =
    typeof options === "number" ? { minTxBlocks: options } : options;
  const dataDir = mkdtempSync(path.join(tmpdir(), "weft-conformance-"));
  const weft = await startWeft(
    ["dev"],
    { PORT: "0", DATABASE_URL: "", WEFT_DATA_DIR: dataDir, LOG_LEVEL: "warn", VM_TYPE: vmType },
    { cli: WEFT_CLI },
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
