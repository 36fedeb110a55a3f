import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sampleReport } from "../_test/sample-report.js";
import { toHtml } from "./html.js";
import { toJunit } from "./junit.js";
import { formatSummary } from "./terminal.js";
import { DEFAULT_REPORT_DIR, parseReportTargets, writeReports } from "./write-reports.js";

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
    expect(parseReportTargets("junit,json=r.json")).toEqual({ junit: null, json: "r.json" });
    expect(() => parseReportTargets("pdf=x.pdf")).toThrow(
      'invalid --report entry "pdf=x.pdf": expected FORMAT or FORMAT=PATH with FORMAT one of junit, json, html',
    );
    expect(() => parseReportTargets("html=")).toThrow('invalid --report entry "html=": expected FORMAT or');
  });

  it("writes a format given alone under conformance-reports/, which the repository ignores, and says where", () => {
    const cwd = mkdtempSync(path.join(tmpdir(), "weft-reports-"));
    try {
      const written = writeReports(sampleReport(), parseReportTargets("junit,html,json=out/r.json"), cwd);
      expect(written).toEqual([
        path.join(cwd, "conformance-reports/conformance.xml"),
        path.join(cwd, "conformance-reports/conformance.html"),
        path.join(cwd, "out/r.json"),
      ]);
      for (const file of written) expect(existsSync(file), file).toBe(true);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
    // `pnpm conformance` runs in the repository's root whatever directory it is typed in.
    const root = path.resolve(import.meta.dirname, "../../../..");
    const ignored = spawnSync("git", ["check-ignore", "-q", `${DEFAULT_REPORT_DIR}/conformance.xml`], {
      cwd: root,
    });
    expect(ignored.status, `${DEFAULT_REPORT_DIR}/ is not in ${root}/.gitignore`).toBe(0);
  });
});
