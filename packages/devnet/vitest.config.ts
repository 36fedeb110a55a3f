import { defineConfig } from "vitest/config";
import { sharedTestConfig } from "../../vitest.preset.mjs";

export default defineConfig({
  test: { ...sharedTestConfig, include: ["src/**/*.test.ts"], maxWorkers: 2 },
});
