import { pino } from "pino";
import { describe, expect, it } from "vitest";
import type { ChainsFile } from "../chain/chains-file.js";
import { superviseChains } from "./chain-supervisor.js";
import type { IngestStatus } from "./ingest-status.js";

const entry = {
  chainId: "alpha-1",
  vmType: "move",
  rpcUrl: "http://127.0.0.1:1",
  restUrl: "http://127.0.0.1:1",
  bech32Prefix: "init",
} as ChainsFile["chains"][number];

describe("superviseChains: a chain's restarts", () => {
  it("doubles the wait per failure, and starts over after an attempt longer than the longest wait", async () => {
    const waits: number[] = [];
    const logger = pino(
      { level: "error" },
      {
        write: (l: string) => void waits.push((JSON.parse(l) as { retry_in_ms: number }).retry_in_ms),
      },
    );
    const stop = new AbortController();
    let opens = 0;
    const supervisor = superviseChains({
      readChains: () => ({ chains: [entry], skipped: [] }),
      // Four quick failures, then one that takes longer than the longest wait (a chain that ran).
      openChainDatabase: async () => {
        opens += 1;
        if (opens === 5) await new Promise((r) => setTimeout(r, 250));
        if (opens >= 6) stop.abort();
        throw new Error(`refused ${opens}`);
      },
      createStatus: () => ({ detach: () => undefined, stalled: () => undefined }) as unknown as IngestStatus,
      ingest: { startHeight: 1n },
      logger,
      signal: stop.signal,
      pollMs: 10_000,
      restartDelayMs: 20,
      restartMaxDelayMs: 160,
    });
    await supervisor.done;
    // Equal jitter: each wait in the upper half of its step (20, 40, 80, 160), then 20 again.
    const steps = [20, 40, 80, 160, 20];
    expect(waits).toHaveLength(steps.length);
    waits.forEach((w, i) => {
      expect(w).toBeGreaterThanOrEqual((steps[i] as number) / 2);
      expect(w).toBeLessThanOrEqual(steps[i] as number);
    });
  });
});
