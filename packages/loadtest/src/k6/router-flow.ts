/**
 * The router flow under load, against any Skip Go v2-compatible router: route for a discovered asset
 * pair, messages for that route, and status polling (an unknown hash must answer the documented 404).
 * /msgs needs an address on every chain of the route: ADDRESS_<CHAIN_ID> (non-word characters as
 * `_`) when given, otherwise one fixed account spelled in each chain's format from /v2/info/chains
 * (0x hex on EVM chains, bech32 with the chain's prefix elsewhere): /msgs builds unsigned txs, so any
 * well-formed address serves.
 *
 *   k6 run -e ROUTER_URL=https://router.example.org dist/k6/router-flow.js
 *   k6 run -e ROUTER_URL=... -e PROFILE=smoke dist/k6/router-flow.js
 *
 * Variables: ROUTER_URL (default BASE_URL), PROFILE, PEAK_VUS, DURATION, LATENCY_SCALE, ADDRESS_<CHAIN_ID>.
 * Exits 99 when a threshold is crossed, 107 when setup() finds no pair it can call /msgs for.
 */
import { check, group, sleep } from "k6";
import http from "k6/http";
import type { Options } from "k6/options";
import { bech32Encode, hexToBytes } from "./lib/bech32.js";
import { latency, PEAK_VUS, PROFILE, ROUTER_URL } from "./lib/config.js";

export const options: Options = {
  scenarios:
    PROFILE === "smoke"
      ? { smoke: { executor: "shared-iterations", vus: 1, iterations: 3 } }
      : { load: { executor: "constant-vus", vus: PEAK_VUS, duration: __ENV.DURATION ?? "1m" } },
  // k6 passes a trend's threshold with no samples (p95 = 0), so every named request also needs
  // `count>0`: a flow that never reaches /msgs fails instead of passing on nothing.
  thresholds: {
    http_req_failed: ["rate<0.01"],
    "http_req_duration{name:route}": [latency("p(95)", 100), latency("p(99)", 250)],
    "http_reqs{name:route}": ["count>0"],
    "http_req_duration{name:msgs}": [latency("p(95)", 100), latency("p(99)", 250)],
    "http_reqs{name:msgs}": ["count>0"],
    "http_req_duration{name:status}": [latency("p(95)", 50), latency("p(99)", 100)],
    "http_reqs{name:status}": ["count>0"],
    checks: ["rate>0.99"],
  },
};

interface Asset {
  denom: string;
  chain_id: string;
  origin_denom?: string;
  origin_chain_id?: string;
}

interface Chain {
  chain_id: string;
  bech32_prefix?: string;
  chain_type?: string;
}

interface Pair {
  source: Asset;
  dest: Asset;
  addresses: Record<string, string>;
}

interface RouteBody {
  source_asset_denom: string;
  source_asset_chain_id: string;
  dest_asset_denom: string;
  dest_asset_chain_id: string;
  amount_in: string;
  amount_out: string;
  required_chain_addresses: string[];
  required_op_hook?: boolean;
  operations: unknown[];
}

const JSON_HEADERS = { headers: { "content-type": "application/json" } };
/** Pairs the iterations rotate over, and the most route requests setup() spends finding them. */
const MAX_PAIRS = 10;
const MAX_ROUTE_PROBES = 100;
/** The account /msgs is asked to build for: the 20 bytes of "weft router loadtest". */
const ACCOUNT_HEX = "0x7765667420726f75746572206c6f616474657374";
// A pair without a route answers 404 (the documented "no route"); setup() probes pairs to find the
// routable ones, so those answers are expected and must not count in http_req_failed.
const PROBE_STATUSES = http.expectedStatuses(200, 404);
// The status of an unknown tx is the documented 404: the right answer, not a failed request.
const UNKNOWN_TX_STATUSES = http.expectedStatuses(404);

function addressFor(chain: Chain): string {
  const given = __ENV[`ADDRESS_${chain.chain_id.replace(/\W/g, "_").toUpperCase()}`];
  if (given) return given;
  if (chain.chain_type === "evm") return ACCOUNT_HEX;
  return chain.bech32_prefix ? bech32Encode(chain.bech32_prefix, hexToBytes(ACCOUNT_HEX)) : "";
}

function routeRequest(source: Asset, dest: Asset): string {
  return JSON.stringify({
    source_asset_denom: source.denom,
    source_asset_chain_id: source.chain_id,
    dest_asset_denom: dest.denom,
    dest_asset_chain_id: dest.chain_id,
    amount_in: "1000000",
  });
}

function getJson<T>(path: string): T {
  const res = http.get(`${ROUTER_URL}${path}`, { tags: { name: "discover" } });
  if (res.status !== 200) throw new Error(`GET ${ROUTER_URL}${path} answered ${res.status}`);
  return res.json() as T;
}

