import { describe, expect, it } from "vitest";
import { fetchInOrder } from "./ordered-fetch.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("fetchInOrder", () => {
  it("yields strictly in order while fetching in parallel", async () => {
    let active = 0;
    let peak = 0;
    const got: bigint[] = [];
    for await (const { height, value } of fetchInOrder({
      from: 1n,
      to: 20n,
      concurrency: 4,
      fetch: async (h) => {
        active++;
        peak = Math.max(peak, active);
        // Later heights finish first, so ordering is really enforced.
        await sleep(Number(25n - h));
        active--;
        return `block-${h}`;
      },
    })) {
      expect(value).toBe(`block-${height}`);
      got.push(height);
    }
    expect(got).toEqual(Array.from({ length: 20 }, (_, i) => BigInt(i + 1)));
    expect(peak).toBe(4);
  });

  it("throws the first failure in order and aborts the rest", async () => {
    const aborted: bigint[] = [];
    const seen: bigint[] = [];
    const run = async () => {
      for await (const { height } of fetchInOrder({
        from: 1n,
        to: 10n,
        concurrency: 3,
        fetch: (h, signal) =>
          new Promise<bigint>((resolve, reject) => {
            if (h === 3n) {
              setTimeout(() => reject(new Error("node down at 3")), 5);
              return;
            }
            const t = setTimeout(() => resolve(h), 20);
            signal.addEventListener("abort", () => {
              clearTimeout(t);
              aborted.push(h);
              reject(signal.reason);
            });
          }),
      })) {
        seen.push(height);
      }
    };
    await expect(run()).rejects.toThrow("node down at 3");
    expect(seen).toEqual([1n, 2n]);
    expect(aborted.length).toBeGreaterThan(0);
  });

  it("stops fetching when the consumer stops early", async () => {
    const fetched: bigint[] = [];
    for await (const { height } of fetchInOrder({
      from: 1n,
      to: 1000n,
      concurrency: 2,
      fetch: async (h) => {
        fetched.push(h);
        return h;
      },
    })) {
      if (height === 5n) break;
    }
    expect(fetched.length).toBeLessThanOrEqual(7);
  });
});
