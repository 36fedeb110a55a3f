/**
 * The vocabulary of a conformance run: feature classes, profiles, check outcomes and the report.
 * The report is plain JSON (it is also the `--report json=` file), so every field is serialisable.
 */

/** What a check is about; a deployment may support some classes and not others. */
export const FEATURE_CLASSES = ["blocks", "txs", "evm", "nft", "richlist", "router"] as const;
export type FeatureClass = (typeof FEATURE_CLASSES)[number];

/**
 * `strict`: the contract exactly (our server). `reference`: tolerate the documented quirks of the
 * reference indexer (rollytics): plain-text errors, lenient parsing of bad query values, 404 for
 * undocumented methods, a non-null `next_key` on the last page, unknown `msgs` types ignored.
 */
export type Profile = "strict" | "reference";

export type CheckStatus = "pass" | "fail" | "skip";

/** What one check concluded; failures and skips always say why. */
export type Outcome = { status: "pass"; note?: string } | { status: "fail" | "skip"; reason: string };

/** One HTTP request and what came back, trimmed for reports. */
export interface ExchangeRecord {
  method: string;
  url: string;
  status: number;
  contentType: string;
  durationMs: number;
  /** The start of the response body (or the network error). */
  bodyExcerpt: string;
  operationId?: string;
}

/** The kind of a check, one column of the per-endpoint matrix. */
export const CHECK_KINDS = [
  "contract",
  "negative",
  "pagination",
  "filter",
  "consistency",
  "method",
  "latency",
  "router",
] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

export interface CheckResult {
  /** Stable id, e.g. `pagination.chain.listBlocks`. */
  id: string;
  class: FeatureClass;
  kind: CheckKind;
  title: string;
  operationId?: string;
  status: CheckStatus;
  reason?: string;
  durationMs: number;
  /** Exchanges made by the check, kept for failures (the last few). */
  exchanges: ExchangeRecord[];
}

export interface ClassSummary {
  pass: number;
  fail: number;
  skip: number;
}

export interface ConformanceReport {
  indexerUrl: string;
  routerUrl?: string;
  profile: Profile;
  startedAt: string;
  durationMs: number;
  /** What the suite found on the deployment and used as test data. */
  discovery: Record<string, unknown>;
  summary: Record<FeatureClass, ClassSummary>;
  /** The contract's operations, for the per-endpoint matrix. */
  operations: { operationId: string; method: string; path: string; class: FeatureClass }[];
  results: CheckResult[];
  /** No check failed. */
  ok: boolean;
}
