/**
 * `weft-loadtest compare`: one request mix against two loopback deployments of the same chain,
 * alternating A and B over several rounds after a warm-up, reported as medians with B/A ratios
 * (see COMPARE_USAGE for the options and compare-plan.ts for the order).
 */
import { writeFile } from "node:fs/promises";
import { COMPARE_USAGE, type CompareOptions, CompareUsageError, parseCompareArgs } from "./compare-args.js";
import { comparePlan, selectGroups } from "./compare-plan.js";
import { buildResults, type CompareReport, formatCompareTables, type Sample } from "./compare-report.js";
import { groupsFrom, measureOn } from "./request-groups.js";

export type Log = (line: string) => void;

export async function runCompare(options: CompareOptions, log: Log): Promise<CompareReport> {
  const startedAt = new Date().toISOString();
  const { a, b } = options;
  log(`discovering request groups from ${a.name} (${a.url})...`);
  const all = await groupsFrom(a.url).catch((err: Error) => {
    throw new Error(`cannot discover request groups from ${a.name} (${a.url}): ${err.message}`);
  });
  const groups = selectGroups(all, options.only);
  if (groups.length === 0)
    throw new CompareUsageError(
      `--only ${JSON.stringify(options.only)} matches none of the groups: ${all.map((g) => g.name).join("; ")}`,
    );
  for (const g of groups) log(`  ${g.name}: ${g.paths.length} URLs`);

  if (options.warmupSec > 0) {
    // The selected groups' URLs together at the highest connection count, so every URL's
    // first-hit cost (and the JIT's warm-up) lands here instead of in round 1 of whichever group
    // or side comes first.
    const paths = [...new Set(groups.flatMap((g) => g.paths))];
    const connections = Math.max(...options.connections);
    for (const [key, side] of [
      ["A", a],
      ["B", b],
    ] as const) {
      log(
        `warm-up: ${key} (${side.name}), ${paths.length} URLs, ${connections} connections, ${options.warmupSec} s`,
      );
      await measureOn(side, "warm-up", paths, { durationSec: options.warmupSec, connections });
    }
  }

  const plan = comparePlan(groups, options.connections, options.rounds);
  const samples: Sample[] = [];
  for (const [i, step] of plan.entries()) {
    const side = step.side === "a" ? a : b;
    log(
      `[${i + 1}/${plan.length}] round ${step.round}/${options.rounds}, ${step.connections} connections, ` +
        `${step.group.name}, ${step.side.toUpperCase()} (${side.name}), ${options.durationSec} s`,
    );
    const measurement = await measureOn(side, step.group.name, step.group.paths, {
      durationSec: options.durationSec,
      connections: step.connections,
    });
    samples.push({ step, measurement });
  }
  return {
    tool: "weft-loadtest compare",
    ratio: "b/a",
    startedAt,
    finishedAt: new Date().toISOString(),
    sides: { a, b },
    settings: {
      durationSec: options.durationSec,
      connections: options.connections,
      rounds: options.rounds,
      warmupSec: options.warmupSec,
      only: options.only ?? null,
    },
    results: buildResults(samples),
  };
}

/** The subcommand: exit code 0 done, 1 failed, 2 usage (bad option, non-loopback URL). */
export async function compareMain(argv: string[]): Promise<number> {
  const log: Log = (line) => process.stderr.write(`${line}\n`);
  const usageError = (message: string) => {
    process.stderr.write(
      `weft-loadtest compare: ${message}\n${COMPARE_USAGE.split("\n")[0]}\n(--help lists the options)\n`,
    );
    return 2;
  };
  try {
    const options = parseCompareArgs(argv);
    if (options === "help") {
      process.stdout.write(`${COMPARE_USAGE}\n`);
      return 0;
    }
    const report = await runCompare(options, log);
    process.stdout.write(`\n${formatCompareTables(report)}\n`);
    if (options.jsonFile) {
      await writeFile(options.jsonFile, `${JSON.stringify(report, null, 2)}\n`);
      log(`wrote ${options.jsonFile}`);
    }
    const errors = report.results.reduce((sum, r) => sum + r.a.errors + r.b.errors, 0);
    if (errors > 0)
      log(`warning: ${errors} requests failed (non-2xx, errors or timeouts): see the errors column`);
    return 0;
  } catch (err) {
    if (err instanceof CompareUsageError) return usageError(err.message);
    process.stderr.write(`weft-loadtest compare: ${(err as Error).message}\n`);
    return 1;
  }
}
