import { describe, expect, it } from "vitest";
import { lineChartSvg } from "./line-chart.js";
import { niceAxis } from "./svg.js";

describe("lineChartSvg", () => {
  it("draws one polyline per series through its points, scaled to the axes", () => {
    const svg = lineChartSvg({
      title: "Ingest rate",
      xLabel: "seconds",
      yLabel: "blocks/s",
      series: [
        {
          name: "one per txn",
          points: [
            [0, 0],
            [5, 400],
            [10, 200],
          ],
        },
        {
          name: "grouped",
          points: [
            [0, 0],
            [10, 800],
          ],
        },
        { name: "empty", points: [] },
      ],
    });
    const lines = [...svg.matchAll(/<polyline class="line" data-series="([^"]*)" points="([^"]*)"/g)];
    expect(lines.map((m) => m[1])).toEqual(["one per txn", "grouped"]);
    const points = (m: RegExpExecArray | undefined) =>
      (m?.[2] ?? "").split(" ").map((p) => p.split(",").map(Number) as [number, number]);
    const [a, b] = [points(lines[0]), points(lines[1])];
    expect(a).toHaveLength(3);
    // Same x on both series lands on the same pixel; y = 400 sits halfway between 0 and 800.
    expect(a[2]?.[0]).toBe(b[1]?.[0]);
    const y0 = a[0]?.[1] as number;
    const y800 = b[1]?.[1] as number;
    expect(a[1]?.[1]).toBeCloseTo((y0 + y800) / 2, 0);
    expect(svg).toContain(">blocks/s<");
    expect(svg).toContain(">seconds<");
  });

  it("refuses a chart with nothing to draw", () => {
    expect(() =>
      lineChartSvg({ title: "Ingest rate", xLabel: "s", yLabel: "b", series: [{ name: "x", points: [] }] }),
    ).toThrow("Ingest rate: no points to draw");
  });
});

describe("niceAxis", () => {
  it("rounds the maximum up to a round step", () => {
    expect(niceAxis(2000)).toEqual({ max: 2000, ticks: [0, 500, 1000, 1500, 2000] });
    expect(niceAxis(873)).toEqual({ max: 1000, ticks: [0, 200, 400, 600, 800, 1000] });
    expect(niceAxis(0.9).max).toBe(1);
  });
});
