/**
 * Schemathesis's JSON run report (`--report json`) read into the numbers we gate on and print:
 * operations, test cases, failures grouped by kind, errors. Only the fields used are typed.
 */
import { readFileSync } from "node:fs";

/** One kind of failure, as Schemathesis groups them (`type` is the stable identifier). */
export interface FailureGroup {
  /** Schemathesis's failure class, e.g. `JsonSchemaError` (response_schema_conformance). */
  type: string;
  /** Its code, e.g. `ST108` (`st explain ST108`). */
  code: string;
  /** e.g. "Response violates schema". */
  title: string;
  count: number;
  /** Where it happened, as `METHOD /path/template`. */
  operations: string[];
}

export interface SchemathesisSummary {
  schemathesisVersion: string;
  seed: number | null;
  /** The engine's running time. */
  seconds: number;
  /** Whether the engine ran to its end (not stopped by a fatal error such as an unreadable schema). */
  complete: boolean;
  exitCode: number;
  operations: { total: number; selected: number; tested: number; errored: number; skipped: number };
  testCases: { generated: number; withFailures: number; uniqueFailures: number; errored: number };
  /** Each phase and whether it ran (`success`, `failure`, `skipped`, ...). */
  phases: Record<string, string>;
  failures: FailureGroup[];
  errors: { title: string; count: number }[];
  /**
   * Schemathesis's warnings (not failures), each with the operations it concerns, e.g.
   * `missing_test_data` (operations that answered only 404s) or `validation_mismatch` (operations
   * that rejected most of the data their schema admits).
   */
  warnings: Record<string, string[]>;
}

interface JsonReport {
  schemathesis_version: string;
  seed: number | null;
  running_time: number;
  complete: boolean;
  exit_code: number;
  operations: SchemathesisSummary["operations"] | null;
  phases: Record<string, { status: string; skip_reason: string | null }> | null;
  test_cases: {
    generated: number;
    with_failures: number;
    unique_failures: number;
    errored: number;
  };
  failures: FailureGroup[];
  errors: { title: string; count: number }[];
  warnings: Record<string, string[]> | null;
}

export function parseJsonReport(text: string): SchemathesisSummary {
  const report = JSON.parse(text) as JsonReport;
  const ops = report.operations;
  return {
    schemathesisVersion: report.schemathesis_version,
    seed: report.seed,
    seconds: report.running_time,
    complete: report.complete,
    exitCode: report.exit_code,
    operations: {
      total: ops?.total ?? 0,
      selected: ops?.selected ?? 0,
      tested: ops?.tested ?? 0,
      errored: ops?.errored ?? 0,
      skipped: ops?.skipped ?? 0,
    },
    testCases: {
      generated: report.test_cases.generated,
      withFailures: report.test_cases.with_failures,
      uniqueFailures: report.test_cases.unique_failures,
      errored: report.test_cases.errored,
    },
    phases: Object.fromEntries(Object.entries(report.phases ?? {}).map(([name, p]) => [name, p.status])),
    failures: report.failures,
    errors: report.errors,
    // Only the warnings that concern some operation.
    warnings: Object.fromEntries(
      Object.entries(report.warnings ?? {}).filter(([, operations]) => operations.length > 0),
    ),
  };
}

export const readJsonReport = (file: string): SchemathesisSummary =>
  parseJsonReport(readFileSync(file, "utf8"));

/** No failure, no error, and the engine ran to its end. */
export const passed = (s: SchemathesisSummary): boolean =>
  s.complete && s.failures.length === 0 && s.errors.length === 0 && s.testCases.errored === 0;

/** The summary as a few lines of text. */
export function formatSummary(s: SchemathesisSummary): string {
  const lines = [
    `Schemathesis ${s.schemathesisVersion}, seed ${s.seed ?? "random"}, ${s.seconds.toFixed(1)} s`,
    `operations: ${s.operations.tested} tested of ${s.operations.selected} selected (${s.operations.total} in the document), ${s.operations.errored} errored, ${s.operations.skipped} skipped`,
    `test cases: ${s.testCases.generated} generated, ${s.testCases.withFailures} with failures (${s.testCases.uniqueFailures} unique), ${s.testCases.errored} errored`,
    `phases: ${
      Object.entries(s.phases)
        .map(([name, status]) => `${name} ${status}`)
        .join(", ") || "none"
    }`,
  ];
  for (const f of s.failures) {
    lines.push(`FAILURE ${f.code} ${f.title} (${f.type}) x${f.count}: ${f.operations.join(", ")}`);
  }
  for (const e of s.errors) lines.push(`ERROR ${e.title} x${e.count}`);
  for (const [warning, operations] of Object.entries(s.warnings)) {
    lines.push(`warning ${warning}: ${operations.join(", ")}`);
  }
  lines.push(passed(s) ? "verdict: PASS" : "verdict: FAIL");
  return `${lines.join("\n")}\n`;
}

const XML_ENTITIES: Record<string, string> = { lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" };
const unescapeXml = (text: string): string =>
  text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|quot|apos|amp);/g, (_, e: string) =>
    e.startsWith("#x")
      ? String.fromCodePoint(Number.parseInt(e.slice(2), 16))
      : e.startsWith("#")
        ? String.fromCodePoint(Number(e.slice(1)))
        : (XML_ENTITIES[e] ?? ""),
  );

/**
 * The JUnit report's failures: each failed test case (an operation, `METHOD /path`, or "Stateful
 * tests") with the text Schemathesis wrote for it (check code and title, the validation message,
 * the schema, the response, a curl command reproducing it).
 */
export function parseJunitFailures(xml: string): Record<string, string> {
  const failures: Record<string, string> = {};
  // A passing test case may be written self-closed (`<testcase name="..." time="..."/>`).
  for (const testcase of xml.matchAll(/<testcase name="([^"]*)"[^>]*?(?:\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const texts = [...(testcase[2] ?? "").matchAll(/<failure[^>]*>([\s\S]*?)<\/failure>/g)].map((f) =>
      unescapeXml(f[1] ?? ""),
    );
    if (texts.length > 0) failures[unescapeXml(testcase[1] ?? "")] = texts.join("\n");
  }
  return failures;
}

export const readJunitFailures = (file: string): Record<string, string> =>
  parseJunitFailures(readFileSync(file, "utf8"));
