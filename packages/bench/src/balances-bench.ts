#!/usr/bin/env node
/**
 * Balances benchmark: POST /v2/info/balances for one chain and `--denoms` denoms (default 20) through
 * the real app (validation, registry, node reads, response), the local interchain in its own process
 * as real nodes would be. Beside it, in the same run, the baseline: the very node reads the handler
 * makes (bank `by_denom`, one per denom, the same number in flight), called directly. Then what a bad
 * node costs: one that never answers (costs its timeout) and one that refuses connections.
 *
 *   node packages/bench/dist/balances-bench.js [--denoms 20] [--requests 2000] [--json FILE]
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { L1_CHAIN_ID } from "@weft/devnet";
import type { Registry } from "@weft/server";
import { createApp, loadSpecDocument } from "@weft/server";
import {
  BALANCE_NODE_TIMEOUT_MS,
  BALANCE_READS_IN_FLIGHT,
  BUNDLED_REGISTRIES_DIR,
  bindEndpoints,
  createRegistry,
  parseRegistryFile,
} from "@weft/server/internal";
import { pino } from "pino";
import { parseBenchArgs } from "./bench-args.js";
import { JSON_OPTION, latencyPercentiles, writeBenchJson } from "./bench-json.js";

const values = parseBenchArgs(
  "usage: balances-bench [--denoms 20] [--requests 2000] [--bad-node-requests 5] [--json FILE]\n" +
    "POST /v2/info/balances on one chain with --denoms denoms against a devnet node, and through a node that stalls.",
  {
    denoms: { type: "string", default: "20" },
    requests: { type: "string", default: "2000" },
    "bad-node-requests": { type: "string", default: "5" },
    ...JSON_OPTION,
  },
);
const denomCount = Number(values.denoms);
const requests = Number(values.requests);
const badRequests = Number(values["bad-node-requests"]);
const ADDRESS = "init1f9qwat48ldgxrmssvpvpk3tea8l72mksvzm62v";
const work = mkdtempSync(path.join(tmpdir(), "weft-balances-bench-"));
const children: ChildProcess[] = [];
process.on("exit", () => {
  for (const c of children) c.kill();
  rmSync(work, { recursive: true, force: true });
});

const bundled = path.join(BUNDLED_REGISTRIES_DIR, "devnet.json");
const file = parseRegistryFile(JSON.parse(readFileSync(bundled, "utf8")), bundled);
// The L1's listed assets, then bank denoms of its own up to --denoms: every one held by the account.
const listed = createRegistry(file)
  .assets()
  .filter((a) => a.chain.chain_id === L1_CHAIN_ID)
  .map((a) => a.denom);
const denoms = [
  ...listed,
  ...Array.from({ length: Math.max(0, denomCount - listed.length) }, (_, i) => `ubench${i}`),
].slice(0, denomCount);
const genesisFile = path.join(work, "genesis.json");
writeFileSync(
  genesisFile,
  JSON.stringify({
    [L1_CHAIN_ID]: { [ADDRESS]: Object.fromEntries(denoms.map((d, i) => [d, String(1_000_000 * (i + 1))])) },
  }),
);

// The interchain in its own process.
const require = createRequire(import.meta.url);
const devnetCli = require.resolve("@weft/devnet").replace(/index\.js$/, "cli.js");
const urls = await new Promise<Record<string, string>>((resolve, reject) => {
  const child = spawn(
    process.execPath,
    [devnetCli, "--interchain", "--genesis", genesisFile, "--initial-blocks", "1"],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  children.push(child);
  let seen = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    seen += chunk.toString();
    const match = /^(\{.*\})\n/m.exec(seen);
    if (match) resolve(JSON.parse(match[1] ?? "{}"));
  });
  child.once("exit", (code) => reject(new Error(`the interchain exited (${code}): ${seen.slice(-500)}`)));
});
const l1 = urls[L1_CHAIN_ID] ?? "";

async function listen(server: Server): Promise<string> {
  server.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
async function serveWeft(registry: Registry): Promise<{ url: string; server: Server }> {
  const app = createApp({
    db: { pool: undefined as never },
    logger: pino({ level: "silent" }),
    spec: loadSpecDocument(),
    router: { registry },
  });
  const server = createServer(app);
  return { url: await listen(server), server };
}
const registryWith = (endpoints: Record<string, string>) => createRegistry(bindEndpoints(file, endpoints));

const body = JSON.stringify({ chains: { [L1_CHAIN_ID]: { address: ADDRESS, denoms } } });
async function weftOnce(url: string): Promise<unknown> {
  const res = await fetch(`${url}/v2/info/balances`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`balances answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}
/** The handler's node reads, made directly: `by_denom` per denom, BALANCE_READS_IN_FLIGHT at once. */
async function rawOnce(): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < denoms.length) {
      const denom = denoms[next++] as string;
      const res = await fetch(
        `${l1}/cosmos/bank/v1beta1/balances/${ADDRESS}/by_denom?denom=${encodeURIComponent(denom)}`,
      );
      await res.json();
    }
  };
  await Promise.all(Array.from({ length: Math.min(BALANCE_READS_IN_FLIGHT, denoms.length) }, worker));
}
async function time(n: number, once: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await once();
    out.push(performance.now() - start);
  }
  return out;
}
function percentiles(samples: number[]) {
  const { p50, p99, max } = latencyPercentiles(samples);
  return { p50: p50.toFixed(2), p99: p99.toFixed(2), max: max.toFixed(2) };
}

