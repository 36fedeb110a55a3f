/** A test database holding a synthetic chain written through the real derive + sink path. */
import { beforeAll } from "vitest";
import { deriveBlock } from "../ingest/derive/derive-block.js";
import { createPostgresSink } from "../ingest/postgres-sink.js";
import { SYNTHETIC_CHAIN_ID, type SyntheticOptions, syntheticPayload } from "./synthetic-chain.js";
import type { TestDatabase } from "./test-database.js";

export function useIngestedChain(database: () => TestDatabase, options: SyntheticOptions): void {
  beforeAll(async () => {
    const sink = createPostgresSink({ pool: database().db.pool, chainId: SYNTHETIC_CHAIN_ID });
    try {
      for (let h = 1; h <= options.blocks; h++) {
        await sink.write(BigInt(h), deriveBlock(syntheticPayload(h, options), "init"));
      }
    } finally {
      sink.close();
    }
  }, 120_000);
}
