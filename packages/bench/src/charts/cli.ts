#!/usr/bin/env node
/**
 * Writes the benchmark charts (SVG) from a results folder's JSON:
 *
 *   node packages/bench/dist/charts/cli.js [--results packages/bench/results/<run>] [--out packages/bench/charts]
 *
 * Without --results, the newest folder under this package's results/ (folders are named by UTC
 * date-time, so the newest sorts last); without --out, this package's charts/. Both defaults are the
 * package's folders wherever the command runs from.
 */
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { chartsFromFolder } from "./chart-inputs.js";

/** packages/bench, from dist/charts/cli.js. */
const PACKAGE = fileURLToPath(new URL("../..", import.meta.url));

const USAGE = "usage: weft-charts [--results FOLDER] [--out FOLDER]";

function newestRun(root: string): string {
  let runs: string[];
  try {
    runs = readdirSync(root, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
  } catch {
    throw new Error(`no results folder given and ${root} does not exist`);
  }
  const last = runs.at(-1);
  if (!last) throw new Error(`no results folder given and ${root} holds no runs`);
  return path.join(root, last);
}

function main(): void {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== "--"),
    options: {
      results: { type: "string" },
      out: { type: "string", default: path.join(PACKAGE, "charts") },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const folder = values.results ?? newestRun(path.join(PACKAGE, "results"));
  const charts = chartsFromFolder(folder);
  mkdirSync(values.out, { recursive: true });
  for (const chart of charts) {
    writeFileSync(path.join(values.out, chart.name), chart.svg);
    process.stdout.write(`${path.join(values.out, chart.name)} (from ${chart.from})\n`);
  }
}

try {
  main();
} catch (err) {
  process.stderr.write(`weft-charts: ${(err as Error).message}\n${USAGE}\n`);
  process.exit(1);
}
