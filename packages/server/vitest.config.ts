import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { splitTestFilesByName } from "@weft/testkit/split-test-files";
import { defineConfig } from "vitest/config";
import { sharedTestConfig } from "../../vitest.preset.mjs";

const root = path.dirname(fileURLToPath(import.meta.url));
const testFiles = readdirSync(path.join(root, "src"), { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith(".test.ts"))
  .map((f) => path.join(root, "src", f));

/**
 * Two projects, each runnable alone (`pnpm test:unit`, `pnpm test:e2e`); `pnpm test` runs both into
 * one report. `unit`: no database, no child process, no browser; in-process servers on 127.0.0.1 are
 * fine. `e2e`: the scenario tests, named `x.e2e.test.ts`, which need them. The split is read from the
 * file names; src/test-file-names.test.ts (a unit test) fails on a name that disagrees with what its
 * file imports (src/_test/e2e-imports.ts), so the names cannot drift.
 */
const { unit, e2e } = splitTestFilesByName(testFiles);

const relative = (files: string[]) => files.map((f) => path.relative(root, f));

export default defineConfig({
  test: {
    ...sharedTestConfig,
    // Two workers fit two cores; database-backed files each clone the run's migrated template.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: "unit", include: relative(unit) } },
      {
        extends: true,
        test: {
          name: "e2e",
          include: relative(e2e),
          globalSetup: ["src/_test/template-setup.ts"],
          // The files share their worker's modules: importing the server, pg and the spec's
          // validators anew for each of 80 files was ~40% of the project's time (a 16-file sample:
          // 74 s -> 43 s). What a file could leak to the next is reset per file instead: the fetch
          // connection pool (@weft/testkit/fresh-fetch-pool); spawned weft processes are ended by testkit.
          isolate: false,
          setupFiles: ["@weft/testkit/fresh-fetch-pool"],
        },
      },
    ],
  },
});
