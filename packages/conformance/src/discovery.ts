/**
 * Finds test data on the deployment itself (no fixtures), so the suite runs against any indexer:
 * recent blocks, a settled block with txs, a tx and its accounts (signer from the `tx` event's
 * `acc_seq`, others from event values), message types present, a fee denom, an NFT collection and
 * token, an EVM tx. What is not found stays undefined and the checks needing it skip or use
 * placeholders.
 */

import type { Block, TxResponse } from "@weft/spec/schemas";
import { type DenomSources, denomCandidates, feeDenomOf } from "./denom-candidates.js";
import type { Probe } from "./http-probe.js";
import { isRecord } from "./wire.js";

/** Candidate denoms whose rich list is looked at for one with a holder. */
const DENOMS_TRIED = 3;
/** Newest NFT collections looked at for one with a token. */
const NFT_COLLECTIONS_TRIED = 10;

export interface Discovery {
  chainId?: string;
  statusHeight?: number;
  /** Newest first, as listed by /blocks. */
  recentBlocks: Block[];
  /** A block below the head with the most txs among the recent ones (ideally 2 or more). */
  txBlock?: Block;
  tx?: TxResponse;
  /** Every tx of `txBlock`, in the order /txs/by_height serves them by default. */
  txBlockTxs: TxResponse[];
  /** The first signer of `tx` (from `acc_seq`), an account with txs it signed and txs it did not. */
  signer?: string;
  /** bech32 accounts seen in `tx`'s events. */
  accounts: string[];
  /** Message type names without the leading slash, most frequent first. */
  msgTypes: string[];
  denom?: string;
  nft?: {
    collectionAddr: string;
    collectionName: string;
    tokenId?: string;
    /** The token as a wallet sends it: its owner, its `collection_addr` and Move object ("" elsewhere). */
    token?: { owner: string; collectionAddr: string; objectAddr: string };
  };
  /** The newest EVM tx, its sender, and a settled height with EVM txs (`evmHeightOf`). */
  evm?: { txHash: string; account?: string; height?: string };
}

const BLOCKS_PATH = "/indexer/block/v1/blocks";
const BECH32 = /^[a-z]{1,83}1[02-9ac-hj-np-z]{38,58}$/;
/** Recent blocks looked at; enough to find a block with txs on a quiet chain. */
const RECENT_BLOCKS = 50;
/** Newest EVM txs (and internal txs) read for ERC-20s and a height with EVM txs. */
const RECENT_EVM_RECORDS = 100;

