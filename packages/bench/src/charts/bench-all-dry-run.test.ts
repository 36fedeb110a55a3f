// `bench:all` (packages/bench/scripts/bench-all.mjs) runs for tens of minutes, so CI runs it
// in --dry-run only: its steps, their order and commands, and the charts it draws from their JSON
// files (the names chart-inputs.ts reads), so neither side can change without the other noticing.
import { execFileSync, spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { RESULT_FILES } from "./chart-inputs.js";

const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../scripts/bench-all.mjs");
const dryRun = (...args: string[]) =>
  execFileSync(process.execPath, [script, "--dry-run", ...args], {
    encoding: "utf8",
    env: { ...process.env, BENCH_REFERENCE_URL: "", BENCH_WEFT_URL: "" },
  });

describe("bench:all --dry-run", () => {
  it("lists every benchmark in order, each writing the JSON the charts read, then the charts", () => {
    const lines = dryRun("--quick").trim().split("\n");
    expect(lines[0]).toMatch(
      /^bench-all: 11 steps \(--quick sizes\), results in packages\/bench\/results\/\d{4}-\d\d-\d\dT/,
    );
    const steps = lines.slice(1).map((l) => /^\[(\d+)\/11\] ([\w-]+): (.*)$/.exec(l));
    expect(steps.map((m) => m?.[2])).toEqual([
      "ingest",
      "route",
      "balances",
      "tracking",
      "outage",
      "validation",
      "dataset",
      "deep-pages",
      "many-chains",
      "reference",
      "charts",
    ]);
    const command = (name: string) => steps.find((m) => m?.[2] === name)?.[3] ?? "";
    expect(command("ingest")).toMatch(
      /^node --max-semi-space-size=64 packages\/bench\/dist\/ingest-bench\.js --blocks 1000 --json /,
    );
    const written: [string, string][] = [
      ["ingest", RESULT_FILES.ingest],
      ["route", RESULT_FILES.route],
      ["balances", RESULT_FILES.balances],
      ["tracking", RESULT_FILES.tracking],
      ["outage", RESULT_FILES.outage],
      ["deep-pages", RESULT_FILES.deepPages],
    ];
    for (const [step, file] of written)
      expect(command(step)).toMatch(new RegExp(`--json packages/bench/results/[^ ]+/${file}( |$)`));
    expect(command("deep-pages")).toContain("(DATABASE_URL from dataset.json)");
    expect(command("many-chains")).toMatch(
      /^node packages\/bench\/dist\/many-chains-bench\.js --chains 1,5 --blocks 100 --duration 2 --json packages\/bench\/results\/[^ ]+\/many-chains\.json$/,
    );
    expect(command("reference")).toMatch(/^skipped: needs --reference-url and --weft-url/);
    // A quick run's numbers are a smoke check: its charts stay in its results folder.
    expect(command("charts")).toMatch(
      /^node packages\/bench\/dist\/charts\/cli\.js --results (packages\/bench\/results\/[^ ]+) --out \1\/charts$/,
    );
  });

  it("runs the reference comparison when both URLs are given, full sizes without --quick", () => {
    const out = dryRun(
      "--only",
      "reference,ingest",
      "--reference-url",
      "http://127.0.0.1:1",
      "--weft-url",
      "http://127.0.0.1:2",
    );
    expect(out).toContain(
      "[1/3] ingest: node --max-semi-space-size=64 packages/bench/dist/ingest-bench.js --blocks 10000 ",
    );
    expect(out).toContain(
      `[2/3] reference: node packages/loadtest/dist/runner/cli.js compare --a http://127.0.0.1:2 --b http://127.0.0.1:1 --names weft,reference --duration 10 --rounds 3 --json packages/bench/results/`,
    );
    expect(out).toMatch(/\/reference\.json\n\[3\/3\] charts: /);
    // A full run redraws the published charts (BENCHMARKS.md links them).
    expect(out).toMatch(/\[3\/3\] charts: .* --out packages\/bench\/charts$/m);
  });

  it("measures 1, 5 and 20 chains of 400 blocks without --quick", () => {
    expect(dryRun("--only", "many-chains")).toMatch(
      /^\[1\/2\] many-chains: node packages\/bench\/dist\/many-chains-bench\.js --chains 1,5,20 --blocks 400 --duration 5 --json /m,
    );
  });

  it("refuses an unknown step, naming the known ones", () => {
    const r = spawnSync(process.execPath, [script, "--dry-run", "--only", "nope"], { encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("unknown step nope; steps: ingest, route");
  });
});
