#!/usr/bin/env node
/**
 * Route benchmark: POST /v2/fungible/route through the real app (body read and validated,
 * pathfinding, amounts, response) on a synthetic registry of `--chains` chains shaped like Initia's
 * network, for a sample of routable asset pairs, against a baseline in the same run: a bare node:http
 * server answering Weft's route for one pair as a static body.
 *
 * Each server runs in its own process with the Node flags `weft serve`'s workers get (as deployed),
 * and this process is only the client: one keep-alive connection, requests one after another, the
 * two servers alternating in rounds so drift on a shared machine hits both. A client in the server's
 * process (as this bench once was) measured its own fetch()'s garbage collection: p99 4.8x the
 * baseline where the server's own p99 was 0.3 ms. Prints p50/p90/p99 as the client saw them and as
 * each server measured them, and the pure findRoute time.
 *
 *   node packages/bench/dist/route-bench.js [--chains 60] [--requests 5000] [--rounds 5] [--pin] [--json FILE]
 */
import { Agent, request } from "node:http";
import { createRegistry, findRoute, parseRegistryFile, WORKER_NODE_FLAGS } from "@weft/server/internal";
import { parseBenchArgs } from "./bench-args.js";
import { JSON_OPTION, latencyPercentiles, writeBenchJson } from "./bench-json.js";
import { PINNED, pinThisProcess, startBenchServer } from "./bench-server-process.js";
import { benchRegistryFile, routablePairs, routeRequestBody } from "./route-bench-registry.js";

const values = parseBenchArgs(
  "usage: route-bench [--chains 60] [--requests 5000] [--rounds 5] [--pin] [--fresh-amounts] [--json FILE]\n" +
    "POST /v2/fungible/route on a synthetic registry of --chains chains vs a bare node:http server\n" +
    "answering the same body, each in its own process, --rounds alternating rounds of --requests each.\n" +
    "--pin: both servers on CPU 0 and this client on CPU 1 (taskset), for steadier tails.\n" +
    "--fresh-amounts: every request asks a new amount, so Weft finds each route anew (without it the\n" +
    "pairs' requests repeat, as a wallet's do, and Weft answers them from its memo of answers).",
  {
    pin: { type: "boolean", default: false },
    "fresh-amounts": { type: "boolean", default: false },
    chains: { type: "string", default: "60" },
    requests: { type: "string", default: "5000" },
    rounds: { type: "string", default: "5" },
    ...JSON_OPTION,
  },
);
const chains = Number(values.chains);
const requests = Number(values.requests);
const rounds = Math.max(1, Number(values.rounds));

const loadStart = performance.now();
const registry = createRegistry(parseRegistryFile(benchRegistryFile(chains), "synthetic"));
const loadMs = performance.now() - loadStart;
const pairs = routablePairs(registry);
const bodies = pairs.map(routeRequestBody);
const freshAmounts = values["fresh-amounts"];
/** Fresh amounts step by 10^12: a route through a wrapper of 18 to 6 decimals takes only whole units. */
const STEP = 10n ** 12n;
/** Request `i`: the pairs in turn; with --fresh-amounts each `i` asks its own amount. */
const bodyAt = (i: number) => {
  const body = bodies[i % bodies.length] as string;
  return freshAmounts
    ? body.replace(
        /"amount_in":"(\d+)"/,
        (_, a: string) => `"amount_in":"${BigInt(a) + (BigInt(i) + 1n) * STEP}"`,
      )
    : body;
};

const pure: number[] = [];
for (let i = 0; i < requests; i++) {
  const [source, destination] = pairs[i % pairs.length] as (typeof pairs)[number];
  const start = performance.now();
  findRoute(registry, { source, destination, allowMultiTx: true });
  pure.push(performance.now() - start);
}

