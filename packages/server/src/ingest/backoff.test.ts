import { describe, expect, it } from "vitest";
import { createBackoff } from "./backoff.js";

describe("createBackoff", () => {
  it("doubles from the base to the cap, with the jitter in the upper half of each step", () => {
    const top = createBackoff({ baseMs: 500, maxMs: 30_000, random: () => 1 });
    expect(Array.from({ length: 9 }, () => top.next())).toEqual([
      500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    const bottom = createBackoff({ baseMs: 500, maxMs: 30_000, random: () => 0 });
    expect(Array.from({ length: 8 }, () => bottom.next())).toEqual([
      250, 500, 1000, 2000, 4000, 8000, 15000, 15000,
    ]);
  });

  it("starts over after a reset, and counts failures since then", () => {
    const backoff = createBackoff({ baseMs: 100, maxMs: 1000, random: () => 1 });
    backoff.next();
    backoff.next();
    expect(backoff.failures).toBe(2);
    expect(backoff.next()).toBe(400);
    backoff.reset();
    expect(backoff.failures).toBe(0);
    expect(backoff.next()).toBe(100);
  });

  it("stays finite after thousands of failures", () => {
    const backoff = createBackoff({ baseMs: 500, maxMs: 30_000, random: () => 1 });
    for (let i = 0; i < 5000; i++) backoff.next();
    expect(backoff.next()).toBe(30_000);
  });

  it("waits at most the given cap for one attempt without losing its place in the sequence", () => {
    const backoff = createBackoff({ baseMs: 500, maxMs: 30_000, random: () => 1 });
    expect(Array.from({ length: 6 }, () => backoff.next(2_000))).toEqual([500, 1000, 2000, 2000, 2000, 2000]);
    // A node failure after database ones goes on from where the sequence is, not from the start.
    expect(backoff.next()).toBe(30_000);
  });
});
