import { describe, expect, it } from "vitest";
import { createChain } from "./create-chain.js";

const BLOCKS = 60;
const heights = Array.from({ length: BLOCKS }, (_, i) => i + 1);

describe("density options", () => {
  it("change nothing when off", () => {
    const plain = createChain({ seed: 5, vm: "evm" });
    const off = createChain({
      seed: 5,
      vm: "evm",
      density: { freshRecipientShare: 0, evmNftMintShare: 0 },
    });
    for (const h of heights.slice(0, 20)) {
      expect(JSON.stringify(off.block(h))).toBe(JSON.stringify(plain.block(h)));
      expect(JSON.stringify(off.evm(h))).toBe(JSON.stringify(plain.evm(h)));
    }
  });

  it("pay fresh addresses and keep the same tx count per block", () => {
    const plain = createChain({ seed: 5, maxTxsPerBlock: 20 });
    const dense = createChain({ seed: 5, maxTxsPerBlock: 20, density: { freshRecipientShare: 0.5 } });
    const recipients = new Set<string>();
    let sends = 0;
    for (const h of heights) {
      const truth = dense.truth(h);
      expect(truth.length).toBe(plain.truth(h).length);
      for (const t of truth)
        for (const m of t.moved ?? []) {
          sends++;
          recipients.add(m.to);
        }
    }
    const fresh = [...recipients].filter((r) => !dense.accounts.includes(r));
    // About half the sends pay a fresh address, each a different one.
    expect(fresh.length).toBeGreaterThan(sends * 0.35);
    expect(fresh.length).toBeLessThan(sends * 0.65);
    // Deterministic: the same options give the same chain.
    const again = createChain({ seed: 5, maxTxsPerBlock: 20, density: { freshRecipientShare: 0.5 } });
    expect(JSON.stringify(again.block(7))).toBe(JSON.stringify(dense.block(7)));
  });

  it("force ERC-721 mints with unique token ids past 16 EVM txs a block", () => {
    const chain = createChain({
      seed: 5,
      vm: "evm",
      maxTxsPerBlock: 0,
      maxEvmTxsPerBlock: 24,
      density: { evmNftMintShare: 0.8 },
    });
    const zero = `0x${"0".repeat(64)}`;
    const tokenIds = new Set<string>();
    let txs = 0;
    let mints = 0;
    for (const h of heights) {
      for (const receipt of chain.evm(h).receipts) {
        txs++;
        const logs = receipt.logs as { topics: string[] }[];
        for (const log of logs)
          if (log.topics.length === 4 && log.topics[1] === zero) {
            mints++;
            tokenIds.add(log.topics[3] ?? "");
          }
      }
    }
    // 80% forced mints, of which about 12% revert (no logs), plus the usual mix's own mints.
    expect(mints / txs).toBeGreaterThan(0.65);
    expect(tokenIds.size).toBe(mints);
  });
});
