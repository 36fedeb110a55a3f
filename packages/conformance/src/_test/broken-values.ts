/**
 * Broken servers of values and lookups: formats and units, contents, lookup rules and error codes
 * (issue 25 kinds 4-7). Each breaks one rule and names the one check that must fail.
 */
import { json } from "./broken-proxy.js";
import { type Body, type BrokenVariant, param, rewrite } from "./broken-servers.js";

const TXS_BY_ACCOUNT = /^\/indexer\/tx\/v1\/txs\/by_account\//;
const COLLECTIONS = /^\/indexer\/nft\/v1\/collections$/;
const COLLECTION = /^\/indexer\/nft\/v1\/collections\/0x[0-9a-fA-F]+$/;

/** Applies `edit` to every record of a list body's `key` (or to its single record). */
const eachRecord =
  (key: string, edit: (record: Record<string, unknown>) => Record<string, unknown>) =>
  (b: Body): Body => {
    const list = b[key];
    return Array.isArray(list) ? { ...b, [key]: list.map((r) => edit(r as Record<string, unknown>)) } : b;
  };

/** A Postgres `timestamptz` keeps microseconds: the chain's last three digits are lost. */
const toMicroseconds = (ts: unknown) => String(ts).replace(/(\.\d{6})\d+Z$/, "$1Z");

