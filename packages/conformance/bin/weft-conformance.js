#!/usr/bin/env node
// The `weft-conformance` command. A committed file, not dist/cli.js itself, so that installing a
// workspace that depends on this package links it before anything is built (pnpm warns "Failed to
// create bin" for a missing target).
import { existsSync } from "node:fs";

const cli = new URL("../dist/cli.js", import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write("weft-conformance: not built yet; run `npx pnpm@10 build` in the repository first\n");
  process.exit(1);
}
await import(cli.href);
