import { defineConfig } from "vitest/config";
import { sharedTestConfig } from "../../vitest.preset.mjs";

export default defineConfig({
  test: {
    ...sharedTestConfig,
    include: ["src/**/*.test.ts"],
    // Each file starts a real node (two or three processes busy with consensus and tracing): one file at
    // a time keeps a two-core machine responsive.
    maxWorkers: 1,
  },
});
