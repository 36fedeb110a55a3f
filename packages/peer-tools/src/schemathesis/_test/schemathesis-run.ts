/**
 * Schemathesis (the pinned version, real, from PyPI) against a live `weft dev` of one chain kind:
 * every check, positive and negative data, from the fixed seed of schemathesis.toml. Zero failures,
 * and enough tested to mean something: every selected operation of the served document, and many
 * test cases. One file per chain kind (schemathesis-move, schemathesis-evm.test.ts) so the two runs
 * share the two test workers.
 */
import { weftCliOf } from "@weft/testkit/spawn-weft";
import { startWeftDev } from "@weft/testkit/weft-dev";
import { beforeAll, describe, expect, it } from "vitest";
import { findPython } from "../../toolchain/python-venv.js";
import { skipReason } from "../../toolchain/runtime.js";
import { installSchemathesis } from "../install.js";
import { formatSummary } from "../report.js";
import { documentUrl, runSchemathesis, type SchemathesisOptions } from "../run-schemathesis.js";

const skip = skipReason("python3", findPython(), "apt-get install python3 python3-venv");

/** Operations (path + method) in an OpenAPI document, but for those tagged with one of `excluded`. */
async function countOperations(url: string, excluded: readonly string[]): Promise<number> {
  const doc = (await (await fetch(documentUrl(url))).json()) as {
    paths: Record<string, Record<string, { tags?: string[] }>>;
  };
  const methods = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);
  return Object.values(doc.paths)
    .flatMap((item) => Object.entries(item).filter(([k]) => methods.has(k)))
    .filter(([, op]) => !(op.tags ?? []).some((tag) => excluded.includes(tag))).length;
}

/**
 * The Router API's operations (by their tags in the contract). Its answers come from the registry
 * and the chains' nodes, never from the indexed chain's VM: the Move run tests them, and the EVM run
 * leaves them out rather than spend CI minutes repeating the same requests against the same router.
 * The stateful phase goes with them: its links (a route's answer fed to /msgs, a tracked tx to its
 * status) are all between router operations, so without them it has nothing to run.
 */
export const ROUTER_TAGS = ["Router Info", "Router", "Router Tx"];

/** Fewer than this many test cases per operation on average would be a token run. */
const MIN_CASES_PER_OPERATION = 20;

export interface ChainRun {
  vmType: "move" | "evm";
  phases: NonNullable<SchemathesisOptions["phases"]>;
  excludeTags: readonly string[];
}

/** The test of one chain kind's run: zero failures on every selected operation, every phase run. */
export function describeSchemathesisRun({ vmType, phases, excludeTags }: ChainRun): void {
  describe.skipIf(skip)(`Schemathesis against weft dev${skip ? ` (skipped: ${skip})` : ""}`, () => {
    let st: string;
    // The first run on a machine installs it from PyPI (one worker at a time: see tool-lock.ts).
    beforeAll(() => {
      st = installSchemathesis();
    }, 600_000);

    // Up to Schemathesis's own deadline (run-schemathesis.ts, 15 min): the Move chain's run of every
    // phase takes 5-6 minutes alone, longer with the other worker's tools beside it.
    it(
      `${vmType} chain: every check passes on every operation (${phases.join(", ")})`,
      async () => {
        const weft = await startWeftDev({ cli: weftCliOf(import.meta.url), vmType });
        try {
          const started = Date.now();
          const { summary, output } = await runSchemathesis({ url: weft.url, st, phases, excludeTags });
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          process.stderr.write(`\n[schemathesis ${vmType}, ${seconds} s wall]\n${formatSummary(summary)}`);
          const operations = await countOperations(weft.url, excludeTags);

          expect(summary.failures, output.slice(-20_000)).toEqual([]);
          expect(summary.errors, output.slice(-20_000)).toEqual([]);
          expect(summary.complete).toBe(true);
          expect(summary.exitCode).toBe(0);
          // Not vacuous: the whole served document, each operation tested, every phase run.
          expect(summary.operations.total).toBe(await countOperations(weft.url, []));
          expect(summary.operations.selected).toBe(operations);
          expect(summary.operations.tested).toBe(operations);
          expect(summary.testCases.generated).toBeGreaterThanOrEqual(operations * MIN_CASES_PER_OPERATION);
          expect(summary.phases).toMatchObject(Object.fromEntries(phases.map((p) => [p, "success"])));
        } finally {
          await weft.stop();
        }
      },
      16 * 60_000,
    );
  });
}
