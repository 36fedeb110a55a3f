#!/usr/bin/env node
/**
 * Tracking benchmark: N transfers (default 1000) broadcast on the local interchain (its own process)
 * and tracked at once by `weft serve` (its own process, real Postgres) while this process polls
 * GET /v2/tx/status at a fixed rate (default 100 requests/s) for random tracked hashes. Beside it, in
 * the same polling window and at the same rate, a bare node:http server in its own process answering
 * one stored status body (the baseline). Prints p50/p99 of both and how far tracking got.
 *
 *   node packages/bench/dist/tracking-bench.js [--transfers 1000] [--rate 100] [--seconds 20] [--json FILE]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { L1_CHAIN_ID } from "@weft/devnet";
import { SERVER_CLI_PATH } from "@weft/server/internal";
import { createScratchDatabase, DEFAULT_ADMIN_URL } from "@weft/testkit/bench-database";
import { startChild, startDevnetTransfers, trackTransfer } from "@weft/testkit/devnet-transfers";
import pg from "pg";
import { parseBenchArgs } from "./bench-args.js";
import { JSON_OPTION, latencyPercentiles, writeBenchJson } from "./bench-json.js";
import { startBenchServer } from "./bench-server-process.js";
import { writeDevnetRegistry } from "./devnet-registry.js";

const values = parseBenchArgs(
  "usage: tracking-bench [--transfers 1000] [--rate 100] [--seconds 20] [--block-ms 3000] [--admin-url URL] [--json FILE]\n" +
    "GET /v2/tx/status while --transfers transfers are tracked, against a baseline polled in the same window.",
  {
    transfers: { type: "string", default: "1000" },
    rate: { type: "string", default: "100" },
    seconds: { type: "string", default: "20" },
    // Slow blocks keep the transfers in flight for most of the polling window.
    "block-ms": { type: "string", default: "3000" },
    "admin-url": { type: "string", default: DEFAULT_ADMIN_URL },
    ...JSON_OPTION,
  },
);
const transfers = Number(values.transfers);
const rate = Number(values.rate);
const seconds = Number(values.seconds);

const scratch = await createScratchDatabase(values["admin-url"], "tracking");
const work = mkdtempSync(path.join(tmpdir(), "weft-tracking-bench-"));

// The interchain in its own process, as real chains would be: a block every --block-ms on each chain.
const devnet = await startDevnetTransfers(work, Number(values["block-ms"]), writeDevnetRegistry);

// Weft as deployed: `weft serve` (API + tracker) in its own process on real Postgres.
const weftCli = SERVER_CLI_PATH;
const weft = await startChild(
  [weftCli, "serve"],
  { DATABASE_URL: scratch.url, ROUTER_REGISTRY: devnet.registryFile, PORT: "0", LOG_LEVEL: "warn" },
  "stderr",
  /serving on (http:\/\/\S+)/,
);
const weftUrl = weft.match[1] ?? "";
const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });

// Broadcast and track N real transfers (L1 -> Wasm rollup, one MsgTransfer each).
const hashes: string[] = [];
const started = performance.now();
for (let i = 0; i < transfers; i++) {
  const hash = await devnet.broadcast(i);
  await trackTransfer(weftUrl, hash);
  hashes.push(hash);
}
console.log(
  `${transfers} transfers signed, broadcast and tracked in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

/**
 * Polls Weft and the baseline side by side at `rate` requests/s each (one request to each per tick,
 * the order alternating), so both are measured under the same machine load: the devnet making
 * blocks and the tracker settling transfers.
 */
async function pollBoth(
  weftUrl: (hash: string) => string,
  baseUrl: string,
): Promise<{ real: number[]; base: number[] }> {
  const real: number[] = [];
  const base: number[] = [];
  const inflight: Promise<void>[] = [];
  const timed = async (url: string, out: number[]) => {
    const s = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    out.push(performance.now() - s);
  };
  const total = rate * seconds;
  const t0 = performance.now();
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const hash = hashes[Math.floor(Math.random() * hashes.length)] ?? "";
    const pair = [timed(weftUrl(hash), real), timed(baseUrl, base)];
    inflight.push(...(i % 2 === 0 ? pair : pair.reverse()));
  }
  await Promise.all(inflight);
  return { real, base };
}
const inFlight = await pool.query<{ n: number }>(
  "SELECT count(*)::int AS n FROM router_transfer WHERE NOT done",
);
console.log(`polling starts with ${inFlight.rows[0]?.n} of ${transfers} transfers still in flight`);
// The baseline: a bare node:http server in its own process answering one stored status body.
const baseline = await startBenchServer(new URL("./static-body-server.js", import.meta.url));
baseline.setBody(
  await (await fetch(`${weftUrl}/v2/tx/status?chain_id=${L1_CHAIN_ID}&tx_hash=${hashes[0]}`)).text(),
);
const { real, base } = await pollBoth(
  (h) => `${weftUrl}/v2/tx/status?chain_id=${L1_CHAIN_ID}&tx_hash=${h}`,
  `${baseline.url}/`,
);
const { rows } = await pool.query<{ state: string; n: number }>(
  "SELECT state, count(*)::int AS n FROM router_transfer GROUP BY state ORDER BY state",
);

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]?.toFixed(2);
console.log(
  `tracked states after ${seconds} s of polling: ${rows.map((r) => `${r.state} ${r.n}`).join(", ")}`,
);
console.table({
  [`baseline node:http, static body (${rate}/s, ms)`]: {
    p50: pct(base, 50),
    p99: pct(base, 99),
    max: pct(base, 100),
    requests: base.length,
  },
  [`weft GET /v2/tx/status while tracking ${transfers} (${rate}/s, ms)`]: {
    p50: pct(real, 50),
    p99: pct(real, 99),
    max: pct(real, 100),
    requests: real.length,
  },
});
writeBenchJson(
  values.json,
  "tracking",
  { transfers, rate, seconds, blockMs: Number(values["block-ms"]) },
  {
    inFlightAtStart: inFlight.rows[0]?.n ?? 0,
    statesAfter: Object.fromEntries(rows.map((r) => [r.state, r.n])),
    latencyMs: [
      { name: "baseline node:http, static body", ...latencyPercentiles(base) },
      { name: "weft GET /v2/tx/status", ...latencyPercentiles(real) },
    ],
  },
);
await baseline.stop();
weft.child.kill("SIGTERM");
devnet.child.kill("SIGTERM");
await pool.end();
await new Promise((r) => setTimeout(r, 1000));
await scratch.drop();
rmSync(work, { recursive: true, force: true });
