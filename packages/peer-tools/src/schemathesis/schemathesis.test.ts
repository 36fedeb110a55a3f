/**
 * Schemathesis (the pinned version, real, from PyPI) against a live `weft dev` on each chain kind:
 * every check, positive and negative data, from the fixed seed of schemathesis.toml; every phase
 * (the coverage phase on the Move chain only, see below).
 * Zero failures, and enough tested to mean something: every operation of the served document (the
 * router's on the Move chain only, see ROUTER_TAGS), and many test cases.
 */
import { weftCliOf } from "@weft/testkit/spawn-weft";
import { startWeftDev } from "@weft/testkit/weft-dev";
import { beforeAll, describe, expect, it } from "vitest";
import { findPython } from "../toolchain/python-venv.js";
import { skipReason } from "../toolchain/runtime.js";
import { installSchemathesis } from "./install.js";
import { formatSummary } from "./report.js";
import { documentUrl, runSchemathesis } from "./run-schemathesis.js";

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
const ROUTER_TAGS = ["Router Info", "Router", "Router Tx"];

/** Fewer than this many test cases per operation on average would be a token run. */
const MIN_CASES_PER_OPERATION = 20;

describe.skipIf(skip)(`Schemathesis against weft dev${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let st: string;
  // The first run on a machine installs it from PyPI.
  beforeAll(() => {
    st = installSchemathesis();
  }, 600_000);

  // The coverage phase (boundary and invalid values derived from each parameter's schema, over 3 000
  // cases, about 3 minutes here) tests how requests are validated, which is the same code on every
  // chain kind: it runs on the Move chain. The EVM chain runs the phases whose requests reach its
  // data (examples, fuzzing, stateful), where the two kinds' answers differ.
  const runs = [
    { vmType: "move", phases: ["examples", "coverage", "fuzzing", "stateful"], excludeTags: [] },
    { vmType: "evm", phases: ["examples", "fuzzing"], excludeTags: ROUTER_TAGS },
  ] as const;
  for (const { vmType, phases, excludeTags } of runs) {
    it(`${vmType} chain: every check passes on every operation (${phases.join(", ")})`, async () => {
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
    });
  }
});
