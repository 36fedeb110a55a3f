/**
 * `--report junit=PATH,json=PATH,html=PATH`: parsing the spec and writing the files. A format given
 * without a path goes to `conformance-reports/` under the working directory, which the repository
 * ignores: the README's command, run from the checkout, used to leave its reports untracked there.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ConformanceReport } from "../types.js";
import { toHtml } from "./html.js";
import { toJunit } from "./junit.js";

export const REPORT_FORMATS = ["junit", "json", "html"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
/** Each format asked for, with its path; `null` for a format given alone (its default path). */
export type ReportTargets = Partial<Record<ReportFormat, string | null>>;

/** Where a format given without a path is written, relative to the working directory. */
export const DEFAULT_REPORT_DIR = "conformance-reports";
const EXTENSIONS: Record<ReportFormat, string> = { junit: "xml", json: "json", html: "html" };

/** The default file of `format` for a run of `kind`: `conformance-reports/<kind>.<ext>`. */
export function defaultReportPath(format: ReportFormat, kind: "conformance" | "differential"): string {
  return path.join(DEFAULT_REPORT_DIR, `${kind}.${EXTENSIONS[format]}`);
}

/** @throws Error naming the bad entry when a format is unknown or a path is missing. */
export function parseReportTargets(spec: string): ReportTargets {
  const out: ReportTargets = {};
  for (const entry of spec
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const eq = entry.indexOf("=");
    const format = (eq < 0 ? entry : entry.slice(0, eq)) as ReportFormat;
    const file = eq < 0 ? null : entry.slice(eq + 1);
    if (!REPORT_FORMATS.includes(format) || file === "") {
      throw new Error(
        `invalid --report entry "${entry}": expected FORMAT or FORMAT=PATH with FORMAT one of ${REPORT_FORMATS.join(", ")}`,
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

/** Writes each requested report, creating directories. @returns the absolute paths written. */
export function writeReports(
  report: ConformanceReport,
  targets: ReportTargets,
  cwd: string = process.cwd(),
): string[] {
  return writeRendered(targets, (format) => renderReport(report, format), { kind: "conformance", cwd });
}

/**
 * Writes each target with `render`'s text for its format, creating directories; relative paths
 * and default ones resolve against `cwd` (@default process.cwd()).
 * @returns the absolute paths written, for the run's last lines to say where its reports are.
 */
export function writeRendered(
  targets: ReportTargets,
  render: (format: ReportFormat) => string,
  options: { kind: "conformance" | "differential"; cwd?: string },
): string[] {
  return Object.entries(targets).map(([key, given]) => {
    const format = key as ReportFormat;
    const file = path.resolve(options.cwd ?? process.cwd(), given ?? defaultReportPath(format, options.kind));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, render(format));
    return file;
  });
}