export const VALUE_VARIANTS: BrokenVariant[] = [
  {
    name: "tx timestamps of /txs/by_account read back from a timestamptz column (microseconds)",
    fails: "format.tx-timestamp.listTxsByAccount",
    handle: rewrite(
      TXS_BY_ACCOUNT,
      eachRecord("txs", (tx) => ({ ...tx, timestamp: toMicroseconds(tx.timestamp) })),
    ),
  },
  {
    name: "NFT txs served from a lighter table without their events",
    fails: "content.tx-events.listNftTxs",
    handle: rewrite(
      /^\/indexer\/nft\/v1\/txs\//,
      eachRecord("txs", (tx) => ({ ...tx, events: [] })),
    ),
  },
  {
    name: "block_time the stored microsecond difference, not divided by 1000",
    fails: "format.block-time",
    handle: rewrite(/^\/indexer\/block\/v1\/blocks(\/\d+)?$/, (b) => {
      const micro = (x: unknown) => {
        const block = x as { block_time: string };
        return { ...block, block_time: String(Number(block.block_time) * 1000 + 417) };
      };
      return b.block ? { block: micro(b.block) } : { ...b, blocks: (b.blocks as unknown[]).map(micro) };
    }),
  },
  {
    name: "avg_block_time the span of the last 100 blocks, never divided by their count",
    fails: "format.avg-blocktime",
    handle: rewrite(/avg_blocktime$/, (b) => ({ ...b, avg_block_time: Number(b.avg_block_time) * 99 })),
  },
  {
    name: "collection creator of /collections/{addr} as the Move account's 0x hex",
    fails: "format.nft-addresses.getNftCollection",
    handle: rewrite(COLLECTION, (b) => {
      const c = b.collection as { collection: Record<string, unknown> };
      return {
        collection: {
          ...c,
          collection: { ...c.collection, creator: `0x${"00".repeat(12)}c0ffee${"11".repeat(5)}` },
        },
      };
    }),
  },
  {
    name: "rich list holders printed as the store owner's 0x hex on a Move chain",
    fails: "format.holder-accounts",
    handle: rewrite(
      /^\/indexer\/richlist\/v1\//,
      eachRecord("holders", (h) => ({
        ...h,
        account: `0x${Buffer.from(String(h.account)).toString("hex").slice(0, 40)}`,
      })),
    ),
  },
  {
    name: "nfts.length of /collections counting mints, burns not subtracted",
    fails: "consistency.collection-supply",
    handle: rewrite(
      COLLECTIONS,
      eachRecord("collections", (c) => {
        const meta = c.collection as { nfts: { handle: string; length: number } };
        return { ...c, collection: { ...meta, nfts: { ...meta.nfts, length: meta.nfts.length + 1 } } };
      }),
    ),
  },
  {
    name: "a 0x-prefixed Cosmos tx hash refused with a 400 (only bare hex accepted)",
    fails: "lookup.hash-case.getTx",
    handle: (req) =>
      /^\/indexer\/tx\/v1\/txs\/0x[0-9a-fA-F]{64}$/.test(req.url.pathname)
        ? Promise.resolve(
            json(400, {
              code: 3,
              message: "invalid tx_hash: expected 64 hex characters",
              details: [{ field: "tx_hash", description: "not a 32-byte hex hash" }],
            }),
          )
        : req.forward(),
  },
  {
    name: "an unknown collection answered 200 with a null collection",
    fails: "lookup.unknown.getNftCollection",
    handle: async (req) => {
      const r = await req.forward();
      return COLLECTION.test(req.url.pathname) && r.status === 404 ? json(200, { collection: null }) : r;
    },
  },
  {
    name: "collections of an account owning no NFT answered 404 account not found",
    fails: "lookup.unknown-empty.listNftCollectionsByAccount",
    handle: async (req) => {
      const r = await req.forward();
      if (!/^\/indexer\/nft\/v1\/collections\/by_account\//.test(req.url.pathname) || r.status !== 200)
        return r;
      const firstPage = !param(req, "pagination.key") && !Number(param(req, "pagination.offset"));
      const none = (JSON.parse(r.body) as { collections?: unknown[] }).collections?.length === 0;
      return firstPage && none ? json(404, { code: 5, message: "account not found", details: [] }) : r;
    },
  },
  {
    name: "by_name lower-cases the text but compares it with names as stored",
    fails: "lookup.by-name-case",
    handle: rewrite(/^\/indexer\/nft\/v1\/collections\/by_name\//, (b, req) => {
      const text = decodeURIComponent(req.url.pathname.split("/").pop() ?? "").toLowerCase();
      const kept = (b.collections as { collection: { name: string } }[]).filter((c) =>
        c.collection.name.includes(text),
      );
      if (kept.length === (b.collections as unknown[]).length) return b;
      return {
        collections: kept,
        pagination: { previous_key: null, next_key: null, total: String(kept.length) },
      };
    }),
  },
  {
    name: "the 400 for a tx hash of the wrong length carries code 400 (its own validator)",
    fails: "negative.getTx.tx_hash.short-hash",
    handle: async (req) => {
      const r = await req.forward();
      // Upper-case hex only: the contract's hash pattern now also makes "abc" (pattern-miss) a
      // 400, and this fault is the short hash's alone.
      const m = /^\/indexer\/tx\/v1\/txs\/(?:0x)?([0-9A-F]+)$/.exec(req.url.pathname);
      if (!m || m[1]?.length === 64 || r.status !== 400) return r;
      return json(400, { ...(JSON.parse(r.body) as object), code: 400 });
    },
  },
];

/** Faults only an EVM chain shows (call frames, 0x hashes); run against an EVM `weft dev`. */
export const EVM_VALUE_VARIANTS: BrokenVariant[] = [
  {
    name: "parent_index of an account's call frames numbered from 1",
    fails: "format.internal-frames.listEvmInternalTxsByAccount",
    handle: rewrite(
      /^\/indexer\/tx\/v1\/evm-internal-txs\/by_account\//,
      eachRecord("internal_txs", (f) => ({ ...f, parent_index: Number(f.parent_index) + 1 })),
    ),
  },
  {
    name: "an EVM tx hash without 0x matched literally against the stored 0x form (404)",
    fails: "lookup.hash-case.getEvmTx",
    handle: (req) =>
      /^\/indexer\/tx\/v1\/evm-txs\/[0-9a-fA-F]{64}$/.test(req.url.pathname)
        ? Promise.resolve(json(404, { code: 5, message: "tx not found", details: [] }))
        : req.forward(),
  },
];
