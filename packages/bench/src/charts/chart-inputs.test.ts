import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chartsFromFolder } from "./chart-inputs.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "weft-charts-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const write = (name: string, json: unknown) => writeFileSync(path.join(dir, name), JSON.stringify(json));
const envelope = (bench: string, result: unknown) => ({ bench, finishedAt: "", settings: {}, result });
const m = (requestsPerSec: number, p50Ms: number, p99Ms: number) => ({
  requestsPerSec,
  p50Ms,
  p99Ms,
  requests: 1,
  errors: 0,
});

describe("chartsFromFolder", () => {
  it("draws the charts of every result present, from its numbers", () => {
    write(
      "ingest.json",
      envelope("ingest", {
        blocks: 1000,
        rows: 9000,
        runs: [
          {
            path: "weft, up to 64 blocks per transaction",
            rate: [
              { atSec: 1, height: 700, blocksPerSec: 700 },
              { atSec: 1.5, height: 1000, blocksPerSec: 600 },
            ],
          },
          { path: "plain bulk insert", seconds: 1 },
        ],
      }),
    );
    write(
      "deep-vs-baseline.json",
      envelope("deep-vs-baseline", {
        rows: [
          { endpoint: "txs", page: "first", weft: m(250, 40, 60), baseline: m(339, 27, 51) },
          { endpoint: "txs", page: "deep", weft: m(228, 43, 70), baseline: m(308, 31, 58) },
        ],
      }),
    );
    write(
      "route.json",
      envelope("route", { latencyMs: [{ name: "weft POST /v2/fungible/route", p50: 0.593, p99: 3.7 }] }),
    );
    write("reference.json", {
      sides: { a: { name: "weft", url: "" }, b: { name: "rollytics", url: "" } },
      results: [
        { connections: 10, group: "lists", a: { median: m(470, 17, 74) }, b: { median: m(295, 14, 158) } },
      ],
    });
    const charts = chartsFromFolder(dir);
    expect(charts.map((c) => c.name).sort()).toEqual([
      "deep-pages-latency.svg",
      "ingest-rate.svg",
      "reference-latency.svg",
      "route-latency.svg",
      "weft-vs-baseline.svg",
      "weft-vs-reference.svg",
    ]);
    const svg = (name: string) => charts.find((c) => c.name === name)?.svg ?? "";
    expect(svg("weft-vs-baseline.svg")).toContain('data-category="txs (deep)" data-value="228"');
    expect(svg("weft-vs-baseline.svg")).toContain(
      'data-series="raw baseline" data-category="txs (first)" data-value="339"',
    );
    expect(svg("deep-pages-latency.svg")).toContain(
      'data-series="weft p99" data-category="txs (first)" data-value="60"',
    );
    expect(svg("weft-vs-reference.svg")).toContain(
      'data-series="rollytics" data-category="lists" data-value="295"',
    );
    expect(svg("route-latency.svg")).toContain(
      'data-series="p99" data-category="weft POST /v2/fungible/route" data-value="3.7"',
    );
    // Only the weft run has a rate series: one line, through both samples.
    expect(svg("ingest-rate.svg").match(/<polyline/g)).toHaveLength(1);
    expect(svg("ingest-rate.svg")).toContain("1000 devnet blocks");
  });

  it("says which file and field are wrong", () => {
    write(
      "deep-vs-baseline.json",
      envelope("deep-vs-baseline", { rows: [{ endpoint: "txs", page: "first", weft: {} }] }),
    );
    expect(() => chartsFromFolder(dir)).toThrow(
      /deep-vs-baseline\.json: expected weft\.requestsPerSec to be a number/,
    );
  });

  it("refuses a folder without results, naming what it looked for", () => {
    expect(() => chartsFromFolder(dir)).toThrow(
      /no benchmark results in .*: expected one or more of ingest\.json/,
    );
    expect(() => chartsFromFolder(path.join(dir, "missing"))).toThrow("results folder not found");
  });

  it("refuses a result file that is not JSON", () => {
    writeFileSync(path.join(dir, "route.json"), "{ half");
    expect(() => chartsFromFolder(dir)).toThrow(/route\.json: not readable JSON/);
  });
});
