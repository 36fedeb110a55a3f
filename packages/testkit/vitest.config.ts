import { defineConfig } from "vitest/config";
import { sharedTestConfig } from "../../vitest.preset.mjs";

export default defineConfig({
  test: {
    ...sharedTestConfig,
    include: ["src/**/*.test.ts"],
    // The kit's own template, migrated by a stand-in (the kit knows no schema): see the setup file.
    globalSetup: ["src/_test/template-setup.ts"],
  },
});
