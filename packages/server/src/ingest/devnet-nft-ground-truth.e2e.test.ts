import { type Chain, createChain, startDevnetNode } from "@weft/devnet";
import { describe, expect, it } from "vitest";
import { ingestDevnet } from "../_test/devnet-ingest.js";
import { createTestApp } from "../_test/test-app.js";
import { useTestDatabase } from "../_test/test-database.js";
import { decodeAddress, toBech32 } from "../chain/addresses.js";

const BLOCKS = 320;

interface Pagination {
  next_key: string | null;
  total: string;
}
interface Collection {
  object_addr: string;
  collection: { creator: string; name: string; origin_name: string; nfts: { length: number } };
  height: number;
}
interface Token {
  collection_addr: string;
  object_addr: string;
  owner: string;
  nft: { token_id: string };
  height: number;
}

const bytesHex = (bech32OrHex: string) => `0x${decodeAddress(bech32OrHex, "init")?.toString("hex")}`;
const byKey = <T>(rows: T[], key: (t: T) => string) => [...rows].sort((a, b) => (key(a) < key(b) ? -1 : 1));

/** Every item of a listing, following next_key; checks the total the first page announces. */
async function walk<T>(base: string, path: string, list: string): Promise<T[]> {
  const out: T[] = [];
  let key: string | null = null;
  let total: string | undefined;
  for (let page = 0; page < 1000; page++) {
    const sep = path.includes("?") ? "&" : "?";
    const res = await fetch(
      `${base}${path}${sep}pagination.limit=50${key ? `&pagination.key=${encodeURIComponent(key)}` : ""}`,
    );
    expect(res.status, path).toBe(200);
    const body = (await res.json()) as Record<string, unknown> & { pagination: Pagination };
    total ??= body.pagination.total;
    out.push(...(body[list] as T[]));
    key = body.pagination.next_key;
    if (!key) break;
  }
  // /collections counts by a planner estimate (as the reference), the others exactly.
  if (!path.startsWith("/indexer/nft/v1/collections?")) expect(total, path).toBe(String(out.length));
  return out;
}

/** Which txs touched each token, by hash, from the chain's per-tx truth (successful txs only). */
function txsByToken(chain: Chain) {
  const out = new Map<string, string[]>();
  for (let h = 1; h <= BLOCKS; h++)
    for (const t of chain.truth(h))
      for (const c of t.nft ?? []) {
        if (c.kind === "collection") continue;
        const key = `${c.collection}/${c.tokenId}`;
        const seen = out.get(key) ?? [];
        if (seen.at(-1) !== t.hash) out.set(key, [...seen, t.hash]);
      }
  return out;
}

