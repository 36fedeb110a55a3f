import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBackfillBudget } from "./backfill-budget.js";

describe("createBackfillBudget", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const clock = () => performance.now();

  /** When each of `count` takes, asked at once, resolved (ms after asking). */
  async function grantTimes(budget: ReturnType<typeof createBackfillBudget>, count: number) {
    const start = clock();
    const times: number[] = [];
    const signal = new AbortController().signal;
    const all = Array.from({ length: count }, () =>
      budget.take(signal).then(() => times.push(Math.round(clock() - start))),
    );
    await vi.advanceTimersByTimeAsync(10_000);
    await Promise.all(all);
    return times;
  }

  it("hands out one permit every 1000/rate ms, in the order asked, with no burst", async () => {
    expect(await grantTimes(createBackfillBudget(10, clock), 5)).toEqual([0, 100, 200, 300, 400]);
  });

  it("saves no permits while idle: after a pause the next two are still 1000/rate apart", async () => {
    const budget = createBackfillBudget(20, clock);
    await grantTimes(budget, 3);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await grantTimes(budget, 2)).toEqual([0, 50]);
  });

  it("is shared: two callers asking together get the rate between them, not each", async () => {
    const budget = createBackfillBudget(10, clock);
    const [a, b] = await Promise.all([grantTimes(budget, 3), grantTimes(budget, 3)]);
    expect([...(a ?? []), ...(b ?? [])].sort((x, y) => x - y)).toEqual([0, 100, 200, 300, 400, 500]);
  });

  it("rejects a waiting take with the abort's reason, and one asked after the abort at once", async () => {
    const budget = createBackfillBudget(1, clock);
    const controller = new AbortController();
    await budget.take(controller.signal);
    const waiting = budget.take(controller.signal);
    const stop = new Error("stopping");
    controller.abort(stop);
    await expect(waiting).rejects.toBe(stop);
    await expect(budget.take(controller.signal)).rejects.toBe(stop);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("refuses a rate that is not positive", () => {
    expect(() => createBackfillBudget(0)).toThrow(RangeError);
  });
});
