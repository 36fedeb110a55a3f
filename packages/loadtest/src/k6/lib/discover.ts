/**
 * Test data discovered from the deployment itself (no fixtures), so the scripts run against any
 * rollytics-compatible indexer: recent heights, tx hashes, busy accounts, message types, an NFT
 * owner and collection, a rich-list denom. Missing kinds are empty and their requests are skipped.
 */
import http from "k6/http";
import { BASE_URL } from "./config.js";

import type { DiscoveredData } from "./indexer-scenarios.js";

export type Discovered = DiscoveredData;

interface TxLike {
  txhash?: string;
  tx?: { body?: { messages?: { "@type"?: string }[] } };
  events?: { type?: string; attributes?: { key?: string; value?: string }[] }[];
}

function json<T>(url: string): T | undefined {
  const res = http.get(url, { tags: { name: "discover" } });
  if (res.status !== 200) return undefined;
  try {
    return res.json() as T;
  } catch {
    return undefined;
  }
}

const uniq = (xs: string[]) => [...new Set(xs.filter(Boolean))];

export function discover(): Discovered {
  const blocks = json<{ blocks?: { height?: string }[] }>(
    `${BASE_URL}/indexer/block/v1/blocks?pagination.limit=20`,
  );
  const txs = json<{ txs?: TxLike[]; pagination?: { next_key?: string | null } }>(
    `${BASE_URL}/indexer/tx/v1/txs?pagination.limit=100`,
  );
  const accounts: string[] = [];
  const msgTypes: string[] = [];
  for (const tx of txs?.txs ?? []) {
    for (const m of tx.tx?.body?.messages ?? []) msgTypes.push((m["@type"] ?? "").replace(/^\//, ""));
    for (const e of tx.events ?? []) {
      for (const a of e.attributes ?? []) {
        if (a.key === "sender" || a.key === "spender" || a.key === "recipient" || a.key === "receiver") {
          if (/^[a-z]+1[0-9a-z]{38,58}$/.test(a.value ?? "")) accounts.push(a.value ?? "");
        }
      }
    }
  }
  const collections = json<{ collections?: { object_addr?: string }[] }>(
    `${BASE_URL}/indexer/nft/v1/collections?pagination.limit=20`,
  );
  const nftOwners: string[] = [];
  const firstCollection = collections?.collections?.[0]?.object_addr;
  if (firstCollection) {
    const tokens = json<{ tokens?: { owner?: string }[] }>(
      `${BASE_URL}/indexer/nft/v1/tokens/by_collection/${firstCollection}?pagination.limit=50`,
    );
    for (const t of tokens?.tokens ?? []) nftOwners.push(t.owner ?? "");
  }
  const evm =
    http.get(`${BASE_URL}/indexer/tx/v1/evm-txs?pagination.limit=1`, { tags: { name: "discover" } })
      .status === 200;
  const denoms: string[] = [];
  if (__ENV.RICHLIST_DENOM) denoms.push(__ENV.RICHLIST_DENOM);
  // A key deep in the tx list, for the deep-pagination scenario: walk a few large pages once.
  let deepKey: string | null = null;
  let key = txs?.pagination?.next_key ?? null;
  for (let i = 0; i < Number(__ENV.DEEP_PAGES ?? 10) && key; i++) {
    deepKey = key;
    const page = json<{ pagination?: { next_key?: string | null } }>(
      `${BASE_URL}/indexer/tx/v1/txs?pagination.limit=1000&pagination.count_total=false&pagination.key=${encodeURIComponent(key)}`,
    );
    key = page?.pagination?.next_key ?? null;
  }
  return {
    heights: uniq((blocks?.blocks ?? []).map((b) => b.height ?? "")),
    txHashes: uniq((txs?.txs ?? []).map((t) => t.txhash ?? "")),
    accounts: uniq(accounts).slice(0, 50),
    msgTypes: uniq(msgTypes),
    nftOwners: uniq(nftOwners),
    collections: uniq((collections?.collections ?? []).map((c) => c.object_addr ?? "")),
    denoms,
    evm,
    deepKey,
  };
}
