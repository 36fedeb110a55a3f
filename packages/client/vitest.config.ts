import { defineConfig } from "vitest/config";
import { sharedTestConfig } from "../../vitest.preset.mjs";

export default defineConfig({
  test: {
    ...sharedTestConfig,
    include: ["src/**/*.test.ts"],
    maxWorkers: 2,
    // Migrates one template database per run; each in-process Weft serves a clone of it.
    globalSetup: ["src/_test/template-setup.ts"],
  },
});
