#!/usr/bin/env node
// The `weft-loadtest` command. A committed file, not dist/runner/cli.js itself: the server links
// this package (its deep-pages benchmark), and pnpm warns "Failed to create bin" at install for a
// target that is not built yet.
import { existsSync } from "node:fs";

const cli = new URL("../dist/runner/cli.js", import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write("weft-loadtest: not built yet; run `npx pnpm@10 build` in the repository first\n");
  process.exit(1);
}
await import(cli.href);
