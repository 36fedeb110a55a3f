/**
 * One Schemathesis run against a deployment: it reads the contract the deployment serves
 * (`<url>/swagger/doc.json`), tests every operation of it at `<url>` with the settings of
 * `schemathesis.toml` (every check, every phase, positive and negative data, a fixed seed), and its
 * JSON report is read into a summary.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { runCommand } from "../toolchain/run-command.js";
import { PACKAGE_ROOT } from "../toolchain/tool-cache.js";
import { installSchemathesis } from "./install.js";
import { readJsonReport, type SchemathesisSummary } from "./report.js";

/** The settings file (in src/, also when running from dist/: it is not compiled). */
export const CONFIG_FILE = path.join(PACKAGE_ROOT, "src", "schemathesis", "schemathesis.toml");

export interface SchemathesisOptions {
  /** Base URL of the deployment (it serves the document at `/swagger/doc.json`). */
  url: string;
  /** The `st` command. @default the pinned one ({@link installSchemathesis}) */
  st?: string;
  /** Where the JSON and JUnit reports go. @default a fresh temporary directory */
  reportDir?: string;
  /** Overrides the configured seed. */
  seed?: number;
  /** Overrides the configured test cases per operation and phase. */
  maxExamples?: number;
  /** Runs only these phases. @default every phase of the settings file */
  phases?: readonly ("examples" | "coverage" | "fuzzing" | "stateful")[];
  /** Operations of these OpenAPI tags are left out of the run (Schemathesis's --exclude-tag). */
  excludeTags?: readonly string[];
  /** Schemathesis's own terminal output, as it comes (progress, failures with curl reproductions). */
  onOutput?: (text: string) => void;
  /** Kills the run after this long. @default 15 minutes */
  timeoutMs?: number;
}

export interface SchemathesisRun {
  summary: SchemathesisSummary;
  /** The JSON and JUnit reports (`report.json`, `junit.xml`). */
  reportDir: string;
  /** The JUnit report: one test case per operation, each failure's full text. */
  junitFile: string;
  /** Everything Schemathesis printed. */
  output: string;
}

const REPORT_JSON = "report.json";
const REPORT_JUNIT = "junit.xml";

export const documentUrl = (url: string): string => `${url.replace(/\/+$/, "")}/swagger/doc.json`;

/** The `st` arguments of a run (exported for the CLI's --help and for tests). */
export function schemathesisArgs(options: SchemathesisOptions, reportDir: string): string[] {
  const base = options.url.replace(/\/+$/, "");
  return [
    "--config-file",
    CONFIG_FILE,
    "--no-color",
    "run",
    documentUrl(base),
    // The document lists `http://localhost:8080` for its readers: the operations are tested where
    // the document came from.
    "--url",
    base,
    "--checks",
    "all",
    // Schemathesis leaves out the operation serving the document it read (GET /swagger/doc.json)
    // unless a filter names it: this one selects every path, so it is tested like the others.
    "--include-path-regex",
    "^/",
    "--report-json-path",
    path.join(reportDir, REPORT_JSON),
    "--report-junit-path",
    path.join(reportDir, REPORT_JUNIT),
    ...(options.seed === undefined ? [] : ["--seed", String(options.seed)]),
    ...(options.maxExamples === undefined ? [] : ["--max-examples", String(options.maxExamples)]),
    ...(options.phases === undefined ? [] : ["--phases", options.phases.join(",")]),
    ...(options.excludeTags ?? []).flatMap((tag) => ["--exclude-tag", tag]),
  ];
}

/** Runs Schemathesis to its end. Rejects only when it could not run (no report written). */
export async function runSchemathesis(options: SchemathesisOptions): Promise<SchemathesisRun> {
  const st = options.st ?? installSchemathesis();
  const reportDir = options.reportDir ?? mkdtempSync(path.join(tmpdir(), "weft-schemathesis-"));
  const args = schemathesisArgs(options, reportDir);
  // Its working directory is the report directory: nothing it may leave behind lands in the clone.
  const { exit: exitCode, output } = await runCommand(st, args, {
    cwd: reportDir,
    env: { PYTHONUNBUFFERED: "1", NO_COLOR: "1" },
    timeoutMs: options.timeoutMs ?? 15 * 60_000,
    onOutput: options.onOutput,
  });
  let summary: SchemathesisSummary;
  try {
    summary = readJsonReport(path.join(reportDir, REPORT_JSON));
  } catch (err) {
    throw new Error(
      `Schemathesis (exit ${exitCode}) wrote no readable report (${(err as Error).message}):\n${output.slice(-4000)}`,
    );
  }
  return { summary, reportDir, junitFile: path.join(reportDir, REPORT_JUNIT), output };
}
