/** Reading Schemathesis's JSON run report: the verdict is ours, from the numbers, not its exit code alone. */
import { describe, expect, it } from "vitest";
import { formatSummary, parseJsonReport, parseJunitFailures, passed } from "./report.js";

/** A report as Schemathesis 4.x writes it (`--report json`), trimmed to the fields it always has. */
function report(overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    schemathesis_version: "4.32.5",
    command: "st run ...",
    seed: 17,
    started_at: "2026-01-01T00:00:00Z",
    running_time: 12.5,
    stop_reason: "completed",
    complete: true,
    exit_code: 0,
    operations: { total: 42, selected: 42, tested: 42, errored: 0, skipped: 0, skip_reasons: {} },
    phases: {
      examples: { status: "success", skip_reason: null },
      stateful: { status: "skipped", skip_reason: "no_links" },
    },
    test_cases: { generated: 1234, with_failures: 0, unique_failures: 0, without_checks: 0, errored: 0 },
    failures: [],
    errors: [],
    warnings: { missing_auth: [], missing_test_data: ["GET /indexer/tx/v1/txs/{tx_hash}"] },
    ...overrides,
  });
}

describe("parseJsonReport", () => {
  it("reads the numbers and passes a clean run", () => {
    const s = parseJsonReport(report());
    expect(s.operations.tested).toBe(42);
    expect(s.testCases.generated).toBe(1234);
    expect(s.phases).toEqual({ examples: "success", stateful: "skipped" });
    expect(passed(s)).toBe(true);
    expect(s.warnings).toEqual({ missing_test_data: ["GET /indexer/tx/v1/txs/{tx_hash}"] });
    expect(formatSummary(s)).toContain("warning missing_test_data: GET /indexer/tx/v1/txs/{tx_hash}");
    expect(formatSummary(s)).toContain("verdict: PASS");
  });

  it("fails a run with a failure group, and names it", () => {
    const failure = {
      type: "JsonSchemaError",
      code: "ST108",
      title: "Response violates schema",
      severity: "high",
      count: 3,
      operations: ["GET /indexer/block/v1/blocks"],
    };
    const s = parseJsonReport(report({ failures: [failure], exit_code: 1 }));
    expect(passed(s)).toBe(false);
    expect(formatSummary(s)).toContain(
      "FAILURE ST108 Response violates schema (JsonSchemaError) x3: GET /indexer/block/v1/blocks",
    );
  });

  it("fails a run that errored or did not finish, even without failures", () => {
    expect(passed(parseJsonReport(report({ errors: [{ title: "Network Error", count: 1 }] })))).toBe(false);
    expect(passed(parseJsonReport(report({ complete: false, operations: null })))).toBe(false);
  });
});

describe("parseJunitFailures", () => {
  it("maps each failed operation to its failure text, unescaped, and leaves passing ones out", () => {
    const xml = `<?xml version="1.0" encoding="utf-8"?>
<testsuites errors="0" failures="1" skipped="0" tests="3" time="0.2">
  <testsuite name="schemathesis" errors="0" failures="1" skipped="0" tests="3" time="0.2">
    <testcase name="GET /health" time="0.1"/>
    <testcase name="GET /indexer/block/v1/blocks" time="0.1">
      <failure type="failure" message="ST108">- ST108 Response violates schema

    113 is not of type &quot;string&quot;

    Schema at /components/schemas/block/properties/height:</failure>
    </testcase>
    <testcase name="GET /status" time="0.1">
    </testcase>
  </testsuite>
</testsuites>`;
    const failures = parseJunitFailures(xml);
    expect(Object.keys(failures)).toEqual(["GET /indexer/block/v1/blocks"]);
    expect(failures["GET /indexer/block/v1/blocks"]).toContain('113 is not of type "string"');
  });
});
