/**
 * The library entry point: discover test data on the deployment, run every check (contract checks
 * first, since they decide what is unavailable), and return a structured report.
 */
import { type Check, type CheckContext, classOf } from "./check.js";
import { allChecks } from "./checks/index.js";
import { latencyChecks } from "./checks/latency.js";
import { routerTrackingChecks, type TrackingOptions } from "./checks/router-tracking.js";
import { type Contract, createContract } from "./contract.js";
import { discover, summarizeDiscovery } from "./discovery.js";
import { createProbe, type Exchange, toRecord } from "./http-probe.js";
import { createOperationMatcher } from "./operation-matcher.js";
import { runPool } from "./pool.js";
import { summarize } from "./report/summary.js";
import { createResponseValidator } from "./response-validator.js";
import type { CheckResult, ConformanceReport, FeatureClass, Outcome, Profile } from "./types.js";

export interface ConformanceOptions {
  /** Base URL of the indexer, e.g. `http://127.0.0.1:8080`. */
  indexerUrl: string;
  /** Base URL of the router; router checks run only when given. */
  routerUrl?: string;
  /** @default "strict" */
  profile?: Profile;
  /** Run only these feature classes. @default every class */
  only?: FeatureClass | FeatureClass[];
  /** Checks in flight at once. @default 4 */
  concurrency?: number;
  /** Per-request timeout. @default 10_000 */
  timeoutMs?: number;
  /** When set, each operation's slowest request must finish within it (`latency.<operationId>`). */
  latencyBudgetMs?: number;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Called after each check, for progress lines. */
  onResult?: (result: CheckResult, done: number, total: number) => void;
  /** The contract to check against. @default the document of @weft/spec */
  contract?: Contract;
  /**
   * The transfer `router.follow-transfer` follows (else the newest IBC or OPinit transfer tx found
   * on the indexer) and how long it may take to end. @default { timeoutMs: 60_000 }
   */
  tracking?: TrackingOptions;
}

export const DEFAULT_CONCURRENCY = 4;
export const DEFAULT_TIMEOUT_MS = 10_000;
/** Exchanges kept per failed check in the report. */
const EXCHANGES_PER_FAILURE = 4;

/**
 * Every check a run registers without `only`, skipped ones included: the count its summary gives
 * (`CONFORMS: N checks`). The latency checks of `latencyBudgetMs` come on top.
 */
export function registeredChecks(contract: Contract, tracking?: TrackingOptions): Check[] {
  return [...allChecks(contract), ...routerTrackingChecks(tracking)];
}

/**
 * Checks a deployment against the contract.
 * @returns the report; `report.ok` is false when any check failed. Never throws for a misbehaving
 *   deployment (that is a failed check), only for invalid options.
 */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  const started = Date.now();
  const profile = options.profile ?? "strict";
  const contract = options.contract ?? createContract();
  const only = options.only === undefined ? undefined : new Set([options.only].flat());
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const match = createOperationMatcher(contract, new URL(options.indexerUrl).pathname.replace(/\/+$/, ""));
  const exchanges: { exchange: Exchange; operationId?: string }[] = [];
  const probe = createProbe({ baseUrl: options.indexerUrl, timeoutMs, fetch: fetchImpl }).withListener(
    (exchange) => exchanges.push({ exchange, operationId: match(exchange.method, exchange.url) }),
  );
  const routerProbe = options.routerUrl
    ? createProbe({ baseUrl: options.routerUrl, timeoutMs, fetch: fetchImpl })
    : undefined;
  const discovery = await discover(probe);
  const ctx: CheckContext = {
    probe,
    ...(routerProbe ? { routerProbe } : {}),
    contract,
    validator: createResponseValidator(contract),
    profile,
    discovery,
    unavailable: new Map(),
  };
  const selected = registeredChecks(contract, options.tracking).filter((c) => !only || only.has(c.class));
  const first = selected.filter((c) => c.kind === "contract");
  const rest = selected.filter((c) => c.kind !== "contract");
  const total = selected.length + (options.latencyBudgetMs !== undefined ? first.length : 0);
  const results: CheckResult[] = [];
  const runOne = async (check: Check): Promise<CheckResult> => {
    const result = await runCheck(ctx, check, (exchange) => match(exchange.method, exchange.url));
    results.push(result);
    options.onResult?.(result, results.length, total);
    return result;
  };
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  await runPool(first, concurrency, runOne);
  await runPool(rest, concurrency, runOne);
  if (options.latencyBudgetMs !== undefined) {
    const budget = latencyChecks(contract, options.latencyBudgetMs, exchanges, ctx.unavailable);
    await runPool(
      budget.filter((c) => !only || only.has(c.class)),
      concurrency,
      runOne,
    );
  }
  const order = new Map(selected.map((c, i) => [c.id, i]));
  results.sort(
    (a, b) => (order.get(a.id) ?? Number.MAX_SAFE_INTEGER) - (order.get(b.id) ?? Number.MAX_SAFE_INTEGER),
  );
  const summary = summarize(results);
  return {
    indexerUrl: options.indexerUrl,
    ...(options.routerUrl ? { routerUrl: options.routerUrl } : {}),
    profile,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    discovery: summarizeDiscovery(discovery),
    summary,
    operations: contract.operations.map((op) => ({
      operationId: op.operationId,
      method: op.method.toUpperCase(),
      path: op.path,
      class: classOf(op),
    })),
    results,
    ok: results.every((r) => r.status !== "fail"),
  };
}

async function runCheck(
  ctx: CheckContext,
  check: Check,
  match: (exchange: Exchange) => string | undefined,
): Promise<CheckResult> {
  const seen: Exchange[] = [];
  const own = { ...ctx, probe: ctx.probe.withListener((e) => seen.push(e)) };
  if (ctx.routerProbe) own.routerProbe = ctx.routerProbe.withListener((e) => seen.push(e));
  const started = performance.now();
  const blocked = check.requires?.find((id) => ctx.unavailable.has(id));
  let outcome: Outcome;
  if (blocked) outcome = { status: "skip", reason: ctx.unavailable.get(blocked) ?? "unavailable" };
  else {
    try {
      outcome = await check.run(own);
    } catch (err) {
      // A bug in a check must not hide the others; it is reported as that check's failure.
      outcome = {
        status: "fail",
        reason: `check crashed: ${err instanceof Error ? err.stack : String(err)}`,
      };
    }
  }
  return {
    id: check.id,
    class: check.class,
    kind: check.kind,
    title: check.title,
    ...(check.operationId ? { operationId: check.operationId } : {}),
    status: outcome.status,
    ...(outcome.status === "pass"
      ? outcome.note
        ? { reason: outcome.note }
        : {}
      : { reason: outcome.reason }),
    durationMs: Math.round(performance.now() - started),
    exchanges:
      outcome.status === "fail" ? seen.slice(-EXCHANGES_PER_FAILURE).map((e) => toRecord(e, match(e))) : [],
  };
}
