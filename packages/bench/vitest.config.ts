import { defineConfig } from "vitest/config";
import { sharedTestConfig } from "../../vitest.preset.mjs";

export default defineConfig({
  test: {
    ...sharedTestConfig,
    include: ["src/**/*.test.ts"],
    maxWorkers: 2,
    // Migrates one template database per run; the raw baseline's test ingests into a clone of it.
    globalSetup: ["src/_test/template-setup.ts"],
  },
});
