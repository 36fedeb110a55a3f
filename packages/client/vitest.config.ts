import { defineConfig } from "vitest/config";
import { sharedTestConfig } from "../../vitest.preset.mjs";

export default defineConfig({
  test: {
    ...sharedTestConfig,
    include: ["src/**/*.test.ts"],
    maxWorkers: 2,
    // Migrates one template database per run; each in-process Weft serves a clone of it.
    globalSetup: ["src/_test/template-setup.ts"],
    // The files share their worker's modules: each imported the server, pg and the spec's validators
    // anew, 31 s of the package's 75 s. What a file could leak to the next is reset per file instead
    // (the fetch connection pool); each file starts and closes its own in-process Weft.
    isolate: false,
    setupFiles: ["@weft/testkit/fresh-fetch-pool"],
  },
});
