/** `--report junit=PATH,json=PATH,html=PATH`: parsing the spec and writing the files. */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ConformanceReport } from "../types.js";
import { toHtml } from "./html.js";
import { toJunit } from "./junit.js";

export const REPORT_FORMATS = ["junit", "json", "html"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export type ReportTargets = Partial<Record<ReportFormat, string>>;

/** @throws Error naming the bad entry when a format is unknown or a path is missing. */
export function parseReportTargets(spec: string): ReportTargets {
  const out: ReportTargets = {};
  for (const entry of spec
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const eq = entry.indexOf("=");
    const format = entry.slice(0, eq) as ReportFormat;
    const file = entry.slice(eq + 1);
    if (eq < 0 || !REPORT_FORMATS.includes(format) || !file) {
      throw new Error(
        `invalid --report entry "${entry}": expected FORMAT=PATH with FORMAT one of ${REPORT_FORMATS.join(", ")}`,
      );
    }
    out[format] = file;
  }
  return out;
}

export function renderReport(report: ConformanceReport, format: ReportFormat): string {
  if (format === "junit") return toJunit(report);
  if (format === "html") return toHtml(report);
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** Writes each requested report, creating directories. @returns the paths written. */
export function writeReports(report: ConformanceReport, targets: ReportTargets): string[] {
  return writeRendered(targets, (format) => renderReport(report, format));
}

/** Writes each target with `render`'s text for its format, creating directories. @returns the paths. */
export function writeRendered(targets: ReportTargets, render: (format: ReportFormat) => string): string[] {
  return Object.entries(targets).map(([format, file]) => {
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    writeFileSync(file, render(format as ReportFormat));
    return file;
  });
}
