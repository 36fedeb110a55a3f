/**
 * The assertion of every broken-server test: the strict suite run against `url` fails exactly the
 * one check the variant names (with the exchanges that show it), and nothing else.
 */
import { expect } from "vitest";
import { runConformance } from "../run-conformance.js";

export async function expectOnlyFails(url: string, check: string): Promise<void> {
  const report = await runConformance({ indexerUrl: url, profile: "strict", concurrency: 8 });
  const failed = report.results.filter((r) => r.status === "fail");
  expect(failed.map((r) => `${r.id}: ${r.reason}`).filter((s) => !s.startsWith(`${check}:`))).toEqual([]);
  expect(failed.map((r) => r.id)).toEqual([check]);
  expect(failed[0]?.exchanges.length).toBeGreaterThan(0);
  expect(report.ok).toBe(false);
}
