#!/usr/bin/env node
// Sums the vitest JSON reports of every package (test-results/vitest.json) into the one closing line
// CI reads: "N passed, N failed, N skipped". Exits 1 when a report is missing or any test failed.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const packages = ["spec", ...readdirSync(path.join(root, "packages")).map((p) => `packages/${p}`)];
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];
for (const pkg of packages) {
  if (!existsSync(path.join(root, pkg, "package.json"))) continue;
  const report = path.join(root, pkg, "test-results/vitest.json");
  if (!existsSync(report)) {
    missing.push(pkg);
    continue;
  }
  const r = JSON.parse(readFileSync(report, "utf8"));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (r.numFailedTestSuites ?? 0);
  // A run can fail with no failing test (no test files, an error outside tests): count it once.
  if (r.success === false && r.numFailedTests + (r.numFailedTestSuites ?? 0) === 0) failed += 1;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  console.log(`${pkg}: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped`);
}
if (missing.length > 0) {
  console.log(`no test report from: ${missing.join(", ")} (their tests did not run)`);
  failed += missing.length;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
