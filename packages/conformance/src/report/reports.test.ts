import { describe, expect, it } from "vitest";
import { sampleReport } from "../_test/sample-report.js";
import { toHtml } from "./html.js";
import { toJunit } from "./junit.js";
import { formatSummary } from "./terminal.js";
import { parseReportTargets } from "./write-reports.js";

describe("reports", () => {
  it("JUnit: one suite per class, failures with the exchange, skips with their reason, text escaped", () => {
    const xml = toJunit(sampleReport());
    expect(xml).toContain(
      '<testsuites name="weft-conformance (strict) http://indexer.test" tests="4" failures="1" errors="0" skipped="2"',
    );
    expect(xml).toContain('<testsuite name="blocks" tests="2" failures="1" errors="0" skipped="0"');
    expect(xml).toContain(
      '<testcase name="contract.listBlocks" classname="weft.conformance.blocks" time="0.012"/>',
    );
    expect(xml).toContain(
      '<failure message="record 7 appears on page 1 and again on page 2 &lt;script&gt;" type="pagination">',
    );
    expect(xml).toContain(
      "GET http://indexer.test/indexer/block/v1/blocks?pagination.limit=2&amp;pagination.key=eyJoZWlnaHQiOjZ9",
    );
    expect(xml).toContain('<skipped message="no router URL given (--router-url)"/>');
  });

  it("HTML: self-contained (no external resources or scripts) and escapes what the deployment sent", () => {
    const html = toHtml(sampleReport());
    expect(html).not.toMatch(/<script|<link|src="http/);
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain('id="endpoint-matrix"');
  });

  it("terminal summary names failures and groups skips by reason", () => {
    const text = formatSummary(sampleReport(), { color: false });
    expect(text).toContain(
      "pagination.chain.listBlocks: record 7 appears on page 1 and again on page 2 <script>",
    );
    expect(text).toContain("1 check(s): not implemented by this deployment (501: listNftCollections)");
    expect(text).toContain("DOES NOT CONFORM: 4 checks in 1.2 s");
  });

  it("parses --report targets and rejects unknown formats", () => {
    expect(parseReportTargets("junit=out/j.xml,html=r.html")).toEqual({ junit: "out/j.xml", html: "r.html" });
    expect(() => parseReportTargets("pdf=x.pdf")).toThrow(
      'invalid --report entry "pdf=x.pdf": expected FORMAT=PATH with FORMAT one of junit, json, html',
    );
  });
});