// One connection per server, kept alive: what a client of a deployed router holds.
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
function post(url: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function timeRequests(url: string, from: number, count: number, out: number[]): Promise<void> {
  for (let i = from; i < from + count; i++) {
    const start = performance.now();
    const res = await post(url, bodyAt(i));
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${res.text.slice(0, 200)}`);
    out.push(performance.now() - start);
  }
}

const pin = values.pin ? { cpu: PINNED.server } : {};
if (values.pin) pinThisProcess(PINNED.client);
const weft = await startBenchServer(
  new URL("./route-bench-server.js", import.meta.url),
  [String(chains)],
  pin,
);
const baseline = await startBenchServer(new URL("./static-body-server.js", import.meta.url), [], pin);
const routeUrl = `${weft.url}/v2/fungible/route`;
const sample = await post(routeUrl, bodies[0] as string);
baseline.setBody(sample.text);

// Warm-up (JIT, validator compilation): every pair once on both, at indices past the timed ones (so
// with --fresh-amounts no timed request repeats one); then alternating rounds.
const discard: number[] = [];
await timeRequests(baseline.url, requests, bodies.length, discard);
await timeRequests(routeUrl, requests, bodies.length, discard);
const base: number[] = [];
const real: number[] = [];
const perRound = Math.ceil(requests / rounds);
for (let round = 0; round < rounds; round++) {
  await timeRequests(baseline.url, round * perRound, perRound, base);
  await timeRequests(routeUrl, round * perRound, perRound, real);
}
agent.destroy();
const warmups = bodies.length + 1;
const weftServer = (await weft.stop()).slice(warmups);
const baseServer = (await baseline.stop()).slice(warmups - 1);

const p90 = (samples: number[]) => [...samples].sort((x, y) => x - y)[Math.floor(samples.length * 0.9)] ?? 0;
const row = (samples: number[]) => {
  const { p50, p99, max } = latencyPercentiles(samples);
  return { p50: p50.toFixed(3), p90: p90(samples).toFixed(3), p99: p99.toFixed(3), max: max.toFixed(3) };
};
const ratio = (a: number[], b: number[]) => latencyPercentiles(a).p99 / latencyPercentiles(b).p99;

console.log(
  `registry: ${registry.chains.length} chains, ${registry.assets().length} assets (loaded in ${loadMs.toFixed(1)} ms); ` +
    `${pairs.length} routable pairs; ${real.length} requests each in ${rounds} alternating rounds, one keep-alive ` +
    `connection; servers forked with ${WORKER_NODE_FLAGS.join(" ") || "no flags"}` +
    (values.pin ? `; pinned: servers on CPU ${PINNED.server}, client on CPU ${PINNED.client}` : "") +
    (freshAmounts
      ? "; every request a new amount (Weft finds each route anew)"
      : "; each pair's request repeats (Weft answers from its memo after the warm-up)"),
);
console.table({
  "findRoute (pure, ms)": row(pure),
  "baseline node:http, static body (ms)": row(base),
  "weft POST /v2/fungible/route (ms)": row(real),
  "  baseline, server side (ms)": row(baseServer),
  "  weft, server side (ms)": row(weftServer),
});
console.log(`weft / baseline p99 as the client saw it: ${ratio(real, base).toFixed(2)}`);
writeBenchJson(
  values.json,
  "route",
  { chains, requests, rounds, pin: values.pin, freshAmounts },
  {
    chains: registry.chains.length,
    assets: registry.assets().length,
    pairs: pairs.length,
    nodeFlags: WORKER_NODE_FLAGS,
    p99Ratio: ratio(real, base),
    latencyMs: [
      { name: "findRoute alone", ...latencyPercentiles(pure) },
      { name: "baseline node:http, static body", ...latencyPercentiles(base) },
      { name: "weft POST /v2/fungible/route", ...latencyPercentiles(real) },
    ],
    serverSideMs: [
      { name: "baseline node:http, static body", ...latencyPercentiles(baseServer) },
      { name: "weft POST /v2/fungible/route", ...latencyPercentiles(weftServer) },
    ],
  },
);
