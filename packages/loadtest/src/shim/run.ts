#!/usr/bin/env node
/**
 * Runs a k6 script under Node for a few iterations with one VU: a smoke test that keeps the
 * scripts honest where no k6 binary can be installed. It is not a load generator (see the
 * autocannon runner for that). Exits 1 when any check failed or an iteration threw.
 *
 *   node dist/shim/run.js dist/k6/indexer-mix.js --iterations 3 --env BASE_URL=http://127.0.0.1:8080
 */
import { register } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { state } from "./state.js";

const USAGE = "usage: k6-shim <script.js> [--iterations N] [--env KEY=VALUE ...] [--json]";

export interface ShimRunResult {
  iterations: number;
  errors: string[];
  checks: { name: string; passes: number; fails: number }[];
}

/** Runs `script` for `iterations` iterations; `env` becomes k6's `__ENV`. */
export async function runK6Script(
  script: string,
  options: { iterations: number; env: Record<string, string> },
): Promise<ShimRunResult> {
  register("./hooks.js", import.meta.url);
  const g = globalThis as Record<string, unknown>;
  g.__ENV = { ...options.env };
  g.__VU = 1;
  const mod = (await import(pathToFileURL(path.resolve(script)).href)) as {
    default: (data: unknown) => void;
    setup?: () => unknown;
    teardown?: (data: unknown) => void;
  };
  const errors: string[] = [];
  let data: unknown;
  try {
    data = mod.setup?.();
  } catch (err) {
    errors.push(`setup: ${String(err)}`);
  }
  if (errors.length === 0) {
    for (let i = 0; i < options.iterations; i++) {
      g.__ITER = i;
      try {
        mod.default(data);
      } catch (err) {
        errors.push(`iteration ${i}: ${String(err)}`);
      }
    }
    try {
      mod.teardown?.(data);
    } catch (err) {
      errors.push(`teardown: ${String(err)}`);
    }
  }
  return {
    iterations: options.iterations,
    errors,
    checks: [...state.checks.entries()].map(([name, t]) => ({ name, ...t })),
  };
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      iterations: { type: "string", default: "3" },
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
  const result = await runK6Script(script, {
    iterations: Number(values.iterations),
    env: { ...process.env, ...env } as Record<string, string>,
  });
  const failed = result.checks.filter((c) => c.fails > 0);
  if (values.json) {
    process.stdout.write(`${JSON.stringify(result)}\n`);
    process.exit(failed.length > 0 || result.errors.length > 0 ? 1 : 0);
  }
  for (const c of result.checks)
    process.stdout.write(`${c.fails > 0 ? "✗" : "✓"} ${c.name}  ${c.passes} passed, ${c.fails} failed\n`);
  for (const e of result.errors) process.stdout.write(`error: ${e}\n`);
  const passes = result.checks.reduce((n, c) => n + c.passes, 0);
  const fails = result.checks.reduce((n, c) => n + c.fails, 0) + result.errors.length;
  process.stdout.write(`checks: ${passes} passed, ${fails} failed over ${result.iterations} iteration(s)\n`);
  process.exit(failed.length > 0 || result.errors.length > 0 ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) void main();
