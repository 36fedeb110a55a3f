/**
 * What a person reads in a terminal: one progress line per check, then a summary per class, every
 * failure with its reason and first exchange, and skips grouped by reason.
 */
import { type CheckResult, type ConformanceReport, FEATURE_CLASSES } from "../types.js";
import { skipReasons } from "./summary.js";

export interface TerminalStyle {
  color: boolean;
}

const paint = (style: TerminalStyle, code: number, text: string) =>
  style.color ? `\u001b[${code}m${text}\u001b[0m` : text;
const MARK = { pass: ["PASS", 32], fail: ["FAIL", 31], skip: ["SKIP", 33] } as const;

export function formatProgress(
  result: CheckResult,
  done: number,
  total: number,
  style: TerminalStyle,
): string {
  const [label, code] = MARK[result.status];
  const width = String(total).length;
  const tail = result.status === "pass" ? "" : `  ${result.reason ?? ""}`;
  return `[${String(done).padStart(width)}/${total}] ${paint(style, code, label)} ${result.id}${tail}`.slice(
    0,
    240,
  );
}

export function formatSummary(report: ConformanceReport, style: TerminalStyle): string {
  const lines: string[] = [];
  lines.push("");
  lines.push(
    `weft-conformance ${report.profile} profile against ${report.indexerUrl}${report.routerUrl ? ` and ${report.routerUrl}` : ""}`,
  );
  lines.push("");
  lines.push(`  ${"class".padEnd(10)} ${"pass".padStart(5)} ${"fail".padStart(5)} ${"skip".padStart(5)}`);
  for (const cls of FEATURE_CLASSES) {
    const s = report.summary[cls];
    const fail = s.fail > 0 ? paint(style, 31, String(s.fail).padStart(5)) : String(s.fail).padStart(5);
    lines.push(`  ${cls.padEnd(10)} ${String(s.pass).padStart(5)} ${fail} ${String(s.skip).padStart(5)}`);
  }
  const failures = report.results.filter((r) => r.status === "fail");
  if (failures.length > 0) {
    lines.push("", paint(style, 31, `Failures (${failures.length}):`));
    for (const f of failures) {
      lines.push(`  ${f.id}: ${f.reason ?? ""}`);
      const e = f.exchanges.at(-1);
      if (e)
        lines.push(
          `    ${e.method} ${e.url} -> ${e.status} ${e.contentType}`,
          `    ${e.bodyExcerpt.slice(0, 200)}`,
        );
    }
  }
  const skips = skipReasons(report.results);
  if (skips.length > 0) {
    lines.push("", paint(style, 33, "Skipped:"));
    for (const s of skips) lines.push(`  ${s.ids.length} check(s): ${s.reason}`);
  }
  const total = report.results.length;
  const verdict = report.ok ? paint(style, 32, "CONFORMS") : paint(style, 31, "DOES NOT CONFORM");
  lines.push("", `${verdict}: ${total} checks in ${(report.durationMs / 1000).toFixed(1)} s`, "");
  return lines.join("\n");
}
