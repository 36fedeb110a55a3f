/**
 * A realistic indexer mix against any rollytics-compatible deployment: explorers paging blocks and
 * txs, wallets polling an account's txs and NFTs, rich-list reads, single lookups, and deep pages.
 *
 *   k6 run -e BASE_URL=https://indexer.example.org dist/k6/indexer-mix.js
 *   k6 run -e BASE_URL=... -e PROFILE=smoke dist/k6/indexer-mix.js
 */
import { check, group, sleep } from "k6";
import http, { type RefinedResponse, type ResponseType } from "k6/http";
import type { Options } from "k6/options";
import { BASE_URL, PEAK_VUS, PROFILE } from "./lib/config.js";
import { type Discovered, discover, pick } from "./lib/discover.js";

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
  thresholds: {
    http_req_failed: ["rate<0.01"],
    "http_req_duration{kind:list}": ["p(95)<200", "p(99)<500"],
    "http_req_duration{kind:item}": ["p(95)<100", "p(99)<250"],
    checks: ["rate>0.99"],
  },
};

export function setup(): Discovered {
  return discover();
}

type Res = RefinedResponse<ResponseType | undefined>;

const isPage = (key: string) => (r: Res) => {
  const body = r.json() as Record<string, unknown> | null;
  return (
    Array.isArray(body?.[key]) &&
    typeof (body?.pagination as { total?: unknown } | undefined)?.total === "string"
  );
};

function list(path: string, key: string, name: string): void {
  const res = http.get(`${BASE_URL}${path}`, { tags: { name, kind: "list" } });
  check(res, { [`${name}: 200`]: (r) => r.status === 200, [`${name}: a page`]: isPage(key) });
}

function item(path: string, key: string, name: string): void {
  const res = http.get(`${BASE_URL}${path}`, { tags: { name, kind: "item" } });
  check(res, {
    [`${name}: 200`]: (r) => r.status === 200,
    [`${name}: has ${key}`]: (r) => (r.json() as Record<string, unknown> | null)?.[key] !== undefined,
  });
}

export default function (data: Discovered): void {
  const i = __ITER + __VU * 1000;
  group("explorer", () => {
    list("/indexer/block/v1/blocks?pagination.limit=10", "blocks", "blocks");
    list("/indexer/tx/v1/txs?pagination.limit=10", "txs", "txs");
    const h = pick(data.heights, i);
    if (h) {
      item(`/indexer/block/v1/blocks/${h}`, "block", "block");
      list(`/indexer/tx/v1/txs/by_height/${h}?pagination.limit=10`, "txs", "txs by height");
    }
    const hash = pick(data.txHashes, i);
    if (hash) item(`/indexer/tx/v1/txs/${hash}`, "tx", "tx");
    const type = pick(data.msgTypes, i);
    if (type)
      list(
        `/indexer/tx/v1/txs?msgs=${encodeURIComponent(type)}&pagination.limit=10`,
        "txs",
        "txs by msg type",
      );
    if (data.deepKey) {
      list(
        `/indexer/tx/v1/txs?pagination.limit=100&pagination.count_total=false&pagination.key=${encodeURIComponent(data.deepKey)}`,
        "txs",
        "txs deep page",
      );
    }
  });
  group("wallet", () => {
    const account = pick(data.accounts, i);
    if (account)
      list(
        `/indexer/tx/v1/txs/by_account/${account}?pagination.limit=10&pagination.reverse=true`,
        "txs",
        "txs by account",
      );
    const owner = pick(data.nftOwners, i);
    if (owner) list(`/indexer/nft/v1/tokens/by_account/${owner}`, "tokens", "nft tokens by account");
    if (data.evm && account)
      list(`/indexer/tx/v1/evm-txs/by_account/${account}?pagination.limit=10`, "txs", "evm txs by account");
  });
  const denom = pick(data.denoms, i);
  if (denom)
    list(`/indexer/richlist/v1/${encodeURIComponent(denom)}?pagination.limit=10`, "holders", "rich list");
  sleep(1);
}