const weft = await serveWeft(registryWith(urls));
// Every denom must read back its genesis amount, or the numbers below mean nothing.
const sample = (await weftOnce(weft.url)) as {
  chains: Record<string, { denoms: Record<string, { amount: string; error?: unknown }> }>;
};
denoms.forEach((d, i) => {
  const got = sample.chains[L1_CHAIN_ID]?.denoms[d];
  if (got?.error || got?.amount !== String(1_000_000 * (i + 1)))
    throw new Error(`${d}: read ${JSON.stringify(got)}, expected ${1_000_000 * (i + 1)}`);
});
// Warm up both paths (JIT, validator compilation, keep-alive sockets), then measure, interleaved halves.
await time(100, rawOnce);
await time(100, () => weftOnce(weft.url));
const raw = [...(await time(requests / 2, rawOnce))];
const real = [...(await time(requests / 2, () => weftOnce(weft.url)))];
raw.push(...(await time(requests / 2, rawOnce)));
real.push(...(await time(requests / 2, () => weftOnce(weft.url))));

// A node that never answers (a socket that accepts and stays silent), and one that refuses.
const silent = createServer(() => {});
const silentUrl = await listen(silent);
const refused = createServer();
const refusedUrl = await listen(refused);
refused.close();
const hanging = await serveWeft(registryWith({ ...urls, [L1_CHAIN_ID]: silentUrl }));
const down = await serveWeft(registryWith({ ...urls, [L1_CHAIN_ID]: refusedUrl }));
const hangs = await time(badRequests, () => weftOnce(hanging.url));
const refuses = await time(badRequests, () => weftOnce(down.url));
silent.closeAllConnections();
for (const s of [weft.server, hanging.server, down.server, silent]) s.close();

console.log(
  `POST /v2/info/balances: ${L1_CHAIN_ID}, ${denoms.length} denoms (${listed.length} listed by the registry), ${requests} requests each, sequential; node timeout ${BALANCE_NODE_TIMEOUT_MS} ms, ${BALANCE_READS_IN_FLIGHT} reads in flight`,
);
console.table({
  [`baseline: the ${denoms.length} bank reads, direct (ms)`]: percentiles(raw),
  "weft POST /v2/info/balances (ms)": percentiles(real),
  [`weft, node never answers (${badRequests} requests, ms)`]: percentiles(hangs),
  [`weft, node refuses connections (${badRequests} requests, ms)`]: percentiles(refuses),
});
writeBenchJson(
  values.json,
  "balances",
  { denoms: denomCount, requests, badNodeRequests: badRequests },
  {
    chain: L1_CHAIN_ID,
    nodeTimeoutMs: BALANCE_NODE_TIMEOUT_MS,
    latencyMs: [
      { name: `baseline: the ${denoms.length} bank reads, direct`, ...latencyPercentiles(raw) },
      { name: "weft POST /v2/info/balances", ...latencyPercentiles(real) },
      { name: "weft, the node never answers", ...latencyPercentiles(hangs) },
      { name: "weft, the node refuses connections", ...latencyPercentiles(refuses) },
    ],
  },
);
process.exit(0);
