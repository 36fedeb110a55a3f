/**
 * What the bar and line charts share: text escaping, number formatting, the series colours and a
 * "nice" axis. Hand-written SVG, so the charts need no plotting library and render on GitHub as is.
 */

/** Escapes text for SVG content and attribute values. */
export function escapeXml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}

/** A value as a label: whole numbers above 100, otherwise up to 3 significant digits. */
export function formatValue(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (Math.abs(value) >= 100) return Math.round(value).toLocaleString("en-US").replaceAll(",", " ");
  return String(Number(value.toPrecision(3)));
}

/** Colour-blind-safe palette (Okabe-Ito), one per series in order. */
export const PALETTE = [
  "#0072B2",
  "#E69F00",
  "#009E73",
  "#CC79A7",
  "#56B4E9",
  "#D55E00",
  "#F0E442",
  "#000000",
];

export const colourOf = (i: number): string => PALETTE[i % PALETTE.length] as string;

/** An axis from 0 to a round maximum at or above `max`, with 4-6 evenly spaced round ticks. */
export function niceAxis(max: number): { max: number; ticks: number[] } {
  if (!(max > 0) || !Number.isFinite(max)) return { max: 1, ticks: [0, 0.5, 1] };
  const rough = max / 5;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * magnitude >= rough) ?? 10) * magnitude;
  const top = Math.ceil(max / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let t = 0; t <= top + step / 2; t += step) ticks.push(Number(t.toPrecision(12)));
  return { max: top, ticks };
}

/** The document around a chart's body: white background, a title, a sans-serif font. */
export function svgDocument(width: number, height: number, title: string, body: string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${width / 2}" y="22" text-anchor="middle" font-size="15" font-weight="bold">${escapeXml(title)}</text>`,
    ...body,
    "</svg>",
    "",
  ].join("\n");
}

/** A row of coloured squares and series names, starting at (x, y). */
export function legend(names: string[], x: number, y: number): string[] {
  const out: string[] = [];
  let at = x;
  names.forEach((name, i) => {
    out.push(`<rect x="${at}" y="${y - 10}" width="12" height="12" fill="${colourOf(i)}"/>`);
    out.push(`<text x="${at + 16}" y="${y}">${escapeXml(name)}</text>`);
    // Roughly 7 px per character of 12 px sans-serif.
    at += 16 + name.length * 7 + 18;
  });
  return out;
}

/** Rounds a coordinate to 0.1 px: smaller files, identical rendering. */
export const px = (n: number): string => String(Math.round(n * 10) / 10);
