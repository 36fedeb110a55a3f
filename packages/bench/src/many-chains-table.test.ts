import { describe, expect, it } from "vitest";
import { overRounds } from "./many-chains-table.js";

const window = (p50Ms: number, p99Ms: number, latenciesMs?: number[]) => ({
  requestsPerSec: 100,
  p50Ms,
  p99Ms,
  requests: latenciesMs?.length ?? 100,
  errors: 1,
  ...(latenciesMs ? { latenciesMs } : {}),
});

describe("overRounds", () => {
  it("takes an open loop's percentiles over every round's requests together", () => {
    // 3 windows of 100: one stall of 2 slow answers is that window's p99, and 0.7% of all 300.
    const calm = Array.from({ length: 100 }, (_, i) => 1 + i / 100);
    const stalled = [...calm.slice(2), 80, 81];
    const r = overRounds([window(1.5, 2, calm), window(1.5, 80, stalled), window(1.5, 2, calm)]);
    expect(r.p99Ms).toBeLessThanOrEqual(2);
    expect(r.p50Ms).toBe(1.5);
    expect(r.requests).toBe(300);
    expect(r.errors).toBe(3);
    // The rounds keep their own figures, not their latencies.
    expect(r.rounds.map((w) => w.p99Ms)).toEqual([2, 80, 2]);
    // Slow answers in most windows are the figure, as they would be in one long window.
    const slow = [...calm.slice(2), 60, 61];
    expect(overRounds([window(1, 60, slow), window(1, 60, slow), window(1, 2, calm)]).p99Ms).toBe(60);
    expect(r.rounds.every((w) => !("latenciesMs" in w))).toBe(true);
  });

  it("takes the median of the rounds' percentiles when they kept none (a closed loop)", () => {
    const r = overRounds([window(1, 5), window(2, 90), window(3, 7)]);
    expect([r.p50Ms, r.p99Ms]).toEqual([2, 7]);
  });
});
