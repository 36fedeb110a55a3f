#!/usr/bin/env node
/**
 * Runs a k6 script under Node where no k6 binary can be installed, judging it as k6 judges it:
 * the script's own `options` choose the iterations (so `PROFILE=smoke` is honoured; `--iterations N`
 * overrides them as k6's flag does), `setup()` runs first in group `::setup` and its requests count
 * in the same metrics as every other request, thresholds are evaluated with k6's semantics, and the
 * exit code is k6's: 99 when a threshold is crossed, 104 for invalid thresholds, 107 when the script
 * throws outside an iteration (an iteration that throws is logged and the run goes on, as in k6;
 * failed checks alone do not fail the run, also as in k6). It is not a load generator: one
 * iteration at a time, `sleep()` skipped, iteration-based scenarios only (see scenarios.ts).
 *
 *   node dist/shim/run.js dist/k6/indexer-mix.js --env BASE_URL=http://127.0.0.1:8080 --env PROFILE=smoke
 */
import { register } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { type PlannedScenario, planScenarios, type ScriptOptions } from "./scenarios.js";
import { emit, state } from "./state.js";
import { renderSummary } from "./summary.js";
import {
  EXIT,
  evaluateThresholds,
  parseThresholds,
  ShimExit,
  type Threshold,
  type ThresholdResult,
} from "./thresholds.js";

const USAGE = "usage: k6-shim <script.js> [--iterations N] [--env KEY=VALUE ...] [--json]";

export interface ShimRunResult {
  /** What `k6 run` would exit with. */
  exitCode: number;
  iterations: number;
  errors: string[];
  checks: { name: string; passes: number; fails: number }[];
  thresholds: ThresholdResult[];
  /** Whether an abortOnFail threshold stopped the iterations early. */
  aborted: boolean;
  testDurationMs: number;
  /** k6's end-of-test summary text. */
  summary: string;
}

type ScriptModule = Record<string, unknown> & { options?: ScriptOptions & { thresholds?: never } };
type Fn = (data?: unknown) => unknown;

const g = globalThis as Record<string, unknown>;

/** Runs setup() or teardown() as k6 does: as VU 0, inside the group named after it. */
function lifecycle(mod: ScriptModule, name: "setup" | "teardown", data?: unknown): unknown {
  const fn = mod[name];
  if (typeof fn !== "function") return undefined;
  g.__VU = 0;
  g.__ITER = 0;
  state.groupPath = [name];
  try {
    return (fn as Fn)(data);
  } finally {
    state.groupPath = [];
  }
}

function shouldAbort(thresholds: Threshold[], elapsedMs: number): boolean {
  const watched = thresholds.filter((t) => t.abortOnFail && t.delayAbortEvalMs <= elapsedMs);
  if (watched.length === 0) return false;
  const results = evaluateThresholds(watched, {
    registry: state.registry,
    samples: state.samples,
    testDurationMs: elapsedMs,
    ignoreEmpty: true,
  });
  return results.some((r) => !r.ok);
}

