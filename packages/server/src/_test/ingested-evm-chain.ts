/** A test database holding a seeded EVM devnet chain, written through the real derive + sink path. */
import { type Chain, createChain } from "@weft/devnet";
import { beforeAll } from "vitest";
import { deriveBlock } from "../ingest/derive/derive-block.js";
import type { EvmReceipt, TraceEntry } from "../ingest/derive/evm-payloads.js";
import type { BlockPayload } from "../ingest/derive/node-payloads.js";
import { createPostgresSink } from "../ingest/postgres-sink.js";
import type { TestDatabase } from "./test-database.js";

export function useIngestedEvmChain(
  database: () => TestDatabase,
  options: { seed: number; blocks: number },
): Chain {
  const chain = createChain({ seed: options.seed, vm: "evm" });
  beforeAll(async () => {
    const sink = createPostgresSink({ pool: database().db.pool, chainId: chain.chainId });
    try {
      for (let h = 1; h <= options.blocks; h++) {
        const evm = chain.evm(h);
        const payload = {
          ...chain.block(h),
          evm: { receipts: evm.receipts as EvmReceipt[], traces: evm.traces as unknown as TraceEntry[] },
        } as BlockPayload;
        await sink.write(BigInt(h), deriveBlock(payload, chain.prefix));
      }
    } finally {
      sink.close();
    }
  }, 120_000);
  return chain;
}
