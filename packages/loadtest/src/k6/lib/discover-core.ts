/**
 * Test data discovered from the deployment itself (no fixtures), so the scripts run against any
 * rollytics-compatible indexer: recent heights, tx hashes, busy accounts, message types, an NFT
 * owner and collection, a rich-list denom. Missing kinds are empty and their requests are skipped.
 * No k6 or Node APIs here: k6 scripts and the Node runner pass their own synchronous JSON getter.
 */
import type { DiscoveredData } from "./indexer-scenarios.js";

export type Discovered = DiscoveredData;

interface TxLike {
  txhash?: string;
  tx?: { body?: { messages?: { "@type"?: string }[] } };
  events?: { type?: string; attributes?: { key?: string; value?: string }[] }[];
}

const uniq = (xs: string[]) => [...new Set(xs.filter(Boolean))];
const OPTIONAL = { optional: true };

/**
 * A synchronous JSON GET: k6's http in scripts, the shim's sync fetcher in the Node runner.
 * `optional` marks a probe of a feature a deployment may lack (EVM routes, NFTs): its 404 is an
 * answer, which k6 must not count as a failed request (see discover.ts).
 */
export type GetJson = <T>(url: string, probe?: { optional: boolean }) => T | undefined;

/** Discovery over any synchronous JSON getter (see GetJson). */
export function discoverWith(
  json: GetJson,
  baseUrl: string,
  env: Record<string, string | undefined>,
): Discovered {
  const blocks = json<{ blocks?: { height?: string }[] }>(
    `${baseUrl}/indexer/block/v1/blocks?pagination.limit=20`,
  );
  const txs = json<{ txs?: TxLike[]; pagination?: { next_key?: string | null } }>(
    `${baseUrl}/indexer/tx/v1/txs?pagination.limit=100`,
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
    `${baseUrl}/indexer/nft/v1/collections?pagination.limit=20`,
    OPTIONAL,
  );
  const nftOwners: string[] = [];
  const firstCollection = collections?.collections?.[0]?.object_addr;
  if (firstCollection) {
    const tokens = json<{ tokens?: { owner?: string }[] }>(
      `${baseUrl}/indexer/nft/v1/tokens/by_collection/${firstCollection}?pagination.limit=50`,
      OPTIONAL,
    );
    for (const t of tokens?.tokens ?? []) nftOwners.push(t.owner ?? "");
  }
  // Answered 404 on chains without EVM (Weft's dev chain among them): then the EVM scenario is skipped.
  const evm = json<unknown>(`${baseUrl}/indexer/tx/v1/evm-txs?pagination.limit=1`, OPTIONAL) !== undefined;
  const denoms: string[] = [];
  if (env.RICHLIST_DENOM) denoms.push(env.RICHLIST_DENOM);
  // A key deep in the tx list, for the deep-pagination scenario: walk a few large pages once.
  let deepKey: string | null = null;
  let key = txs?.pagination?.next_key ?? null;
  for (let i = 0; i < Number(env.DEEP_PAGES ?? 10) && key; i++) {
    deepKey = key;
    const page = json<{ pagination?: { next_key?: string | null } }>(
      `${baseUrl}/indexer/tx/v1/txs?pagination.limit=1000&pagination.count_total=false&pagination.key=${encodeURIComponent(key)}`,
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
