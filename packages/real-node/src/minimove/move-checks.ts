/**
 * What only a Move chain's Indexer API has, beyond the tier's generic checks: each NFT's object
 * address and the height of its last change, burned NFTs gone from every list, each account's tokens
 * and collections exactly (not only present), the collection list and the by-name search, the
 * timestamps of NFT records (their block's time), and the shape rules of Move (32-byte addresses
 * padded to 64 hex digits although the VM prints them without leading zeros, `origin_name` "").
 */
import { indexerGet, walkList } from "../checks/indexer-client.js";
import type { Mismatches } from "../checks/mismatches.js";
import { type NodeEndpoints, nodeBlock } from "../checks/node-truth.js";
import type { MinimoveLedger, MoveToken } from "./move-ledger.js";

interface WeftCollection {
  object_addr: string;
  collection: { creator: string; name: string; origin_name: string; nfts: { length: number } };
  height: number;
  timestamp: string;
}

interface WeftToken {
  collection_addr: string;
  collection_name: string;
  collection_origin_name: string;
  object_addr: string;
  owner: string;
  nft: { token_id: string; uri: string };
  height: number;
  timestamp: string;
}

/**
 * A block time as NFT records carry it: UTC to the microsecond (the node's nanoseconds truncated),
 * printed like Go's RFC3339Nano (trailing zeros of the fraction trimmed, no fraction when zero).
 */
export function microTime(nodeTime: string): string {
  const m = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d+))?Z$/.exec(nodeTime);
  if (!m?.[1]) throw new Error(`not a UTC RFC3339 time: ${nodeTime}`);
  const fraction = (m[2] ?? "").slice(0, 6).replace(/0+$/, "");
  return `${m[1]}${fraction ? `.${fraction}` : ""}Z`;
}

/** The block time of each height, asked of the node once. */
function blockTimes(node: NodeEndpoints): (height: number) => Promise<string> {
  const seen = new Map<number, Promise<string>>();
  return (height) => {
    let time = seen.get(height);
    if (!time) {
      time = nodeBlock(node, height).then((b) => microTime(b.time));
      seen.set(height, time);
    }
    return time;
  };
}

/** A token as the ledger says Weft must serve it. */
function expectedToken(ledger: MinimoveLedger, t: MoveToken) {
  const name = ledger.nftCollections.find((c) => c.address === t.collection)?.name;
  return {
    collection_addr: t.collection,
    collection_name: name,
    collection_origin_name: "",
    object_addr: t.objectAddr,
    owner: t.owner,
    nft: { token_id: t.id, uri: t.uri },
    height: t.height,
  };
}

/** Weft's token without its timestamp (the node's block time is checked by the block group). */
function servedToken(t: WeftToken) {
  const { collection_addr, collection_name, collection_origin_name, object_addr, owner, nft, height } = t;
  return { collection_addr, collection_name, collection_origin_name, object_addr, owner, nft, height };
}

const byKey = (a: { nft: { token_id: string } }, b: { nft: { token_id: string } }) =>
  a.nft.token_id.localeCompare(b.nft.token_id);

export async function checkMoveNfts(
  m: Mismatches,
  weft: string,
  node: NodeEndpoints,
  ledger: MinimoveLedger,
): Promise<void> {
  const live = ledger.moveTokens.filter((t) => !t.burned);
  const timeAt = blockTimes(node);

  await m.guard("nft collections", "list", async () => {
    const got = await walkList<WeftCollection>(weft, "/indexer/nft/v1/collections", "collections");
    const expected = [...ledger.nftCollections]
      .sort((a, b) => b.height - a.height)
      .map((c) => ({
        object_addr: c.address,
        creator: c.creator,
        name: c.name,
        origin_name: "",
        height: c.height,
      }));
    const actual = got.map((c) => ({
      object_addr: c.object_addr,
      creator: c.collection.creator,
      name: c.collection.name,
      origin_name: c.collection.origin_name,
      height: c.height,
    }));
    m.equal("nft collections", "every collection, newest first", expected, actual);
    for (const c of got) {
      m.equal("nft collection timestamp", c.object_addr, await timeAt(c.height), c.timestamp);
    }
  });

  for (const c of ledger.nftCollections) {
    await m.guard("nft tokens by collection (Move)", c.name, async () => {
      const got = await walkList<WeftToken>(
        weft,
        `/indexer/nft/v1/tokens/by_collection/${c.address}`,
        "tokens",
      );
      const expected = live.filter((t) => t.collection === c.address).map((t) => expectedToken(ledger, t));
      m.equal(
        "nft tokens by collection (Move)",
        c.name,
        expected.sort(byKey),
        got.map(servedToken).sort(byKey),
      );
      for (const t of got) {
        m.equal("nft token timestamp", `${c.name} #${t.nft.token_id}`, await timeAt(t.height), t.timestamp);
      }
    });
    await m.guard("nft collections by name", c.name, async () => {
      // The search is a substring match on letters and numbers: one word of the name finds it.
      const word = c.name.split(" ").at(-1) ?? c.name;
      const got = await walkList<WeftCollection>(
        weft,
        `/indexer/nft/v1/collections/by_name/${word}`,
        "collections",
      );
      m.equal(
        "nft collections by name",
        word,
        [c.address],
        got.map((x) => x.object_addr),
      );
    });
  }

  for (const t of ledger.moveTokens.filter((x) => x.burned)) {
    await m.guard("burned nft", t.id, async () => {
      const got = await walkList<WeftToken>(
        weft,
        `/indexer/nft/v1/tokens/by_collection/${t.collection}?token_id=${encodeURIComponent(t.id)}`,
        "tokens",
      );
      m.equal("burned nft", `${t.id} by_collection?token_id`, [], got.map(servedToken));
    });
  }

  // Every account, owners or not: their tokens and collections exactly.
  const accounts = [...new Set(ledger.txs.flatMap((t) => [t.signer, ...t.recipients]))].sort();
  for (const account of accounts) {
    await m.guard("nft tokens by account (Move)", account, async () => {
      const got = await walkList<WeftToken>(weft, `/indexer/nft/v1/tokens/by_account/${account}`, "tokens");
      const mine = live.filter((t) => t.owner === account);
      m.equal(
        "nft tokens by account (Move)",
        account,
        mine.map((t) => expectedToken(ledger, t)).sort(byKey),
        got.map(servedToken).sort(byKey),
      );
      const collections = await walkList<WeftCollection>(
        weft,
        `/indexer/nft/v1/collections/by_account/${account}`,
        "collections",
      );
      m.equal(
        "nft collections by account (Move)",
        account,
        [...new Set(mine.map((t) => t.collection))].sort(),
        collections.map((c) => c.object_addr).sort(),
      );
    });
  }

  await m.guard("nft collection", "unknown address", async () => {
    const answer = await indexerGet(weft, `/indexer/nft/v1/collections/0x${"ab".repeat(32)}`);
    m.equal(
      "nft collection",
      "unknown address: 404 envelope",
      { status: 404, body: { code: 5, message: "nft collection not found", details: [] } },
      answer,
    );
  });
}
