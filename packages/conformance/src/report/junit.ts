/**
 * JUnit XML: one <testsuite> per feature class, one <testcase> per check, so CI systems show each
 * check by name. Failures carry the reason and the exchanges (request and response excerpt).
 */
import { type CheckResult, type ConformanceReport, FEATURE_CLASSES } from "../types.js";
import { escapeXml } from "./escape.js";

const seconds = (ms: number) => (ms / 1000).toFixed(3);

function exchangesText(result: CheckResult): string {
  return result.exchanges
    .map(
      (e) => `${e.method} ${e.url}\n-> ${e.status} ${e.contentType} (${e.durationMs} ms)\n${e.bodyExcerpt}`,
    )
    .join("\n\n");
}

function testcase(result: CheckResult): string {
  const head = `    <testcase name="${escapeXml(result.id)}" classname="weft.conformance.${result.class}" time="${seconds(result.durationMs)}"`;
  if (result.status === "pass") return `${head}/>`;
  if (result.status === "skip")
    return `${head}>\n      <skipped message="${escapeXml(result.reason ?? "")}"/>\n    </testcase>`;
  return `${head}>\n      <failure message="${escapeXml(result.reason ?? "")}" type="${result.kind}">${escapeXml(
    `${result.title}\n${result.reason ?? ""}\n\n${exchangesText(result)}`,
  )}</failure>\n    </testcase>`;
}

export function toJunit(report: ConformanceReport): string {
  const suites = FEATURE_CLASSES.map((cls) => {
    const results = report.results.filter((r) => r.class === cls);
    const s = report.summary[cls];
    const time = results.reduce((sum, r) => sum + r.durationMs, 0);
    return [
      `  <testsuite name="${cls}" tests="${results.length}" failures="${s.fail}" errors="0" skipped="${s.skip}" time="${seconds(time)}">`,
      ...results.map(testcase),
      "  </testsuite>",
    ].join("\n");
  });
  const total = report.results.length;
  const failures = report.results.filter((r) => r.status === "fail").length;
  const skipped = report.results.filter((r) => r.status === "skip").length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="weft-conformance (${report.profile}) ${escapeXml(report.indexerUrl)}" tests="${total}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(report.durationMs)}">`,
    ...suites,
    "</testsuites>",
    "",
  ].join("\n");
}
