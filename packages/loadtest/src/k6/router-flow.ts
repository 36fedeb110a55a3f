/**
 * The router flow under load, against any Skip Go v2-compatible router: route for a discovered asset
 * pair, messages for that route (when ADDRESS_<CHAIN_ID> gives an address for each chain it needs),
 * and status polling (an unknown hash must answer the documented 404).
 *
 *   k6 run -e ROUTER_URL=https://router.example.org dist/k6/router-flow.js
 */
import { check, group, sleep } from "k6";
import http from "k6/http";
import type { Options } from "k6/options";
import { PEAK_VUS, PROFILE, ROUTER_URL } from "./lib/config.js";

export const options: Options = {
  scenarios:
    PROFILE === "smoke"
      ? { smoke: { executor: "shared-iterations", vus: 1, iterations: 3 } }
      : { load: { executor: "constant-vus", vus: PEAK_VUS, duration: __ENV.DURATION ?? "1m" } },
  thresholds: {
    "http_req_duration{name:route}": ["p(95)<100", "p(99)<250"],
    "http_req_duration{name:msgs}": ["p(95)<100", "p(99)<250"],
    "http_req_duration{name:status}": ["p(95)<50", "p(99)<100"],
    checks: ["rate>0.99"],
  },
};

interface Asset {
  denom: string;
  chain_id: string;
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

export function setup(): { pairs: Pair[] } {
  const chains =
    (
      http.get(`${ROUTER_URL}/v2/info/chains`).json() as {
        chains?: { chain_id: string; bech32_prefix: string; chain_type: string }[];
      } | null
    )?.chains ?? [];
  const assets =
    (
      http.get(`${ROUTER_URL}/v2/fungible/assets`).json() as {
        chain_to_assets_map?: Record<string, { assets: Asset[] }>;
      } | null
    )?.chain_to_assets_map ?? {};
  // Addresses only need the right shape for /msgs: the prefix of each chain, or 0x for EVM chains.
  const addresses: Record<string, string> = {};
  for (const c of chains)
    addresses[c.chain_id] = __ENV[`ADDRESS_${c.chain_id.replace(/\W/g, "_").toUpperCase()}`] ?? "";
  const pairs: Pair[] = [];
  const all = Object.values(assets).flatMap((a) => a.assets);
  for (const source of all) {
    for (const dest of all) {
      if (source.chain_id === dest.chain_id || pairs.length >= 10) continue;
      const res = http.post(
        `${ROUTER_URL}/v2/fungible/route`,
        JSON.stringify({
          source_asset_denom: source.denom,
          source_asset_chain_id: source.chain_id,
          dest_asset_denom: dest.denom,
          dest_asset_chain_id: dest.chain_id,
          amount_in: "1000000",
        }),
        { ...JSON_HEADERS, tags: { name: "discover" } },
      );
      if (res.status === 200) pairs.push({ source, dest, addresses });
    }
  }
  return { pairs };
}

export default function (data: { pairs: Pair[] }): void {
  const pair = data.pairs[(__ITER + __VU) % Math.max(1, data.pairs.length)];
  group("route", () => {
    if (!pair) return;
    const res = http.post(
      `${ROUTER_URL}/v2/fungible/route`,
      JSON.stringify({
        source_asset_denom: pair.source.denom,
        source_asset_chain_id: pair.source.chain_id,
        dest_asset_denom: pair.dest.denom,
        dest_asset_chain_id: pair.dest.chain_id,
        amount_in: "1000000",
      }),
      { ...JSON_HEADERS, tags: { name: "route" } },
    );
    check(res, {
      "route: 200": (r) => r.status === 200,
      "route: has operations": (r) =>
        Array.isArray((r.json() as { operations?: unknown } | null)?.operations),
    });
    const route = res.status === 200 ? (res.json() as RouteBody | null) : null;
    // msgs needs one address per required chain: given as ADDRESS_<CHAIN_ID> (non-word characters as _).
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
      { tags: { name: "status" } },
    );
    check(res, {
      "status of an unknown tx: 404": (r) => r.status === 404,
      "status of an unknown tx: code 5": (r) => (r.json() as { code?: number } | null)?.code === 5,
    });
  });
  sleep(1);
}
