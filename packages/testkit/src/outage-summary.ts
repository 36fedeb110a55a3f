/**
 * The numbers of an outage run, phase by phase: requests and their outcomes, latencies of the
 * requests started in each phase, how long the API and ingestion took to come back after each
 * outage. Printed by the test and the benchmark, the same table.
 */
import type { Outage, OutageScenarioResult } from "./outage-scenario.js";
import { type RequestSample, type SampleStats, sampleStats } from "./request-load.js";

export interface PhaseSummary extends SampleStats {
  name: string;
  fromMs: number;
  toMs: number;
  /** Outages only: from the database's return to the first 200 of a request started after it. */
  apiRecoveryMs?: number | undefined;
  /** Outages only: from the database's return to the first checkpoint above its height then. */
  ingestRecoveryMs?: number | undefined;
}

/** The first 200 completed by a request started at or after `fromMs`, as ms after `fromMs`. */
export function apiRecoveryMs(samples: RequestSample[], fromMs: number): number | undefined {
  const ends = samples.filter((s) => s.startMs >= fromMs && s.status === 200).map((s) => s.endMs);
  return ends.length ? Math.min(...ends) - fromMs : undefined;
}

/** When the checkpoint first moved past where it stood at `fromMs`, as ms after `fromMs`. */
export function ingestRecoveryMs(
  checkpoints: OutageScenarioResult["checkpoints"],
  fromMs: number,
): number | undefined {
  const before = checkpoints.filter((c) => c.atMs <= fromMs).at(-1)?.height ?? 0;
  const moved = checkpoints.find((c) => c.atMs > fromMs && c.height > before);
  return moved ? moved.atMs - fromMs : undefined;
}

/** Phases in order: warm, each outage and the recovery after it. */
export function summarizePhases(result: OutageScenarioResult): PhaseSummary[] {
  const { samples, outages } = result;
  const lastMs = samples.at(-1)?.startMs ?? 0;
  const phases: { name: string; fromMs: number; toMs: number; outage?: Outage }[] = [];
  let fromMs = samples[0]?.startMs ?? 0;
  for (const [i, outage] of outages.entries()) {
    phases.push({ name: i === 0 ? "warm" : `after ${outages[i - 1]?.mode}`, fromMs, toMs: outage.startMs });
    phases.push({ name: outage.mode, fromMs: outage.startMs, toMs: outage.endMs, outage });
    fromMs = outage.endMs;
  }
  phases.push({ name: `after ${outages.at(-1)?.mode ?? "start"}`, fromMs, toMs: lastMs + 1 });
  return phases.map((p) => ({
    name: p.name,
    fromMs: p.fromMs,
    toMs: p.toMs,
    ...sampleStats(samples.filter((s) => s.startMs >= p.fromMs && s.startMs < p.toMs)),
    ...(p.outage
      ? {
          apiRecoveryMs: apiRecoveryMs(samples, p.outage.endMs),
          ingestRecoveryMs: ingestRecoveryMs(result.checkpoints, p.outage.endMs),
        }
      : {}),
  }));
}

const seconds = (ms: number | undefined) => (ms === undefined ? "never" : (ms / 1000).toFixed(2));

/** A plain-text table of the phases and a line on the whole run. */
export function formatSummary(result: OutageScenarioResult): string {
  const rows = summarizePhases(result);
  const all = sampleStats(result.samples);
  const header = [
    "phase",
    "seconds",
    "requests",
    "2xx",
    "503",
    "other",
    "p50 ms",
    "p99 ms",
    "max ms",
    ">=1 s",
    "API back s",
    "ingest back s",
  ];
  const cells = rows.map((r) => [
    r.name,
    ((r.toMs - r.fromMs) / 1000).toFixed(1),
    String(r.requests),
    String(r.ok),
    String(r.unavailable),
    String(r.other),
    String(r.p50Ms),
    String(r.p99Ms),
    String(r.maxMs),
    String(r.slow),
    r.name === "refuse" || r.name === "blackhole" ? seconds(r.apiRecoveryMs) : "",
    r.name === "refuse" || r.name === "blackhole" ? seconds(r.ingestRecoveryMs) : "",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? "").length)));
  const line = (c: string[]) => c.map((v, i) => v.padEnd(widths[i] ?? 0)).join("  ");
  return [
    line(header),
    ...cells.map(line),
    `total: ${all.requests} requests, ${all.ok} 2xx, ${all.unavailable} 503, ${all.other} other; ` +
      `ingestion reached ${result.reached} of ${result.target}; weft ingest ${result.ingestExited === null ? "still running" : `exited (${result.ingestExited})`}`,
  ].join("\n");
}
