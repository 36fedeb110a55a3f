/**
 * Which iterations a run makes, from the script's `options` as k6 reads them: `--iterations` on the
 * command line replaces the script's scenarios (k6 lib/options.go: a shortcut in a higher config
 * tier overwrites lower tiers' execution settings); otherwise `options.scenarios`, else
 * `options.iterations`, else one iteration of one VU. The shim runs iteration-based executors only,
 * one iteration at a time: a time-based one (a load profile) is refused rather than shortened, so a
 * shim run never stands in for a load test it did not run.
 */
import { ShimExit } from "./thresholds.js";

/** The shim's own usage errors (not a k6 exit code). */
export const EXIT_UNSUPPORTED = 2;

export interface PlannedScenario {
  name: string;
  /** The exported function each iteration calls. */
  exec: string;
  /** [__VU, __ITER] of each iteration, in the order the shim runs them. */
  iterations: [vu: number, iter: number][];
  env: Record<string, string>;
  tags: Record<string, string>;
}

interface ScenarioOptions {
  executor?: string;
  vus?: number;
  iterations?: number;
  exec?: string;
  env?: Record<string, string>;
  tags?: Record<string, string>;
  startTime?: string;
}

export interface ScriptOptions {
  scenarios?: Record<string, ScenarioOptions>;
  iterations?: number;
  vus?: number;
  duration?: string;
  stages?: unknown[];
}

function sharedIterations(vus: number, iterations: number): [number, number][] {
  // k6 hands the next iteration to whichever VU is free; run sequentially that is round-robin.
  const perVu = new Map<number, number>();
  return Array.from({ length: iterations }, (_, k) => {
    const vu = (k % vus) + 1;
    const iter = perVu.get(vu) ?? 0;
    perVu.set(vu, iter + 1);
    return [vu, iter];
  });
}

function perVuIterations(vus: number, iterations: number): [number, number][] {
  return Array.from({ length: vus }, (_, v) =>
    Array.from({ length: iterations }, (_, i): [number, number] => [v + 1, i]),
  ).flat();
}

const startMs = (s: ScenarioOptions) => Number(/^(\d+)s$/.exec(s.startTime ?? "")?.[1] ?? 0) * 1000;

export function planScenarios(options: ScriptOptions, cli: { iterations?: number }): PlannedScenario[] {
  const base = { exec: "default", env: {}, tags: {} };
  if (cli.iterations !== undefined)
    return [{ name: "default", ...base, iterations: sharedIterations(options.vus ?? 1, cli.iterations) }];
  if (options.scenarios) {
    return Object.entries(options.scenarios)
      .sort(([, a], [, b]) => startMs(a) - startMs(b))
      .map(([name, s]) => {
        const vus = s.vus ?? 1;
        const iterations = s.iterations ?? 1;
        let plan: [number, number][];
        if (s.executor === "shared-iterations") plan = sharedIterations(vus, iterations);
        else if (s.executor === "per-vu-iterations") plan = perVuIterations(vus, iterations);
        else
          throw new ShimExit(
            `scenario "${name}" uses the ${s.executor} executor, which runs for a duration: the shim runs ` +
              "only shared-iterations and per-vu-iterations scenarios (use the script's smoke profile, or --iterations)",
            EXIT_UNSUPPORTED,
          );
        return { name, exec: s.exec ?? "default", env: s.env ?? {}, tags: s.tags ?? {}, iterations: plan };
      });
  }
  if (options.duration !== undefined || options.stages !== undefined)
    throw new ShimExit(
      "the script's options run for a duration (duration/stages): the shim runs only iteration counts; pass --iterations",
      EXIT_UNSUPPORTED,
    );
  if (options.iterations !== undefined)
    return [{ name: "default", ...base, iterations: sharedIterations(options.vus ?? 1, options.iterations) }];
  return [{ name: "default", ...base, iterations: perVuIterations(options.vus ?? 1, 1) }];
}
