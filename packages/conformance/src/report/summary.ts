import { type CheckResult, type ClassSummary, FEATURE_CLASSES, type FeatureClass } from "../types.js";

/** pass/fail/skip counts per feature class (every class present, zeros included). */
export function summarize(results: readonly CheckResult[]): Record<FeatureClass, ClassSummary> {
  const summary = Object.fromEntries(
    FEATURE_CLASSES.map((c) => [c, { pass: 0, fail: 0, skip: 0 }]),
  ) as Record<FeatureClass, ClassSummary>;
  for (const r of results) summary[r.class][r.status] += 1;
  return summary;
}

/** Skipped checks grouped by reason, for "why was this skipped" sections. */
export function skipReasons(results: readonly CheckResult[]): { reason: string; ids: string[] }[] {
  const byReason = new Map<string, string[]>();
  for (const r of results) {
    if (r.status !== "skip") continue;
    const reason = r.reason ?? "no reason given";
    byReason.set(reason, [...(byReason.get(reason) ?? []), r.id]);
  }
  return [...byReason.entries()].map(([reason, ids]) => ({ reason, ids }));
}
