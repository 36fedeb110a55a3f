/** A test database holding a seeded EVM devnet chain, written through the real derive + sink path. */
import { type Chain, createChain } from "@weft/devnet";
import { bech32 } from "bech32";
import { beforeAll } from "vitest";
import type { BalanceDelta } from "../ingest/derive/balance-deltas.js";
import { deriveBlock } from "../ingest/derive/derive-block.js";
import type { EvmReceipt, TraceEntry } from "../ingest/derive/evm-payloads.js";
import type { BlockPayload } from "../ingest/derive/node-payloads.js";
import { createPostgresSink } from "../ingest/postgres-sink.js";
import type { TestDatabase } from "./test-database.js";

/** The node's ERC-20 balances of the fee denom after `height`, as rich-list rows. */
function balancesAfter(chain: Chain, height: number): BalanceDelta[] {
  const denom = chain.contractByDenom("uinit") ?? "";
  return [...(chain.bank?.balances(height) ?? [])]
    .filter(([, amount]) => amount !== 0n)
    .map(([address, amount]) => ({
      denom,
      account: Buffer.from(bech32.fromWords(bech32.decode(address, 90).words)),
      amount,
    }));
}

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
        const bundle = deriveBlock(payload, chain.prefix);
        // As `weft ingest` does on an empty index (initial-balances.ts), block 1 carries every
        // account's balances after it instead of its own deltas.
        await sink.write(BigInt(h), h === 1 ? { ...bundle, balances: balancesAfter(chain, 1) } : bundle);
      }
    } finally {
      sink.close();
    }
  }, 120_000);
  return chain;
}
