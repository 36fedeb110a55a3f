/**
 * The indexer mix as data: given what discovery found, the requests one iteration makes. Both the k6
 * script and the autocannon runner replay exactly these, so "the same scenarios" is true by
 * construction. Plain TypeScript: no k6 or Node APIs here.
 */
export interface DiscoveredData {
  heights: string[];
  txHashes: string[];
  accounts: string[];
  msgTypes: string[];
  nftOwners: string[];
  collections: string[];
  denoms: string[];
  evm: boolean;
  deepKey: string | null;
}

export interface ScenarioRequest {
  /** Stable request name (k6 `name` tag, runner table row). */
  name: string;
  /** Latency class with its own thresholds. */
  kind: "list" | "item";
  /** Path and query, relative to the base URL. */
  path: string;
  /** The top-level key a successful body must carry (`txs`, `blocks`, `tx`, ...). */
  key: string;
  group: "explorer" | "wallet" | "richlist";
}

const pick = <T>(xs: T[], i: number): T | undefined =>
  xs.length === 0 ? undefined : xs[Math.abs(i) % xs.length];

/** The requests of iteration `i`; kinds without discovered data are left out. */
export function indexerIteration(data: DiscoveredData, i: number): ScenarioRequest[] {
  const out: ScenarioRequest[] = [
    {
      name: "blocks",
      kind: "list",
      path: "/indexer/block/v1/blocks?pagination.limit=10",
      key: "blocks",
      group: "explorer",
    },
    {
      name: "txs",
      kind: "list",
      path: "/indexer/tx/v1/txs?pagination.limit=10",
      key: "txs",
      group: "explorer",
    },
  ];
  const h = pick(data.heights, i);
  if (h) {
    out.push({
      name: "block",
      kind: "item",
      path: `/indexer/block/v1/blocks/${h}`,
      key: "block",
      group: "explorer",
    });
    out.push({
      name: "txs by height",
      kind: "list",
      path: `/indexer/tx/v1/txs/by_height/${h}?pagination.limit=10`,
      key: "txs",
      group: "explorer",
    });
  }
  const hash = pick(data.txHashes, i);
  if (hash)
    out.push({ name: "tx", kind: "item", path: `/indexer/tx/v1/txs/${hash}`, key: "tx", group: "explorer" });
  const type = pick(data.msgTypes, i);
  if (type) {
    out.push({
      name: "txs by msg type",
      kind: "list",
      path: `/indexer/tx/v1/txs?msgs=${encodeURIComponent(type)}&pagination.limit=10`,
      key: "txs",
      group: "explorer",
    });
  }
  if (data.deepKey) {
    out.push({
      name: "txs deep page",
      kind: "list",
      path: `/indexer/tx/v1/txs?pagination.limit=100&pagination.count_total=false&pagination.key=${encodeURIComponent(data.deepKey)}`,
      key: "txs",
      group: "explorer",
    });
  }
  const account = pick(data.accounts, i);
  if (account) {
    out.push({
      name: "txs by account",
      kind: "list",
      path: `/indexer/tx/v1/txs/by_account/${account}?pagination.limit=10&pagination.reverse=true`,
      key: "txs",
      group: "wallet",
    });
    if (data.evm)
      out.push({
        name: "evm txs by account",
        kind: "list",
        path: `/indexer/tx/v1/evm-txs/by_account/${account}?pagination.limit=10`,
        key: "txs",
        group: "wallet",
      });
  }
  const owner = pick(data.nftOwners, i);
  if (owner)
    out.push({
      name: "nft tokens by account",
      kind: "list",
      path: `/indexer/nft/v1/tokens/by_account/${owner}`,
      key: "tokens",
      group: "wallet",
    });
  const denom = pick(data.denoms, i);
  if (denom)
    out.push({
      name: "rich list",
      kind: "list",
      path: `/indexer/richlist/v1/${encodeURIComponent(denom)}?pagination.limit=10`,
      key: "holders",
      group: "richlist",
    });
  return out;
}