export function setup(): { pairs: Pair[] } {
  const chains = getJson<{ chains?: Chain[] }>("/v2/info/chains").chains ?? [];
  const assets =
    getJson<{ chain_to_assets_map?: Record<string, { assets: Asset[] }> }>("/v2/fungible/assets")
      .chain_to_assets_map ?? {};
  const addresses: Record<string, string> = {};
  for (const c of chains) addresses[c.chain_id] = addressFor(c);
  const all = Object.values(assets).flatMap((a) => a.assets);
  const sameOrigin = (a: Asset, b: Asset) =>
    a.origin_denom !== undefined &&
    a.origin_denom === b.origin_denom &&
    a.origin_chain_id === b.origin_chain_id;
  // Transfers of one asset between chains first: a router that does not swap routes only those.
  const candidates = all
    .flatMap((source) => all.filter((d) => d.chain_id !== source.chain_id).map((dest) => ({ source, dest })))
    .sort((a, b) => Number(sameOrigin(b.source, b.dest)) - Number(sameOrigin(a.source, a.dest)))
    .slice(0, MAX_ROUTE_PROBES);
  const pairs: Pair[] = [];
  let routable = 0;
  for (const { source, dest } of candidates) {
    if (pairs.length >= MAX_PAIRS) break;
    const res = http.post(`${ROUTER_URL}/v2/fungible/route`, routeRequest(source, dest), {
      ...JSON_HEADERS,
      tags: { name: "discover" },
      responseCallback: PROBE_STATUSES,
    });
    if (res.status !== 200) continue;
    routable++;
    const route = res.json() as RouteBody | null;
    const required = route?.required_chain_addresses ?? [];
    if (route?.required_op_hook || required.some((id) => !addresses[id])) continue;
    pairs.push({
      source,
      dest,
      addresses: Object.fromEntries(required.map((id) => [id, addresses[id] ?? ""])),
    });
  }
  // Without a pair, /msgs would never be called and its thresholds would judge nothing.
  if (pairs.length === 0)
    throw new Error(
      routable === 0
        ? `no asset pair of ${ROUTER_URL}/v2/fungible/assets has a route (${candidates.length} tried)`
        : `no route's chains all have an address: set ADDRESS_<CHAIN_ID> for the chains without a bech32_prefix`,
    );
  return { pairs };
}

export default function (data: { pairs: Pair[] }): void {
  const pair = data.pairs[(__ITER + __VU) % Math.max(1, data.pairs.length)];
  group("route", () => {
    if (!pair) return;
    const res = http.post(`${ROUTER_URL}/v2/fungible/route`, routeRequest(pair.source, pair.dest), {
      ...JSON_HEADERS,
      tags: { name: "route" },
    });
    check(res, {
      "route: 200": (r) => r.status === 200,
      "route: has operations": (r) =>
        Array.isArray((r.json() as { operations?: unknown } | null)?.operations),
    });
    const route = res.status === 200 ? (res.json() as RouteBody | null) : null;
    // setup() kept only pairs with an address for each required chain.
    const addresses = route?.required_chain_addresses.map((id) => pair.addresses[id] ?? "") ?? [];
    if (!route || route.required_op_hook || addresses.some((a) => a === "")) return;
    const msgs = http.post(
      `${ROUTER_URL}/v2/fungible/msgs`,
      JSON.stringify({
        source_asset_denom: route.source_asset_denom,
        source_asset_chain_id: route.source_asset_chain_id,
        dest_asset_denom: route.dest_asset_denom,
        dest_asset_chain_id: route.dest_asset_chain_id,
        amount_in: route.amount_in,
        amount_out: route.amount_out,
        address_list: addresses,
        operations: route.operations,
        slippage_tolerance_percent: "1",
      }),
      { ...JSON_HEADERS, tags: { name: "msgs" } },
    );
    check(msgs, {
      "msgs: 200": (r) => r.status === 200,
      "msgs: has txs": (r) => ((r.json() as { txs?: unknown[] } | null)?.txs?.length ?? 0) > 0,
    });
  });
  group("status", () => {
    const unknown = "AB".repeat(32);
    const res = http.get(
      `${ROUTER_URL}/v2/tx/status?tx_hash=${unknown}&chain_id=${pair?.source.chain_id ?? "unknown-1"}`,
      { tags: { name: "status" }, responseCallback: UNKNOWN_TX_STATUSES },
    );
    check(res, {
      "status of an unknown tx: 404": (r) => r.status === 404,
      "status of an unknown tx: code 5": (r) => (r.json() as { code?: number } | null)?.code === 5,
    });
  });
  sleep(1);
}
