import { defineConfig } from "vitest/config";
import { sharedTestConfig } from "../../vitest.preset.mjs";

export default defineConfig({
  // Each file runs a live weft dev and a foreign tool against it (Schemathesis, openapi-generator,
  // the SDKs' own tests): two at a time on the 2-core CI machine, with a generous timeout. The
  // Schemathesis runs are one file per chain kind so the Move chain's long run (every phase) has the
  // other worker beside it for the rest; tools installed on first use take a lock (tool-lock.ts).
  test: { ...sharedTestConfig, include: ["src/**/*.test.ts"], maxWorkers: 2, testTimeout: 600_000 },
});
