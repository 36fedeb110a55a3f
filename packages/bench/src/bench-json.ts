/**
 * The machine-readable result of a benchmark: every bench command takes `--json FILE` and, besides
 * its printed table, writes what the table was made of there, in one envelope (which bench, when,
 * with which settings) so `bench:all` and the chart generator (`charts/` beside this file) can read
 * any of them the same way.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The `--json` option, to spread into a bench's parseArgs options. */
export const JSON_OPTION = { json: { type: "string" } } as const;

export interface BenchResult<T> {
  bench: string;
  finishedAt: string;
  /** The settings the run used (its parsed options, defaults included). */
  settings: Record<string, unknown>;
  result: T;
}

/** Writes `result` to `file` (creating its folder) when a file was given; does nothing otherwise. */
export function writeBenchJson<T>(
  file: string | undefined,
  bench: string,
  settings: Record<string, unknown>,
  result: T,
): void {
  if (file === undefined) return;
  if (file.trim() === "") throw new Error("--json needs a file name");
  const body: BenchResult<T> = { bench, finishedAt: new Date().toISOString(), settings, result };
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
}

/** Latency percentiles of `samples` (ms), by nearest rank: what the benches' tables print. */
export function latencyPercentiles(samples: number[]): { p50: number; p99: number; max: number; n: number } {
  const s = [...samples].sort((x, y) => x - y);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
  return { p50: at(50), p99: at(99), max: at(100), n: s.length };
}
