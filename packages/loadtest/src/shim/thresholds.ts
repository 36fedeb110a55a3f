/**
 * Thresholds judged as k6 judges them (go.k6.io/k6/metrics thresholds.go and thresholds_parser.go,
 * v1.4): `metric` or `metric{tag:value,...}` (samples whose tags include every pair), an expression
 * `aggregation operator number`, validated against the metric's type before the run (k6 exits 104
 * on an unknown metric or aggregation), evaluated over all samples at the end (99 when crossed).
 * Like k6, a threshold whose metric got no samples is evaluated on k6's empty values: a trend's are
 * all 0 (so `p(95)<100` passes) and an empty rate passes outright; `count>0` on `http_reqs{...}` is
 * what makes "no samples" fail, in k6 and here.
 */
import { AGGREGATIONS, aggregate } from "./metric-values.js";
import type { MetricDef, Sample } from "./state.js";

/** k6's exit codes the shim uses (go.k6.io/k6/errext/exitcodes). */
export const EXIT = { thresholdsHaveFailed: 99, invalidConfig: 104, scriptException: 107 } as const;

export class ShimExit extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

/** In the order k6 scans them: longer operators sharing a prefix come first. */
const OPERATORS = ["<=", "<", ">=", ">", "===", "==", "!="] as const;
type Operator = (typeof OPERATORS)[number];

export interface Expression {
  method: string;
  operator: Operator;
  value: number;
}

export function parseExpression(source: string): Expression {
  for (const operator of OPERATORS) {
    const at = source.indexOf(operator);
    const right = at < 0 ? "" : source.slice(at + operator.length).trim();
    if (right === "") continue;
    const method = source.slice(0, at).trim();
    const value = Number(right);
    if (!/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(right) || !Number.isFinite(value))
      throw new ShimExit(`failed parsing threshold expression ${JSON.stringify(source)}`, EXIT.invalidConfig);
    return { method: method.replace(/^p\((.*)\)$/, (_m, n: string) => `p(${Number(n)})`), operator, value };
  }
  throw new ShimExit(
    `failed parsing threshold expression ${JSON.stringify(source)}; reason: malformed threshold expression`,
    EXIT.invalidConfig,
  );
}

export interface Selector {
  metric: string;
  tags: Record<string, string>;
}

/** `http_req_duration{kind:list}` -> the metric and the tags a sample must carry. */
export function parseSelector(name: string): Selector {
  const open = name.indexOf("{");
  if (open < 0) {
    if (name.includes("}"))
      throw new ShimExit(`metric ${JSON.stringify(name)} has unmatched brace`, EXIT.invalidConfig);
    return { metric: name, tags: {} };
  }
  if (!name.endsWith("}"))
    throw new ShimExit(
      `metric ${JSON.stringify(name)} lacks a closing curly brace in its last position`,
      EXIT.invalidConfig,
    );
  const tags: Record<string, string> = {};
  for (const kv of name.slice(open + 1, -1).split(",")) {
    const colon = kv.indexOf(":");
    const value = colon < 0 ? "" : kv.slice(colon + 1).trim();
    if (value === "")
      throw new ShimExit(`metric ${JSON.stringify(kv)} tag expression is malformed`, EXIT.invalidConfig);
    const unquote = (s: string) => s.trim().replace(/^["']+|["']+$/g, "");
    tags[unquote(kv.slice(0, colon))] = unquote(value);
  }
  return { metric: name.slice(0, open), tags };
}

export interface Threshold {
  /** The key in `options.thresholds`, e.g. `http_req_duration{kind:list}`. */
  name: string;
  selector: Selector;
  source: string;
  expression: Expression;
  abortOnFail: boolean;
  /** k6's `delayAbortEval`, in ms: abortOnFail only acts after this much test time. */
  delayAbortEvalMs: number;
}

type ThresholdConfig = string | { threshold: string; abortOnFail?: boolean; delayAbortEval?: string };

function durationMs(text: string | undefined): number {
  if (!text) return 0;
  let ms = 0;
  for (const [, n, unit] of text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g))
    ms += Number(n) * ({ ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit as "ms"] ?? 0);
  return ms;
}

/** `options.thresholds`, parsed and checked against the registered metrics like k6 does at start. */
export function parseThresholds(
  config: Record<string, ThresholdConfig[]> | undefined,
  registry: ReadonlyMap<string, MetricDef>,
): Threshold[] {
  const out: Threshold[] = [];
  for (const [name, list] of Object.entries(config ?? {})) {
    const selector = parseSelector(name);
    const def = registry.get(selector.metric);
    if (!def)
      throw new ShimExit(
        `invalid threshold defined on ${name}; reason: no metric name ${JSON.stringify(selector.metric)} found`,
        EXIT.invalidConfig,
      );
    for (const item of list) {
      const c = typeof item === "string" ? { threshold: item } : item;
      const expression = parseExpression(c.threshold);
      if (!AGGREGATIONS[def.type].test(expression.method))
        throw new ShimExit(
          `invalid threshold ${JSON.stringify(c.threshold)} applied on metric ${name}; reason: unsupported aggregation method ${expression.method} on metric of type ${def.type}`,
          EXIT.invalidConfig,
        );
      out.push({
        name,
        selector,
        source: c.threshold,
        expression,
        abortOnFail: c.abortOnFail === true,
        delayAbortEvalMs: durationMs(c.delayAbortEval),
      });
    }
  }
  return out;
}

export interface ThresholdResult {
  metric: string;
  source: string;
  ok: boolean;
  /** How many samples the (sub)metric got: 0 means the verdict says nothing about the deployment. */
  samples: number;
  /** The aggregation's value (ms for time metrics), or null where k6 has none (an empty rate). */
  value: number | null;
  abortOnFail: boolean;
}

export const matches = (sample: Sample, selector: Selector) =>
  sample.metric === selector.metric && Object.entries(selector.tags).every(([k, v]) => sample.tags[k] === v);

function compare(lhs: number, { operator, value }: Expression): boolean {
  switch (operator) {
    case "<=":
      return lhs <= value;
    case "<":
      return lhs < value;
    case ">=":
      return lhs >= value;
    case ">":
      return lhs > value;
    case "===":
    case "==":
      return lhs === value;
    case "!=":
      return lhs !== value;
  }
}

/**
 * Evaluates every threshold over `samples`. `ignoreEmpty` is k6's mid-run evaluation (for
 * abortOnFail), which skips metrics without samples; the final one does not.
 */
export function evaluateThresholds(
  thresholds: Threshold[],
  options: {
    registry: ReadonlyMap<string, MetricDef>;
    samples: Sample[];
    testDurationMs: number;
    ignoreEmpty?: boolean;
  },
): ThresholdResult[] {
  const results: ThresholdResult[] = [];
  for (const t of thresholds) {
    const def = options.registry.get(t.selector.metric);
    if (!def) continue;
    const values = options.samples.filter((s) => matches(s, t.selector)).map((s) => s.value);
    if (options.ignoreEmpty && values.length === 0) continue;
    const value = aggregate(def.type, values, t.expression.method, options.testDurationMs);
    results.push({
      metric: t.name,
      source: t.source,
      // k6 (thresholds.go runNoTaint): no value for the aggregation yet means the threshold passes.
      ok: value === undefined ? true : compare(value, t.expression),
      samples: values.length,
      value: value ?? null,
      abortOnFail: t.abortOnFail,
    });
  }
  return results;
}