/** Message types of a tx, without the leading slash (the form the `msgs` filter takes). */
export function msgTypesOf(tx: unknown): string[] {
  const messages = isRecord(tx) && isRecord(tx.tx) && isRecord(tx.tx.body) ? tx.tx.body.messages : undefined;
  if (!Array.isArray(messages)) return [];
  return messages
    .map((m) => (isRecord(m) && typeof m["@type"] === "string" ? m["@type"].replace(/^\//, "") : ""))
    .filter(Boolean);
}

/** The distinct values, the one seen fewest times first (a filter on it bites most); empty ones left out. */
export function rarestFirst(values: string[]): string[] {
  const counts = new Map<string, number>();
  for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => a[1] - b[1]).map(([v]) => v);
}

/** Attribute values of a tx's events, optionally only of one event type and key. */
export function eventValues(tx: unknown, type?: string, key?: string): string[] {
  const events = isRecord(tx) ? tx.events : undefined;
  if (!Array.isArray(events)) return [];
  const out: string[] = [];
  for (const event of events) {
    if (!isRecord(event) || (type && event.type !== type) || !Array.isArray(event.attributes)) continue;
    for (const attr of event.attributes) {
      if (isRecord(attr) && (!key || attr.key === key) && typeof attr.value === "string")
        out.push(attr.value);
    }
  }
  return out;
}

/** Signers of a tx in order, read from the ante handler's `tx.acc_seq` events (`addr/sequence`). */
export function signersOf(tx: unknown): string[] {
  return eventValues(tx, "tx", "acc_seq").map((v) => v.split("/")[0] ?? "");
}

/**
 * The first candidate denom (`denomCandidates`: fees, then what txs moved, then ERC-20s) whose
 * rich list has a holder: a chain may take fees in a denom its token balances do not show (an EVM
 * chain's gas token), whose empty rich list would leave the rich-list laws nothing to read, and a
 * denom picked by whichever tx happened to come first would make two runs read different lists.
 * The first candidate when none of those tried has a holder (or the rich list does not answer).
 */
async function denomWithHolders(probe: Probe, sources: DenomSources): Promise<string | undefined> {
  const candidates = denomCandidates(sources);
  for (const denom of candidates.slice(0, DENOMS_TRIED)) {
    const holders = await listOf<unknown>(
      probe,
      `/indexer/richlist/v1/${encodeURIComponent(denom)}`,
      "holders",
      { "pagination.limit": "1" },
    );
    if (holders.length > 0) return denom;
  }
  return candidates[0];
}

/**
 * A settled height (below `head`) with EVM txs, for the EVM `by_height` lists: the one with the
 * most EVM txs among `evmTxs`, then the most internal txs among `internalTxs` (so both lists have
 * records to page through), then the newest. Heights are `blockNumber` (hex) or `height`, as the
 * two lists print them.
 */
export function evmHeightOf(evmTxs: unknown[], internalTxs: unknown[], head: number): string | undefined {
  const count = (records: unknown[], key: string) => {
    const counts = new Map<number, number>();
    for (const r of records) {
      const h = isRecord(r) ? Number(r[key]) : Number.NaN;
      if (Number.isSafeInteger(h) && h > 0) counts.set(h, (counts.get(h) ?? 0) + 1);
    }
    return counts;
  };
  const evm = count(evmTxs, "blockNumber");
  const internal = count(internalTxs, "height");
  const best = [...evm.keys()]
    .filter((h) => h < head)
    .sort(
      (a, b) =>
        (evm.get(b) ?? 0) - (evm.get(a) ?? 0) || (internal.get(b) ?? 0) - (internal.get(a) ?? 0) || b - a,
    )[0];
  return best === undefined ? undefined : String(best);
}

async function listOf<T>(probe: Probe, path: string, key: string, query = {}): Promise<T[]> {
  const res = await probe.get(path, query);
  const list = res.status === 200 && isRecord(res.json) ? res.json[key] : undefined;
  return Array.isArray(list) ? (list as T[]) : [];
}

export async function discover(probe: Probe): Promise<Discovery> {
  const found: Discovery = { recentBlocks: [], txBlockTxs: [], accounts: [], msgTypes: [] };
  const status = await probe.get("/status");
  if (status.status === 200 && isRecord(status.json)) {
    if (typeof status.json.chain_id === "string") found.chainId = status.json.chain_id;
    if (typeof status.json.height === "number") found.statusHeight = status.json.height;
  }
  found.recentBlocks = await listOf<Block>(probe, BLOCKS_PATH, "blocks", {
    "pagination.limit": String(RECENT_BLOCKS),
  });
  // Skip the head: its txs may still be being written on some indexers.
  const settled = found.recentBlocks.slice(1).filter((b) => Number(b.tx_count) > 0);
  found.txBlock = settled.find((b) => Number(b.tx_count) >= 2) ?? settled[0];
  if (found.txBlock) {
    found.txBlockTxs = await listOf<TxResponse>(
      probe,
      `/indexer/tx/v1/txs/by_height/${found.txBlock.height}`,
      "txs",
      { "pagination.limit": "100" },
    );
    found.tx = found.txBlockTxs[0];
  }
  const recentTxs = await listOf<TxResponse>(probe, "/indexer/tx/v1/txs", "txs", {
    "pagination.limit": "100",
  });
  const counts = new Map<string, number>();
  for (const tx of [...found.txBlockTxs, ...recentTxs]) {
    for (const type of msgTypesOf(tx)) counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  found.msgTypes = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([type]) => type);
  if (found.tx) {
    found.signer = signersOf(found.tx)[0] || undefined;
    found.accounts = [...new Set(eventValues(found.tx).filter((v) => BECH32.test(v)))];
    // auth_info is typed loosely by the contract (the node's JSON); fall back to the block's fees.
    found.denom = feeDenomOf(found.tx) ?? found.txBlock?.total_fee?.[0]?.denom;
  }
  const evmTxs = await listOf<Record<string, unknown>>(probe, "/indexer/tx/v1/evm-txs", "txs", {
    "pagination.limit": String(RECENT_EVM_RECORDS),
  });
  found.denom = await denomWithHolders(probe, {
    ...(found.denom ? { first: found.denom } : {}),
    txs: [...found.txBlockTxs, ...recentTxs],
    evmTxs,
  });
  // The newest collection may have no token yet (a live chain just created it): take the first of
  // the newest few that has one, so the token routes are checked on a real token.
  const collections = await listOf<Record<string, unknown>>(
    probe,
    "/indexer/nft/v1/collections",
    "collections",
    {
      "pagination.limit": String(NFT_COLLECTIONS_TRIED),
    },
  );
  for (const collection of collections) {
    if (typeof collection.object_addr !== "string") continue;
    const name = isRecord(collection.collection) ? collection.collection.name : undefined;
    const candidate: NonNullable<Discovery["nft"]> = {
      collectionAddr: collection.object_addr,
      collectionName: typeof name === "string" ? name : "",
    };
    found.nft ??= candidate;
    const tokens = await listOf<Record<string, unknown>>(
      probe,
      `/indexer/nft/v1/tokens/by_collection/${encodeURIComponent(collection.object_addr)}`,
      "tokens",
      { "pagination.limit": "1" },
    );
    const first = tokens[0];
    const nft = first?.nft;
    if (isRecord(nft) && typeof nft.token_id === "string") {
      const { owner, collection_addr, object_addr } = first as Record<string, unknown>;
      found.nft = {
        ...candidate,
        tokenId: nft.token_id,
        ...(typeof owner === "string" && typeof collection_addr === "string"
          ? {
              token: {
                owner,
                collectionAddr: collection_addr,
                objectAddr: typeof object_addr === "string" ? object_addr : "",
              },
            }
          : {}),
      };
      break;
    }
  }
  const evmTx = evmTxs[0];
  if (evmTx && typeof evmTx.transactionHash === "string") {
    const internalTxs = await listOf<unknown>(probe, "/indexer/tx/v1/evm-internal-txs", "internal_txs", {
      "pagination.limit": String(RECENT_EVM_RECORDS),
    });
    const height = evmHeightOf(evmTxs, internalTxs, Number(found.recentBlocks[0]?.height ?? Infinity));
    found.evm = {
      txHash: evmTx.transactionHash,
      ...(typeof evmTx.from === "string" ? { account: evmTx.from } : {}),
      ...(height ? { height } : {}),
    };
  }
  return found;
}

/** What the report shows of the discovery (small: no whole blocks or txs). */
export function summarizeDiscovery(d: Discovery): Record<string, unknown> {
  return {
    chain_id: d.chainId,
    status_height: d.statusHeight,
    newest_block: d.recentBlocks[0]?.height,
    tx_block: d.txBlock ? { height: d.txBlock.height, tx_count: d.txBlock.tx_count } : undefined,
    tx_hash: d.tx?.txhash,
    signer: d.signer,
    accounts: d.accounts,
    msg_types: d.msgTypes,
    denom: d.denom,
    nft: d.nft,
    evm: d.evm,
  };
}
