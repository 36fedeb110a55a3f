/**
 * NFT collection routes (spec tag NFT): every collection, by account (collections where the account
 * owns a token), by name, one by address. Newest first by creation height, then address. `next_key`
 * is the last collection's `{"collection_addr","height"}` cursor (`(height, addr) < (N, A)`); offset
 * keys and the reference's `{"height":N}` cursor (`height < N`) are accepted too, on by_name as well
 * (the reference ignores JSON keys there; honouring them is what lets by_name emit cursors).
 */

import { notFound } from "../api/errors.js";
import type { OperationHandlers } from "../api/operation.js";
import { toBech32 } from "../chain/addresses.js";
import { parseAddress } from "./address-params.js";
import type { IndexerDeps } from "./indexer-deps.js";
import { orderedPage } from "./ordered-page.js";
import { type PageRequest, parsePageRequest } from "./pagination.js";

/**
 * A stored time as the reference prints an NFT's (Go's RFC3339Nano of a UTC time): the microseconds
 * with trailing zeros trimmed, no dot when they are all zero, e.g. `2026-01-01T00:00:00.0331Z`,
 * `2026-01-01T00:00:00Z`. The fraction always follows a dot, so trimming zeros stops there.
 */
export const TIMESTAMP_SQL = (column: string) =>
  `rtrim(rtrim(to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'), '0'), '.') || 'Z'`;

const COLLECTION_SELECT = `SELECT c.addr, c.name, c.origin_name, c.creator, c.nft_count::text AS nft_count,
  c.height::text AS height, ${TIMESTAMP_SQL("c.timestamp")} AS timestamp FROM nft_collection c`;

interface CollectionRow {
  addr: Buffer;
  name: string;
  origin_name: string;
  creator: Buffer;
  nft_count: string;
  height: string;
  timestamp: string;
}

function collectionOf(row: CollectionRow, prefix: string) {
  return {
    object_addr: `0x${row.addr.toString("hex")}`,
    collection: {
      creator: toBech32(row.creator, prefix),
      name: row.name,
      origin_name: row.origin_name,
      nfts: { handle: "", length: Number(row.nft_count) },
    },
    height: Number(row.height),
    timestamp: row.timestamp,
  };
}

/** Letters, marks and digits only, lower-cased: what by_name compares. */
export const searchable = (text: string) => text.replace(/[^\p{L}\p{M}\p{N}]/gu, "").toLowerCase();

async function collectionPage(
  deps: IndexerDeps,
  request: PageRequest,
  filter: { where: string; params: unknown[] },
) {
  const p = request.position;
  const { rows, pagination } = await orderedPage<CollectionRow>(deps, request, {
    select: `${COLLECTION_SELECT} WHERE true ${filter.where}`,
    params: filter.params,
    order: ["c.height", "c.addr"],
    cursor:
      p.kind !== "height"
        ? undefined
        : p.collection
          ? { columns: ["c.height", "c.addr"], values: [String(p.height), p.collection] }
          : { columns: ["c.height"], values: [String(p.height)] },
    nextCursor: (row) => ({ collection_addr: `0x${row.addr.toString("hex")}`, height: BigInt(row.height) }),
    count: {
      sql: `SELECT count(*)::text AS n FROM nft_collection c WHERE true ${filter.where}`,
      params: filter.params,
    },
  });
  return { collections: rows.map((r) => collectionOf(r, deps.prefix)), pagination };
}

export function createNftCollectionHandlers(deps: IndexerDeps): OperationHandlers {
  return {
    listNftCollections: (input) =>
      collectionPage(deps, parsePageRequest(input.query, "nftCollection"), {
        where: "",
        params: [],
      }),

    listNftCollectionsByAccount: (input) => {
      const account = parseAddress(input.path.account, deps.prefix, "account");
      return collectionPage(deps, parsePageRequest(input.query, "nftCollection"), {
        where: "AND c.addr IN (SELECT t.collection FROM nft_token t WHERE t.owner = $1)",
        params: [account],
      });
    },

    listNftCollectionsByName: (input) => {
      const text = searchable(input.path.name);
      const stripped = (column: string) => `lower(regexp_replace(${column}, '[^[:alnum:]]', '', 'g'))`;
      return collectionPage(deps, parsePageRequest(input.query, "nftCollection"), {
        where: `AND (strpos(${stripped("c.name")}, $1) > 0 OR strpos(${stripped("c.origin_name")}, $1) > 0)`,
        params: [text],
      });
    },

    getNftCollection: async (input) => {
      const addr = parseAddress(input.path.collection_addr, deps.prefix, "collection_addr");
      const { rows } = await deps.pool.query<CollectionRow>(`${COLLECTION_SELECT} WHERE c.addr = $1`, [addr]);
      const row = rows[0];
      if (!row) throw notFound("nft collection not found");
      return { collection: collectionOf(row, deps.prefix) };
    },
  };
}
