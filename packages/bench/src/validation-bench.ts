#!/usr/bin/env node
/**
 * What validating a request costs, Weft's way against express-openapi-validator's, side by side in
 * one run: four servers in their own processes (validation-bench-server.ts) answer the same mix of
 * valid requests (an account's txs with pagination, a block by height, a filtered tx list, a route
 * POST with a JSON body) with a stub body, so no handler work hides the difference: Weft's listener
 * with its compiled per-operation validators against bare node:http, and Express with
 * express-openapi-validator against the same Express without it. Rounds alternate the servers.
 *
 *   node packages/bench/dist/validation-bench.js [--duration 5] [--rounds 3] [--connections 10] [--json FILE]
 */
import { type Measurement, measure, type Target } from "@weft/loadtest/runner/measure";
import { parseBenchArgs } from "./bench-args.js";
import { JSON_OPTION, writeBenchJson } from "./bench-json.js";
import { type BenchServer, startBenchServer } from "./bench-server-process.js";

/** The servers compared (validation-bench-server.ts says what each is). */
const VALIDATION_MODES = ["weft", "node", "express-openapi-validator", "express"] as const;
export type ValidationMode = (typeof VALIDATION_MODES)[number];

const values = parseBenchArgs(
  "usage: validation-bench [--duration 5] [--rounds 3] [--connections 10] [--json FILE]\n" +
    "Weft's compiled request validators vs Express + express-openapi-validator on the same document.",
  {
    duration: { type: "string", default: "5" },
    rounds: { type: "string", default: "3" },
    connections: { type: "string", default: "10" },
    ...JSON_OPTION,
  },
);
const durationSec = Number(values.duration);
const rounds = Number(values.rounds);
const connections = Number(values.connections);

const ACCOUNT = `init1${"q".repeat(38)}`;
const ROUTE = JSON.stringify({
  source_asset_chain_id: "interwoven-1",
  source_asset_denom: "uinit",
  dest_asset_chain_id: "minievm-1",
  dest_asset_denom: "uinit",
  amount_in: "1000000",
  allow_multi_tx: true,
});
const mix = (base: string): Target[] => [
  { url: `${base}/indexer/tx/v1/txs/by_account/${ACCOUNT}?pagination.limit=10&pagination.reverse=true` },
  { url: `${base}/indexer/block/v1/blocks/12345` },
  { url: `${base}/indexer/tx/v1/txs?msgs=/cosmos.bank.v1beta1.MsgSend&pagination.offset=100` },
  { method: "POST", url: `${base}/v2/fungible/route`, body: ROUTE },
];

const servers = new Map<ValidationMode, BenchServer>();
for (const mode of VALIDATION_MODES) {
  servers.set(mode, await startBenchServer(new URL("./validation-bench-server.js", import.meta.url), [mode]));
}
// Every server must accept every request of the mix, or its numbers would be of error answers.
for (const [mode, server] of servers) {
  for (const target of mix(server.url)) {
    const res = await fetch(target.url, {
      method: target.method ?? "GET",
      headers: target.body ? { "content-type": "application/json" } : {},
      body: target.body,
    });
    if (res.status !== 200)
      throw new Error(`${mode} answered ${target.url} with ${res.status}: ${await res.text()}`);
  }
}

const samples = new Map<ValidationMode, Measurement[]>(VALIDATION_MODES.map((m) => [m, []]));
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? VALIDATION_MODES : [...VALIDATION_MODES].reverse();
  for (const mode of order) {
    const server = servers.get(mode) as BenchServer;
    const result = await measure({ name: mode, targets: mix(server.url), durationSec, connections });
    if (result.errors > 0) throw new Error(`${mode}: ${result.errors} errors in round ${round + 1}`);
    samples.get(mode)?.push(result);
    process.stderr.write(
      `round ${round + 1}/${rounds} ${mode}: ${Math.round(result.requestsPerSec)} req/s\n`,
    );
  }
}
for (const server of servers.values()) await server.stop();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const rows = VALIDATION_MODES.map((mode) => {
  const runs = samples.get(mode) ?? [];
  return {
    mode,
    requestsPerSec: median(runs.map((r) => r.requestsPerSec)),
    p50Ms: median(runs.map((r) => r.p50Ms)),
    p99Ms: median(runs.map((r) => r.p99Ms)),
  };
});
const rps = (mode: ValidationMode) => rows.find((r) => r.mode === mode)?.requestsPerSec ?? 0;
console.log(`${rounds} alternating rounds of ${durationSec} s, ${connections} connections, medians:`);
console.table(
  Object.fromEntries(
    rows.map((r) => [
      r.mode,
      { "req/s": Math.round(r.requestsPerSec), "p50 ms": r.p50Ms, "p99 ms": r.p99Ms },
    ]),
  ),
);
const weftShare = rps("weft") / rps("node");
const eovShare = rps("express-openapi-validator") / rps("express");
console.log(
  `weft (routing + validation) keeps ${(weftShare * 100).toFixed(0)}% of bare node:http; ` +
    `express-openapi-validator keeps ${(eovShare * 100).toFixed(0)}% of the same Express; ` +
    `weft / express-openapi-validator: ${(rps("weft") / rps("express-openapi-validator")).toFixed(2)}x`,
);
writeBenchJson(
  values.json,
  "validation",
  { durationSec, rounds, connections },
  { rows, weftShare, eovShare },
);
