/**
 * A realistic indexer mix against any rollytics-compatible deployment: explorers paging blocks and
 * txs, wallets polling an account's txs and NFTs, rich-list reads, single lookups, and deep pages.
 *
 *   k6 run -e BASE_URL=https://indexer.example.org dist/k6/indexer-mix.js
 *   k6 run -e BASE_URL=... -e PROFILE=smoke dist/k6/indexer-mix.js
 *
 * Variables: BASE_URL, PROFILE, PEAK_VUS, DURATION, RICHLIST_DENOM, DEEP_PAGES, LATENCY_SCALE (lib/config.ts and
 * the package README). Exits 99 when a threshold is crossed, 107 when discovery finds no history.
 */
import { check, group, sleep } from "k6";
import http, { type RefinedResponse, type ResponseType } from "k6/http";
import type { Options } from "k6/options";
import { BASE_URL, latency, PEAK_VUS, PROFILE } from "./lib/config.js";
import { type Discovered, discover } from "./lib/discover.js";
import { indexerIteration, type ScenarioRequest } from "./lib/indexer-scenarios.js";

export const options: Options = {
  scenarios:
    PROFILE === "smoke"
      ? { smoke: { executor: "shared-iterations", vus: 1, iterations: 3 } }
      : PROFILE === "soak"
        ? {
            soak: {
              executor: "constant-vus",
              vus: Math.max(1, Math.floor(PEAK_VUS * 0.7)),
              duration: __ENV.DURATION ?? "5m",
            },
          }
        : {
            load: {
              executor: "ramping-vus",
              stages: [
                { duration: "30s", target: PEAK_VUS },
                { duration: "1m", target: PEAK_VUS },
                { duration: "15s", target: 0 },
              ],
            },
          },
  // setup()'s discovery requests count in http_req_failed too (k6 runs setup like an iteration).
  // k6 passes a trend's threshold with no samples (its percentiles are 0), so each latency class
  // also needs `count>0` on its requests: a class never requested fails instead of passing.
  thresholds: {
    http_req_failed: ["rate<0.01"],
    "http_req_duration{kind:list}": [latency("p(95)", 200), latency("p(99)", 500)],
    "http_reqs{kind:list}": ["count>0"],
    "http_req_duration{kind:item}": [latency("p(95)", 100), latency("p(99)", 250)],
    "http_reqs{kind:item}": ["count>0"],
    checks: ["rate>0.99"],
  },
};

export function setup(): Discovered {
  return discover();
}

type Res = RefinedResponse<ResponseType | undefined>;

function hasKey(req: ScenarioRequest) {
  return (r: Res) => {
    const body = r.json() as Record<string, unknown> | null;
    if (req.kind === "item") return body?.[req.key] !== undefined;
    return (
      Array.isArray(body?.[req.key]) &&
      typeof (body?.pagination as { total?: unknown } | undefined)?.total === "string"
    );
  };
}

export default function (data: Discovered): void {
  for (const req of indexerIteration(data, __ITER + __VU * 1000)) {
    group(req.group, () => {
      const res = http.get(`${BASE_URL}${req.path}`, { tags: { name: req.name, kind: req.kind } });
      check(res, {
        [`${req.name}: 200`]: (r) => r.status === 200,
        [`${req.name}: has ${req.key}`]: hasKey(req),
      });
    });
  }
  sleep(1);
}
