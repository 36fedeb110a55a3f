#!/usr/bin/env node
/**
 * Writes the benchmark charts (SVG) from a results folder's JSON:
 *
 *   node dist/charts/cli.js --results benchmarks/results/<run> --out benchmarks/charts
 *
 * Without --results, the newest folder under benchmarks/results (folders are named by UTC date-time,
 * so the newest sorts last).
 */
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chartsFromFolder } from "./chart-inputs.js";

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
      out: { type: "string", default: "benchmarks/charts" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const folder = values.results ?? newestRun("benchmarks/results");
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
