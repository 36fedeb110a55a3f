/**
 * A line chart as SVG: one polyline per series over a shared x axis, e.g. blocks/s over the seconds
 * of a backfill, one line per ingest setting.
 */
import { colourOf, escapeXml, formatValue, legend, niceAxis, px, svgDocument } from "./svg.js";

export interface LineChart {
  title: string;
  xLabel: string;
  yLabel: string;
  series: { name: string; points: [x: number, y: number][] }[];
}

const WIDTH = 900;
const HEIGHT = 420;
const LEFT = 70;
const RIGHT = 30;
const TOP = 58;
const BOTTOM = 60;

export function lineChartSvg(chart: LineChart): string {
  const drawn = chart.series.filter((s) => s.points.length > 0);
  if (drawn.length === 0) throw new Error(`${chart.title}: no points to draw`);
  const xs = drawn.flatMap((s) => s.points.map(([x]) => x));
  const ys = drawn.flatMap((s) => s.points.map(([, y]) => y));
  const xAxis = niceAxis(Math.max(...xs));
  const yAxis = niceAxis(Math.max(...ys));
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const sx = (v: number) => LEFT + (v / xAxis.max) * plotWidth;
  const sy = (v: number) => TOP + plotHeight - (v / yAxis.max) * plotHeight;

  const body: string[] = legend(
    drawn.map((s) => s.name),
    LEFT,
    44,
  );
  for (const t of yAxis.ticks)
    body.push(
      `<line x1="${LEFT}" y1="${px(sy(t))}" x2="${LEFT + plotWidth}" y2="${px(sy(t))}" stroke="#dddddd"/>`,
      `<text x="${LEFT - 6}" y="${px(sy(t) + 4)}" text-anchor="end" fill="#555555">${formatValue(t)}</text>`,
    );
  for (const t of xAxis.ticks)
    body.push(
      `<text x="${px(sx(t))}" y="${TOP + plotHeight + 16}" text-anchor="middle" fill="#555555">${formatValue(t)}</text>`,
    );
  drawn.forEach((s, i) => {
    const points = s.points.map(([x, y]) => `${px(sx(x))},${px(sy(y))}`).join(" ");
    body.push(
      `<polyline class="line" data-series="${escapeXml(s.name)}" points="${points}" fill="none" stroke="${colourOf(i)}" stroke-width="2"/>`,
    );
  });
  body.push(
    `<line x1="${LEFT}" y1="${TOP + plotHeight}" x2="${LEFT + plotWidth}" y2="${TOP + plotHeight}" stroke="#333333"/>`,
    `<line x1="${LEFT}" y1="${TOP}" x2="${LEFT}" y2="${TOP + plotHeight}" stroke="#333333"/>`,
    `<text x="${LEFT + plotWidth / 2}" y="${HEIGHT - 20}" text-anchor="middle">${escapeXml(chart.xLabel)}</text>`,
    `<text transform="translate(18 ${TOP + plotHeight / 2}) rotate(-90)" text-anchor="middle">${escapeXml(chart.yLabel)}</text>`,
  );
  return svgDocument(WIDTH, HEIGHT, chart.title, body);
}
