/** Backfilling a devnet node into a test database through the real `weft ingest` path. */
import type { Database } from "../db/database.js";
import { runIngest } from "../ingest/run-ingest.js";
import { silentLogger } from "./test-database.js";

/**
 * Ingests heights 1..`stopAt` of the devnet at `url` (CometBFT RPC, REST and, with `evm`, EVM
 * JSON-RPC all on the node's one port) with the tests' settings: prefix `init`, 8 blocks in flight.
 * @returns the last height written, as runIngest does.
 */
export function ingestDevnet(options: {
  db: Pick<Database, "pool"> & Partial<Pick<Database, "embedded">>;
  url: string;
  stopAt: number;
  evm?: boolean;
  rpcTimeoutMs?: number | undefined;
  /** A test's signal: a timed-out test stops the ingest and frees its writer lock. */
  signal?: AbortSignal;
}): Promise<bigint | null> {
  return runIngest({
    db: options.db,
    logger: silentLogger,
    rpcUrl: options.url,
    restUrl: options.url,
    ...(options.evm ? { jsonRpcUrl: options.url } : {}),
    prefix: "init",
    startHeight: 1n,
    concurrency: 8,
    stopAtHeight: BigInt(options.stopAt),
    rpcTimeoutMs: options.rpcTimeoutMs,
    signal: options.signal ?? new AbortController().signal,
  });
}
