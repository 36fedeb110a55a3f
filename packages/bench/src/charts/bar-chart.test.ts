import { describe, expect, it } from "vitest";
import { barChartSvg } from "./bar-chart.js";

/** The bars of an SVG as (series, category, value, width) read back from their attributes. */
function bars(svg: string) {
  return [
    ...svg.matchAll(
      /<rect class="bar" data-series="([^"]*)" data-category="([^"]*)" data-value="([^"]*)" x="[^"]*" y="[^"]*" width="([^"]*)"/g,
    ),
  ].map((m) => ({ series: m[1], category: m[2], value: Number(m[3]), width: Number(m[4]) }));
}

describe("barChartSvg", () => {
  const chart = {
    title: "Weft vs baseline",
    valueLabel: "requests/s",
    categories: ["blocks (first)", "tx by hash (first)"],
    series: [
      { name: "weft", values: [500, 2000] },
      { name: "raw baseline", values: [1000, null] },
    ],
  };

  it("draws one bar per known value, as long as its value relative to the axis", () => {
    const svg = barChartSvg(chart);
    expect(svg.startsWith("<svg xmlns")).toBe(true);
    const drawn = bars(svg);
    expect(drawn.map((b) => [b.series, b.category, b.value])).toEqual([
      ["weft", "blocks (first)", 500],
      ["raw baseline", "blocks (first)", 1000],
      ["weft", "tx by hash (first)", 2000],
    ]);
    // The axis tops at 2000: 500 is a quarter of 2000's bar, 1000 a half.
    const [w500, w1000, w2000] = drawn.map((b) => b.width) as [number, number, number];
    expect(w500 / w2000).toBeCloseTo(0.25, 2);
    expect(w1000 / w2000).toBeCloseTo(0.5, 2);
  });

  it("labels the categories, the series and the values", () => {
    const svg = barChartSvg(chart);
    for (const label of [
      "blocks (first)",
      "tx by hash (first)",
      ">weft<",
      ">raw baseline<",
      ">2 000<",
      ">500<",
    ])
      expect(svg).toContain(label);
    expect(svg).toContain("<title>Weft vs baseline</title>");
  });

  it("escapes text", () => {
    const svg = barChartSvg({ ...chart, title: "a < b & c" });
    expect(svg).toContain("a &lt; b &amp; c");
    expect(svg).not.toContain("a < b");
  });

  it("refuses a series whose values do not match the categories", () => {
    expect(() => barChartSvg({ ...chart, series: [{ name: "weft", values: [1] }] })).toThrow(
      'series "weft" has 1 values for 2 categories',
    );
    expect(() => barChartSvg({ ...chart, categories: [], series: [] })).toThrow("no categories");
  });
});
