/**
 * The request groups two deployments of one chain are compared on (lists, filters, an account's
 * txs, deep pages, single items), discovered from one deployment's data so that both sides are
 * asked exactly the same URLs. Shared by side-by-side and compare.
 */
import { type Measurement, measure } from "./measure.js";

export interface Group {
  name: string;
  /** Paths with query, relative to a deployment's base URL. */
  paths: string[];
}

export interface Side {
  name: string;
  /** Base URL without a trailing slash. */
  url: string;
}

export async function getJson<T>(url: string): Promise<T | undefined> {
  const res = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  return res.status === 200 ? ((await res.json()) as T) : undefined;
}

/**
 * The request groups, from the data of the deployment at `base`: many distinct URLs each, so a
 * response cache serves few. Throws when it has no txs to build them from.
 */
export async function groupsFrom(base: string): Promise<Group[]> {
  const txs = await getJson<{ txs: { txhash: string; events?: unknown[] }[]; pagination: { total: string } }>(
    `${base}/indexer/tx/v1/txs?pagination.limit=100`,
  );
  const blocks = await getJson<{ blocks: { height: string }[]; pagination: { total: string } }>(
    `${base}/indexer/block/v1/blocks?pagination.limit=100`,
  );
  if (!txs || !blocks || txs.txs.length === 0) throw new Error(`${base} has no txs to measure with`);
  const totalTxs = Number(txs.pagination.total);
  const totalBlocks = Number(blocks.pagination.total);
  const text = JSON.stringify(txs.txs);
  const accounts = [...new Set(text.match(/init1[02-9ac-hj-np-z]{38}(?![02-9ac-hj-np-z])/g) ?? [])].slice(
    0,
    20,
  );
  const types = [...new Set(text.match(/"@type":"\/([\w.]+)"/g)?.map((m) => m.slice(10, -1)) ?? [])];
  const collections = await getJson<{ collections: { object_addr: string }[] }>(
    `${base}/indexer/nft/v1/collections?pagination.limit=20`,
  );
  const evm = await getJson<{ txs: { transactionHash: string; from: string; blockNumber: string }[] }>(
    `${base}/indexer/tx/v1/evm-txs?pagination.limit=100`,
  );
  const tokens = collections?.collections?.[0]
    ? await getJson<{ tokens: { object_addr: string; owner: string; nft?: { token_id?: string } }[] }>(
        `${base}/indexer/nft/v1/tokens/by_collection/${collections.collections[0].object_addr}?pagination.limit=20`,
      )
    : undefined;
  const spread = (n: number, max: number) =>
    Array.from({ length: n }, (_, i) => Math.floor((max * (i + 1)) / (n + 1)));
  const deep = (total: number) => spread(100, Math.max(0, total - 100)).filter((o) => o > total / 2);
  return [
    {
      name: "lists (100 per page, by offset)",
      paths: spread(50, totalBlocks - 100).flatMap((o) => [
        `/indexer/block/v1/blocks?pagination.limit=100&pagination.offset=${o}`,
        `/indexer/tx/v1/txs?pagination.limit=100&pagination.offset=${Math.floor((o * totalTxs) / totalBlocks)}`,
      ]),
    },
    {
      name: "filters (msgs, is_signer, order_by)",
      paths: [
        ...types.map((t) => `/indexer/tx/v1/txs?msgs=${t}&pagination.limit=100`),
        ...accounts.map((acc) => `/indexer/tx/v1/txs/by_account/${acc}?is_signer=true&pagination.limit=100`),
        ...(collections?.collections ?? []).map(
          (c) => `/indexer/nft/v1/tokens/by_collection/${c.object_addr}?order_by=height&pagination.limit=100`,
        ),
      ],
    },
    {
      name: "an account's txs",
      paths: accounts.flatMap((acc) =>
        [0, 20, 40].map(
          (o) => `/indexer/tx/v1/txs/by_account/${acc}?pagination.limit=20&pagination.offset=${o}`,
        ),
      ),
    },
    {
      name: "deep pages (offset > half the list)",
      paths: [
        ...deep(totalTxs).map((o) => `/indexer/tx/v1/txs?pagination.limit=100&pagination.offset=${o}`),
        ...deep(totalBlocks).map(
          (o) => `/indexer/block/v1/blocks?pagination.limit=100&pagination.offset=${o}`,
        ),
      ],
    },
    {
      name: "single items (tx by hash, block by height)",
      paths: [
        ...txs.txs.map((t) => `/indexer/tx/v1/txs/${t.txhash}`),
        ...spread(100, totalBlocks).map((h) => `/indexer/block/v1/blocks/${h + 1}`),
      ],
    },
    {
      // EVM chains only (the routes answer 404 elsewhere, so the group is left out there).
      name: "EVM txs and internal txs",
      paths: (evm?.txs ?? []).flatMap((t) => [
        `/indexer/tx/v1/evm-txs/${t.transactionHash}`,
        `/indexer/tx/v1/evm-internal-txs/${t.transactionHash}`,
        `/indexer/tx/v1/evm-txs/by_account/${t.from}?pagination.limit=20`,
        `/indexer/tx/v1/evm-internal-txs/by_height/${Number(t.blockNumber)}?pagination.limit=20`,
      ]),
    },
    {
      name: "NFT collections and tokens",
      paths: [
        ...(collections?.collections ?? []).flatMap((c) => [
          `/indexer/nft/v1/collections/${c.object_addr}`,
          `/indexer/nft/v1/tokens/by_collection/${c.object_addr}?pagination.limit=20`,
        ]),
        ...(tokens?.tokens ?? []).flatMap((t) => [
          `/indexer/nft/v1/tokens/by_account/${t.owner}?pagination.limit=20`,
          `/indexer/nft/v1/collections/by_account/${t.owner}?pagination.limit=20`,
        ]),
      ],
    },
    {
      // What explorers poll: the same few URLs again and again.
      name: "status and average block time",
      paths: ["/status", "/indexer/block/v1/avg_blocktime"],
    },
  ].filter((g) => g.paths.length > 0);
}

/** One measurement of `paths` (a group's, or several groups' together) on one side. */
export function measureOn(
  side: Side,
  name: string,
  paths: string[],
  load: { durationSec: number; connections: number },
): Promise<Measurement> {
  return measure({
    name: `${name} on ${side.name}`,
    targets: paths.map((p) => ({ url: `${side.url}${p}` })),
    durationSec: load.durationSec,
    connections: load.connections,
  });
}
