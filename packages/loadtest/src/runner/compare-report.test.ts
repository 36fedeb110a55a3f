import { describe, expect, it } from "vitest";
import { comparePlan } from "./compare-plan.js";
import {
  buildResults,
  type CompareReport,
  formatCompareTables,
  latencyRatio,
  ratio,
  type Sample,
} from "./compare-report.js";

describe("ratio", () => {
  it("is B over A, and null when A is 0", () => {
    expect(ratio(50, 100)).toBe(0.5);
    expect(ratio(0, 100)).toBe(0);
    expect(ratio(3, 0)).toBeNull();
  });
});

describe("latencyRatio", () => {
  it("is B over A, and null when either is under autocannon's 1 ms resolution", () => {
    expect(latencyRatio(3, 2)).toBe(1.5);
    expect(latencyRatio(1, 1)).toBe(1);
    expect(latencyRatio(0, 0.5)).toBeNull();
    expect(latencyRatio(0.5, 4)).toBeNull();
    expect(latencyRatio(4, 0)).toBeNull();
  });
});

const groups = [
  { name: "lists", paths: ["/l1", "/l2"] },
  { name: "single items", paths: ["/s"] },
];

/** Made-up measurements: A serves 100·round req/s at p50 2, p99 10; B half that, twice as slow. */
function samples(connections: number[], rounds: number): Sample[] {
  return comparePlan(groups, connections, rounds).map((step) => {
    const a = step.side === "a";
    const rps = (a ? 100 : 50) * step.round * (step.group.name === "lists" ? 1 : 10);
    return {
      step,
      measurement: {
        name: step.group.name,
        requestsPerSec: rps,
        p50Ms: a ? 2 : 4,
        p97_5Ms: 0,
        p99Ms: a ? 10 : 20 + step.round,
        requests: rps,
        errors: a ? 0 : 1,
        // B's single items saturate the generator in the last round.
        generatorCpu: !a && step.group.name === "single items" && step.round === rounds ? 0.97 : 0.4,
      },
    };
  });
}

describe("buildResults", () => {
  it("gives every round and the medians per connections, group and side, and B/A of the medians", () => {
    const results = buildResults(samples([10, 50], 3));
    expect(results.map((r) => `${r.connections} ${r.group}`)).toEqual([
      "10 lists",
      "10 single items",
      "50 lists",
      "50 single items",
    ]);
    const [lists] = results;
    expect(lists?.urls).toBe(2);
    expect(lists?.a.rounds.map((r) => [r.round, r.position, r.requestsPerSec])).toEqual([
      [1, 1, 100],
      [2, 2, 200],
      [3, 1, 300],
    ]);
    expect(lists?.b.rounds.map((r) => [r.round, r.position])).toEqual([
      [1, 2],
      [2, 1],
      [3, 2],
    ]);
    expect(lists?.a.median).toEqual({ requestsPerSec: 200, p50Ms: 2, p99Ms: 10 });
    expect(lists?.b.median).toEqual({ requestsPerSec: 100, p50Ms: 4, p99Ms: 22 });
    expect(lists?.a).toMatchObject({ requests: 600, errors: 0 });
    expect(lists?.b).toMatchObject({ requests: 300, errors: 3 });
    expect(lists?.ratio).toEqual({ requestsPerSec: 0.5, p50Ms: 2, p99Ms: 2.2 });
    expect(lists?.roundRatios).toEqual([
      { round: 1, requestsPerSec: 0.5, p50Ms: 2, p99Ms: 2.1 },
      { round: 2, requestsPerSec: 0.5, p50Ms: 2, p99Ms: 2.2 },
      { round: 3, requestsPerSec: 0.5, p50Ms: 2, p99Ms: 2.3 },
    ]);
    expect(results[1]?.a.median.requestsPerSec).toBe(2000);
  });

  it("refuses a group measured on one side only", () => {
    expect(() => buildResults(samples([10], 1).filter((s) => s.step.side === "a"))).toThrow(
      /lists at 10 connections was not measured on both sides/,
    );
  });

  it("survives a JSON round trip unchanged (nothing but plain data)", () => {
    const results = buildResults(samples([10], 2));
    expect(JSON.parse(JSON.stringify(results))).toEqual(results);
  });
});

function report(connections: number[], rounds: number): CompareReport {
  return {
    tool: "weft-loadtest compare",
    ratio: "b/a",
    startedAt: "2026-01-01T00:00:00.000Z",
    finishedAt: "2026-01-01T00:01:00.000Z",
    sides: { a: { name: "weft", url: "http://127.0.0.1:1" }, b: { name: "ref", url: "http://127.0.0.1:2" } },
    settings: { durationSec: 3, connections, rounds, warmupSec: 0, only: null },
    results: buildResults(samples(connections, rounds)),
  };
}

describe("formatCompareTables", () => {
  it("prints one table per connection count with medians, B/A ratios and the per-round range", () => {
    const text = formatCompareTables(report([10, 50], 3));
    // Per connection count: title, table, and the saturated generator's warning.
    expect(text.split("\n\n")).toHaveLength(6);
    expect(text).toContain(
      "10 connections, 3 s per measurement, median of 3 rounds; A = weft, B = ref\n" +
        "B/A above 1: B serves more req/s, or is slower at p50/p99; - where a latency is under autocannon's 1 ms resolution",
    );
    expect(text).toContain("50 connections, 3 s per measurement");
    const lines = text.split("\n");
    expect(lines[3]).toBe(
      "| group        | weft req/s | ref req/s | req/s B/A | B/A per round | weft p50 ms | ref p50 ms | p50 B/A | weft p99 ms | ref p99 ms | p99 B/A | errors A / B |",
    );
    expect(lines[5]).toBe(
      "| lists        | 200        | 100       | 0.50      | 0.50..0.50    | 2           | 4          | 2.00    | 10          | 22         | 2.20    | 0 / 3        |",
    );
    expect(lines[6]).toMatch(/^\| single items \| 2000 +\| 1000 +\| 0\.50 /);
  });

  it("names the rows whose load generator was saturated in any round, and only those", () => {
    const r = report([10], 3);
    const text = formatCompareTables(r);
    expect(text).toContain("Load generator saturated (>= 0.9 of a core) on: single items (B). ");
    expect(text).toContain("faster generator (wrk)");
    expect(r.results[1]?.b.rounds.map((x) => x.generatorCpu)).toEqual([0.4, 0.4, 0.97]);
    for (const round of r.results.flatMap((x) => [...x.a.rounds, ...x.b.rounds])) round.generatorCpu = 0.89;
    expect(formatCompareTables(r)).not.toContain("saturated");
  });

  it("leaves the per-round range out of a single round, and shows - where there is no ratio", () => {
    const r = report([10], 1);
    const first = r.results[0];
    if (first) first.ratio.p50Ms = null;
    const text = formatCompareTables(r);
    expect(text).toContain("median of 1 round;");
    expect(text).not.toContain("B/A per round");
    expect(text).toMatch(/\| lists +\| 100 +\| 50 +\| 0\.50 +\| 2 +\| 4 +\| - +\|/);
  });
});
