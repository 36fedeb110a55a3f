import { defineConfig } from "vitest/config";
import { sharedTestConfig } from "../../vitest.preset.mjs";

export default defineConfig({
  test: {
    ...sharedTestConfig,
    include: ["src/**/*.test.ts"],
    // Database-backed files each migrate a fresh database; two workers fit two cores.
    maxWorkers: 2,
  },
});
