import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { splitTestFiles } from "@weft/testkit/split-test-files";
import { defineConfig } from "vitest/config";
import { sharedTestConfig } from "../../vitest.preset.mjs";

const root = path.dirname(fileURLToPath(import.meta.url));
const testFiles = readdirSync(path.join(root, "src"), { recursive: true, encoding: "utf8" })
  .filter((f) => f.endsWith(".test.ts"))
  .map((f) => path.join(root, "src", f));

/**
 * Two projects, each runnable alone (`pnpm test:unit`, `pnpm test:e2e`); `pnpm test` runs both into
 * one report. `unit`: no database, no child process, no browser; in-process servers on 127.0.0.1 are
 * fine. `e2e`: everything else. The split is by what a file (or a `_test/` helper it uses) imports,
 * so a new file needs no list: see @weft/testkit/split-test-files and the patterns below.
 */
const { unit, e2e } = splitTestFiles(testFiles, [
  // A database: a driver, the server's openDatabase, or the test database helpers.
  /^pg$/,
  /^@electric-sql\//,
  /\/db\/database\.js$/,
  /\/test-database\.js$/,
  // A child process (the CLI, prisma, pnpm, k6...).
  /^(node:)?child_process$/,
  /\/spawn-weft\.js$/,
  // A browser, and the rest of the kit (databases, processes, Chromium), but for its in-process
  // server, which only listens on 127.0.0.1.
  /^playwright-core$/,
  /^@weft\/testkit\/(?!in-process-server$)/,
]);

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
        },
      },
    ],
  },
});
