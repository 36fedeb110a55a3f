import { describe, expect, it } from "vitest";
import { type Measurement, medianOfRounds } from "./measure.js";

const round = (over: Partial<Measurement>): Measurement => ({
  name: "weft rich list deep",
  requestsPerSec: 1000,
  p50Ms: 2,
  p97_5Ms: 4,
  p99Ms: 5,
  requests: 5000,
  errors: 0,
  generatorCpu: 0.3,
  ...over,
});

describe("medianOfRounds", () => {
  it("takes each rate and percentile's median, sums requests and errors, keeps the busiest generator", () => {
    const combined = medianOfRounds([
      round({
        requestsPerSec: 900,
        p50Ms: 3,
        p97_5Ms: 6,
        p99Ms: 9,
        requests: 4500,
        errors: 1,
        generatorCpu: 0.2,
      }),
      round({
        requestsPerSec: 1100,
        p50Ms: 2,
        p97_5Ms: 4,
        p99Ms: 4,
        requests: 5500,
        errors: 0,
        generatorCpu: 0.5,
      }),
      round({
        requestsPerSec: 1000,
        p50Ms: 2,
        p97_5Ms: 5,
        p99Ms: 5,
        requests: 5000,
        errors: 2,
        generatorCpu: 0.4,
      }),
    ]);
    expect(combined).toEqual({
      name: "weft rich list deep",
      requestsPerSec: 1000,
      p50Ms: 2,
      p97_5Ms: 5,
      p99Ms: 5,
      requests: 15000,
      errors: 3,
      generatorCpu: 0.5,
    });
  });

  it("is the measurement itself for one round, and refuses none", () => {
    const only = round({ p99Ms: 7 });
    expect(medianOfRounds([only])).toEqual(only);
    expect(() => medianOfRounds([])).toThrow(/no rounds/);
  });

  it("is not moved by one round's outlying p99", () => {
    const rounds = [round({ p99Ms: 4 }), round({ p99Ms: 40 }), round({ p99Ms: 5 })];
    expect(medianOfRounds(rounds).p99Ms).toBe(5);
  });
});
