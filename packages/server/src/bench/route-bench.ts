#!/usr/bin/env node
/**
 * Route benchmark: POST /v2/fungible/route through the real app (validation, pathfinding, amounts,
 * response) on a synthetic registry of `--chains` chains shaped like Initia's network, for every
 * ordered pair of a sample of assets, against a baseline in the same run: a bare node:http server
 * answering a precomputed route of the same size. Prints p50/p99 per request and the pure
 * findRoute time.
 *
 *   node packages/server/dist/bench/route-bench.js [--chains 60] [--requests 5000] [--json FILE]
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { pino } from "pino";
import { createApp } from "../app.js";
import { type AssetNode, createRegistry } from "../router/registry/registry.js";
import { parseRegistryFile } from "../router/registry/registry-file.js";
import { syntheticRegistry } from "../router/registry/synthetic-registry.js";
import { findRoute } from "../router/route/find-route.js";
import { loadSpecDocument } from "../spec-document.js";
import { JSON_OPTION, latencyPercentiles, writeBenchJson } from "./bench-json.js";

const { values } = parseArgs({
  // `pnpm bench:x -- --flag` passes the `--` through.
  args: process.argv.slice(2).filter((a) => a !== "--"),
  options: {
    chains: { type: "string", default: "60" },
    requests: { type: "string", default: "5000" },
    ...JSON_OPTION,
  },
});
const total = Number(values.chains);
const requests = Number(values.requests);
const rollups = Math.round(total * 0.7);
const evm = 3;
const file = syntheticRegistry({ rollups, cosmos: total - 1 - rollups - evm, evm });
const loadStart = performance.now();
const registry = createRegistry(parseRegistryFile(file, "synthetic"));
const loadMs = performance.now() - loadStart;

// Pairs of assets with a route (found once up front; the timed loop repeats them).
const assets = registry.assets();
const pairs: [AssetNode, AssetNode][] = [];
for (let i = 0; pairs.length < 400 && i < 20_000; i++) {
  const a = assets[(i * 7919) % assets.length] as AssetNode;
  const b = assets[(i * 104_729 + 13) % assets.length] as AssetNode;
  if (a !== b && findRoute(registry, { source: a, destination: b, allowMultiTx: true })) pairs.push([a, b]);
}

function percentiles(samples: number[]) {
  const { p50, p99, max } = latencyPercentiles(samples);
  return { p50: p50.toFixed(3), p99: p99.toFixed(3), max: max.toFixed(3) };
}

async function timeRequests(url: string, bodies: string[]): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < requests; i++) {
    const start = performance.now();
    const res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: bodies[i % bodies.length],
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`route answered ${res.status}`);
    out.push(performance.now() - start);
  }
  return out;
}

async function listen(server: Server): Promise<string> {
  server.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const bodies = pairs.map(([a, b]) =>
  JSON.stringify({
    source_asset_chain_id: a.chain.chain_id,
    source_asset_denom: a.denom,
    dest_asset_chain_id: b.chain.chain_id,
    dest_asset_denom: b.denom,
    amount_in: "1000000000000000000",
    allow_multi_tx: true,
  }),
);

const pure: number[] = [];
for (let i = 0; i < requests; i++) {
  const [a, b] = pairs[i % pairs.length] as [AssetNode, AssetNode];
  const start = performance.now();
  findRoute(registry, { source: a, destination: b, allowMultiTx: true });
  pure.push(performance.now() - start);
}

const app = createApp({
  db: { pool: undefined as never },
  logger: pino({ level: "silent" }),
  spec: loadSpecDocument(),
  router: { registry },
});
const weft = createServer(app);
const weftUrl = await listen(weft);
// Warm up both servers (JIT, validator compilation), then measure.
const sample = await (
  await fetch(`${weftUrl}/v2/fungible/route`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: bodies[0],
  })
).text();
const baseline = createServer((req, res) => {
  req.resume();
  req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end(sample));
});
const baseUrl = await listen(baseline);
await timeRequests(`${baseUrl}/`, bodies.slice(0, 50));
await timeRequests(`${weftUrl}/v2/fungible/route`, bodies.slice(0, 50));
const base = await timeRequests(`${baseUrl}/`, bodies);
const real = await timeRequests(`${weftUrl}/v2/fungible/route`, bodies);
weft.close();
baseline.close();

console.log(
  `registry: ${registry.chains.length} chains, ${assets.length} assets (loaded in ${loadMs.toFixed(1)} ms); ${pairs.length} routable pairs; ${requests} requests each, sequential`,
);
console.table({
  "findRoute (pure, ms)": percentiles(pure),
  "baseline node:http, static body (ms)": percentiles(base),
  "weft POST /v2/fungible/route (ms)": percentiles(real),
});
writeBenchJson(
  values.json,
  "route",
  { chains: total, requests },
  {
    chains: registry.chains.length,
    assets: assets.length,
    pairs: pairs.length,
    latencyMs: [
      { name: "findRoute alone", ...latencyPercentiles(pure) },
      { name: "baseline node:http, static body", ...latencyPercentiles(base) },
      { name: "weft POST /v2/fungible/route", ...latencyPercentiles(real) },
    ],
  },
);
