#!/usr/bin/env node
/**
 * The raw baseline (raw-baseline.ts) in its own process, as `weft serve` runs in its own.
 *   DATABASE_URL=postgres://... [VM_TYPE=evm] [BECH32_PREFIX=init] [PORT=0] node dist/raw-baseline-cli.js
 * Prints `raw baseline listening on URL` on stderr.
 */
import { startRawBaseline } from "./raw-baseline.js";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  process.stderr.write("raw-baseline: set DATABASE_URL\n");
  process.exit(2);
}
const vm = process.env.VM_TYPE;
const baseline = await startRawBaseline({
  databaseUrl,
  vmType: vm === "evm" || vm === "wasm" ? vm : "move",
  prefix: process.env.BECH32_PREFIX ?? "init",
  port: Number(process.env.PORT ?? 0),
});
process.stderr.write(`raw baseline listening on ${baseline.url}\n`);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => void baseline.close().then(() => process.exit(0)));