/** Runs `script` as `k6 run` would; `env` becomes `__ENV`, `iterations` is k6's `--iterations`. */
export async function runK6Script(
  script: string,
  options: { env: Record<string, string>; iterations?: number },
): Promise<ShimRunResult> {
  register("./hooks.js", import.meta.url);
  g.__ENV = { ...options.env };
  g.__VU = 0;
  g.__ITER = 0;
  const errors: string[] = [];
  let iterations = 0;
  let aborted = false;
  let exitCode = 0;
  let thresholds: Threshold[] = [];
  const started = performance.now();
  try {
    const mod = (await import(pathToFileURL(path.resolve(script)).href)) as ScriptModule;
    const opts = (mod.options ?? {}) as ScriptOptions & {
      thresholds?: Parameters<typeof parseThresholds>[0];
    };
    // Both are checked before setup(), as k6 checks its configuration before running anything.
    const plan: PlannedScenario[] = planScenarios(opts, { iterations: options.iterations });
    thresholds = parseThresholds(opts.thresholds, state.registry);
    if (typeof mod.handleSummary === "function")
      process.stderr.write("k6-shim: handleSummary() is not called; the shim prints k6's default summary\n");
    let data: unknown;
    try {
      // k6 hands setup()'s result to every VU as JSON: what does not survive JSON is lost there too.
      const raw = lifecycle(mod, "setup");
      data = raw === undefined ? undefined : JSON.parse(JSON.stringify(raw));
    } catch (err) {
      throw new ShimExit(`setup: ${String(err)}`, EXIT.scriptException);
    }
    const env = g.__ENV as Record<string, string>;
    run: for (const scenario of plan) {
      const fn = mod[scenario.exec];
      if (typeof fn !== "function")
        throw new ShimExit(`scenario ${scenario.name}: no exported function ${scenario.exec}`, 104);
      g.__ENV = { ...env, ...scenario.env };
      state.scenarioTags = { ...scenario.tags, scenario: scenario.name };
      for (const [vu, iter] of scenario.iterations) {
        g.__VU = vu;
        g.__ITER = iter;
        const t0 = performance.now();
        try {
          (fn as Fn)(data);
        } catch (err) {
          errors.push(`${scenario.name} iteration ${iter} of VU ${vu}: ${String(err)}`);
          state.groupPath = [];
        }
        emit("iteration_duration", performance.now() - t0);
        emit("iterations", 1);
        iterations++;
        if (shouldAbort(thresholds, performance.now() - started)) {
          aborted = true;
          break run;
        }
      }
    }
    g.__ENV = env;
    state.scenarioTags = {};
    try {
      lifecycle(mod, "teardown", data);
    } catch (err) {
      throw new ShimExit(`teardown: ${String(err)}`, EXIT.scriptException);
    }
  } catch (err) {
    errors.push(err instanceof ShimExit ? err.message : `script: ${String(err)}`);
    exitCode = err instanceof ShimExit ? err.code : EXIT.scriptException;
  }
  const testDurationMs = performance.now() - started;
  const results = evaluateThresholds(thresholds, {
    registry: state.registry,
    samples: state.samples,
    testDurationMs,
  });
  if (exitCode === 0 && (aborted || results.some((r) => !r.ok))) exitCode = EXIT.thresholdsHaveFailed;
  const checks = [...state.checks.entries()].map(([name, t]) => ({ name, ...t }));
  return {
    exitCode,
    iterations,
    errors,
    checks,
    thresholds: results,
    aborted,
    testDurationMs,
    summary: renderSummary({
      registry: state.registry,
      samples: state.samples,
      thresholds: results,
      checks,
      testDurationMs,
    }),
  };
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      iterations: { type: "string" },
      env: { type: "string", multiple: true },
      json: { type: "boolean" },
      help: { type: "boolean" },
    },
  });
  const script = positionals[0];
  if (values.help || !script) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(values.help ? 0 : 2);
  }
  const env: Record<string, string> = {};
  for (const pair of values.env ?? []) {
    const eq = pair.indexOf("=");
    if (eq < 1) {
      process.stderr.write(`k6-shim: --env expects KEY=VALUE, got ${JSON.stringify(pair)}\n`);
      process.exit(2);
    }
    env[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  const iterations = values.iterations === undefined ? undefined : Number(values.iterations);
  if (iterations !== undefined && !(Number.isInteger(iterations) && iterations > 0)) {
    process.stderr.write(`k6-shim: --iterations expects a positive integer\n${USAGE}\n`);
    process.exit(2);
  }
  // `k6 run` passes the system environment too (--include-system-env-vars defaults to true there).
  const result = await runK6Script(script, {
    env: { ...process.env, ...env } as Record<string, string>,
    iterations,
  });
  for (const e of result.errors) process.stderr.write(`k6-shim: error: ${e}\n`);
  const crossed = [...new Set(result.thresholds.filter((t) => !t.ok).map((t) => t.metric))];
  if (crossed.length > 0)
    process.stderr.write(`k6-shim: thresholds on metrics '${crossed.join(", ")}' have been crossed\n`);
  if (values.json) {
    const { summary: _text, ...rest } = result;
    process.stdout.write(`${JSON.stringify(rest)}\n`);
  } else process.stdout.write(`\n${result.summary}`);
  process.exit(result.exitCode);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) void main();
