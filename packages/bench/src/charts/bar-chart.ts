/**
 * A grouped horizontal bar chart as SVG: one band per category (an endpoint, a request group), one
 * bar per series inside it (Weft, the baseline; or p50, p99), each bar labelled with its value.
 * Horizontal, because the categories are long names that would not fit under vertical bars.
 */
import { colourOf, escapeXml, formatValue, legend, niceAxis, px, svgDocument } from "./svg.js";

export interface BarChart {
  title: string;
  /** What the values are, e.g. "requests/s (higher is better)". */
  valueLabel: string;
  categories: string[];
  /** One value per category, in order; null where the series has none (drawn as no bar). */
  series: { name: string; values: (number | null)[] }[];
}

const BAR = 14;
const GAP = 3;
const BAND_PAD = 10;
const PLOT_WIDTH = 560;
const RIGHT = 70;
/** Roughly 6.6 px per character of 12 px sans-serif: room for the longest category name. */
const labelWidth = (labels: string[]) =>
  Math.max(120, 16 + Math.ceil(6.6 * Math.max(...labels.map((l) => l.length))));

export function barChartSvg(chart: BarChart): string {
  if (chart.categories.length === 0) throw new Error(`${chart.title}: no categories to draw`);
  if (chart.series.length === 0) throw new Error(`${chart.title}: no series to draw`);
  for (const s of chart.series)
    if (s.values.length !== chart.categories.length)
      throw new Error(
        `${chart.title}: series "${s.name}" has ${s.values.length} values for ${chart.categories.length} categories`,
      );
  const values = chart.series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const axis = niceAxis(Math.max(0, ...values));
  const band = chart.series.length * (BAR + GAP) - GAP + 2 * BAND_PAD;
  const top = 58;
  const plotHeight = chart.categories.length * band;
  const height = top + plotHeight + 50;
  const LEFT = labelWidth(chart.categories);
  const plotWidth = PLOT_WIDTH;
  const WIDTH = LEFT + PLOT_WIDTH + RIGHT;
  const x = (v: number) => LEFT + (v / axis.max) * plotWidth;

  const body: string[] = legend(
    chart.series.map((s) => s.name),
    LEFT,
    44,
  );
  for (const t of axis.ticks) {
    body.push(
      `<line x1="${px(x(t))}" y1="${top}" x2="${px(x(t))}" y2="${top + plotHeight}" stroke="#dddddd"/>`,
      `<text x="${px(x(t))}" y="${top + plotHeight + 16}" text-anchor="middle" fill="#555555">${formatValue(t)}</text>`,
    );
  }
  chart.categories.forEach((category, c) => {
    const bandTop = top + c * band;
    body.push(
      `<text class="category" x="${LEFT - 8}" y="${px(bandTop + band / 2 + 4)}" text-anchor="end">${escapeXml(category)}</text>`,
    );
    chart.series.forEach((s, i) => {
      const v = s.values[c];
      if (v === null || v === undefined) return;
      const y = bandTop + BAND_PAD + i * (BAR + GAP);
      body.push(
        `<rect class="bar" data-series="${escapeXml(s.name)}" data-category="${escapeXml(category)}" data-value="${v}" x="${LEFT}" y="${px(y)}" width="${px(x(v) - LEFT)}" height="${BAR}" fill="${colourOf(i)}"/>`,
        `<text class="value" x="${px(x(v) + 4)}" y="${px(y + BAR - 3)}" font-size="11">${formatValue(v)}</text>`,
      );
    });
  });
  body.push(
    `<line x1="${LEFT}" y1="${top}" x2="${LEFT}" y2="${top + plotHeight}" stroke="#333333"/>`,
    `<text x="${LEFT + plotWidth / 2}" y="${top + plotHeight + 38}" text-anchor="middle">${escapeXml(chart.valueLabel)}</text>`,
  );
  return svgDocument(WIDTH, height, chart.title, body);
}