describe.each(["move", "wasm"] as const)(
  "%s devnet (seeded) -> weft ingest -> NFT tables and routes equal the devnet's NFT ground truth",
  (vm) => {
    const database = useTestDatabase();

    it(`ingests ${BLOCKS} blocks with 10% of node responses failing; every collection, token, owner and NFT tx matches`, async () => {
      const chain = createChain({ seed: 23, vm });
      const node = await startDevnetNode({ chain, initialBlocks: BLOCKS, faults: { errorRate: 0.1 } });
      const { pool } = database().db;
      const app = createTestApp({
        db: database().db,
        chain: { chainId: chain.chainId, prefix: "init", vmType: vm },
      }).listen(0, "127.0.0.1");
      try {
        const last = await ingestDevnet({ db: { pool }, url: node.url, stopAt: BLOCKS });
        expect(last).toBe(BigInt(BLOCKS));
        const truth = chain.nftTruth(BLOCKS);
        // A cw721 contract becomes a collection at its first token (the instantiate names no NFT);
        // its name and creator come from the contract (contract_info query, contract record).
        const collections = truth.collections.filter((c) => vm === "move" || c.minted > 0);
        expect(collections.length).toBeGreaterThanOrEqual(3);
        expect(truth.tokens.length).toBeGreaterThan(60);
        expect(collections.reduce((n, c) => n + c.minted, 0)).toBeGreaterThan(truth.tokens.length);

        const storedCollections = await pool.query<{
          c: string;
          name: string;
          creator: string;
          n: string;
          h: string;
        }>(
          "SELECT '0x' || encode(addr,'hex') AS c, name, '0x' || encode(creator,'hex') AS creator, nft_count::text AS n, height::text AS h FROM nft_collection ORDER BY c",
        );
        expect(storedCollections.rows).toEqual(
          byKey(collections, (c) => c.collection).map((c, i) => ({
            c: c.collection,
            name: c.name,
            creator: bytesHex(c.creator),
            n: String(c.count),
            h: vm === "move" ? String(c.height) : (storedCollections.rows[i]?.h ?? ""),
          })),
        );
        const storedTokens = await pool.query<{
          key: string;
          owner: string;
          object: string | null;
          h: string;
        }>(
          `SELECT '0x' || encode(collection,'hex') || '/' || token_id AS key, '0x' || encode(owner,'hex') AS owner,
                  '0x' || encode(object_addr,'hex') AS object, height::text AS h FROM nft_token`,
        );
        const expectedTokens = truth.tokens.map((t) => ({
          key: `${t.collection}/${t.tokenId}`,
          owner: bytesHex(t.owner),
          object: t.object ?? null,
          h: String(t.height),
        }));
        expect(byKey(storedTokens.rows, (r) => r.key)).toEqual(byKey(expectedTokens, (r) => r.key));

        // NFT tx edges of every live token: the txs that minted, moved (or failed to move: none) it.
        const edges = await pool.query<{ key: string; hashes: string[] }>(
          `SELECT '0x' || encode(e.collection,'hex') || '/' || e.token_id AS key,
                  array_agg(upper(encode(t.hash,'hex')) ORDER BY e.sequence) AS hashes
           FROM nft_tx e JOIN nft_token k ON k.collection = e.collection AND k.token_id = e.token_id
           JOIN tx t ON t.sequence = e.sequence GROUP BY 1`,
        );
        const touched = txsByToken(chain);
        expect(new Map(edges.rows.map((r) => [r.key, r.hashes]))).toEqual(
          new Map(expectedTokens.map((t) => [t.key, touched.get(t.key)])),
        );

        // The routes serve the same state.
        const { port } = app.address() as { port: number };
        const base = `http://127.0.0.1:${port}`;
        const served = await walk<Collection>(
          base,
          "/indexer/nft/v1/collections?pagination.reverse=true",
          "collections",
        );
        expect(
          byKey(served, (c) => c.object_addr).map((c) => [
            c.object_addr,
            c.collection.creator,
            c.collection.nfts.length,
          ]),
        ).toEqual(byKey(collections, (c) => c.collection).map((c) => [c.collection, c.creator, c.count]));
        for (const account of chain.accounts) {
          const tokens = await walk<Token>(base, `/indexer/nft/v1/tokens/by_account/${account}`, "tokens");
          const mine = truth.tokens.filter((t) => t.owner === account);
          expect(
            byKey(tokens, (t) => `${t.collection_addr}/${t.nft.token_id}`).map((t) => ({
              key: `${t.collection_addr}/${t.nft.token_id}`,
              owner: t.owner,
              object: t.object_addr,
              height: t.height,
            })),
            account,
          ).toEqual(
            byKey(mine, (t) => `${t.collection}/${t.tokenId}`).map((t) => ({
              key: `${t.collection}/${t.tokenId}`,
              owner: toBech32(decodeAddress(t.owner, "init") as Buffer, "init"),
              object: t.object ?? "",
              height: t.height,
            })),
          );
          const owned = await walk<Collection>(
            base,
            `/indexer/nft/v1/collections/by_account/${account}`,
            "collections",
          );
          expect(owned.map((c) => c.object_addr).sort(), account).toEqual(
            [...new Set(mine.map((t) => t.collection))].sort(),
          );
        }
        // Every collection is found by its name (letters and digits, as by_name compares them).
        for (const c of collections) {
          const found = await walk<Collection>(
            base,
            `/indexer/nft/v1/collections/by_name/${c.name.replace(/[^\p{L}\p{M}\p{N}]/gu, "")}`,
            "collections",
          );
          expect(
            found.map((f) => f.object_addr),
            c.name,
          ).toContain(c.collection);
        }
        // EVM-only routes stay closed on Move and Wasm chains.
        const evm = await fetch(`${base}/indexer/tx/v1/evm-txs`);
        expect(evm.status).toBe(404);
      } finally {
        await new Promise<void>((resolve) => app.close(() => resolve()));
        await node.close();
      }
    }, 180_000);
  },
);
