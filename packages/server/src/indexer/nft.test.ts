import { describe, expect, it } from "vitest";
import { evmTokenTruth } from "../_test/evm-token-truth.js";
import { useIngestedEvmChain } from "../_test/ingested-evm-chain.js";
import { createTestApp, serveForTests } from "../_test/test-app.js";
import { useTestDatabase } from "../_test/test-database.js";
import { toBech32 } from "../http/addresses.js";
import { encodeCursor, encodeOffset } from "../http/pagination.js";

const BLOCKS = 80;
const ORDER_BY_PATTERN = "^\\s*([Tt][Oo][Kk][Ee][Nn]_[Ii][Dd]|[Hh][Ee][Ii][Gg][Hh][Tt])\\s*$";
const database = useTestDatabase();
const chain = useIngestedEvmChain(database, { seed: 5, blocks: BLOCKS });
const url = serveForTests(() =>
  createTestApp({ db: database().db, chain: { chainId: chain.chainId, prefix: "init", vmType: "evm" } }),
);

const bech32Of = (hex: string) => toBech32(Buffer.from(hex.slice(2), "hex"), "init");
const groundTruth = () => evmTokenTruth(chain, BLOCKS);

interface Token {
  collection_addr: string;
  owner: string;
  object_addr: string;
  nft: { token_id: string; uri: string };
  height: number;
}
interface Pagination {
  previous_key: string | null;
  next_key: string | null;
  total: string;
}

async function get<T>(path: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${url()}${path}`);
  return { status: res.status, body: (await res.json()) as T };
}

async function walk<T>(path: string, list: string, firstKey?: string): Promise<T[]> {
  const out: T[] = [];
  let key: string | null | undefined = firstKey;
  for (let i = 0; i < 1000; i++) {
    const sep = path.includes("?") ? "&" : "?";
    const suffix: string = key ? `${sep}pagination.key=${encodeURIComponent(key)}` : "";
    const { status, body }: { status: number; body: Record<string, unknown> & { pagination: Pagination } } =
      await get<Record<string, unknown> & { pagination: Pagination }>(`${path}${suffix}`);
    expect(status).toBe(200);
    out.push(...(body[list] as T[]));
    key = body.pagination.next_key;
    if (!key) return out;
  }
  throw new Error("no end");
}

describe("NFT routes on an ingested EVM devnet (ERC-721 Transfer logs)", () => {
  const truth = () => groundTruth();
  const nft = () => truth().owners[0]?.contract ?? "";

  it("tokens/by_collection: every live token once, owners as the truth says, both orders and key styles agree", async () => {
    const expected = truth().owners;
    expect(expected.length).toBeGreaterThan(5);
    const path = `/indexer/nft/v1/tokens/by_collection/${nft()}?pagination.limit=4`;
    const desc = await walk<Token>(path, "tokens");
    expect(desc.map((t) => [t.nft.token_id, t.owner]).sort()).toEqual(
      expected.map((t) => [t.tokenId, bech32Of(t.owner)]).sort(),
    );
    expect(desc.map((t) => t.nft.token_id)).toEqual([...desc.map((t) => t.nft.token_id)].sort().reverse());
    const asc = await walk<Token>(`${path}&pagination.reverse=false`, "tokens");
    expect(asc).toEqual([...desc].reverse());
    // The composite cursor, order_by=height: (height, token_id) < (N, T), same rows as offsets.
    const byHeight = await walk<Token>(`${path}&order_by=HEIGHT`, "tokens");
    const byHeightCursor = await walk<Token>(
      `${path}&order_by=height`,
      "tokens",
      encodeCursor({ height: 10n ** 12n, token_id: "" }),
    );
    expect(byHeightCursor).toEqual(byHeight);
    expect(byHeight.map((t) => t.height)).toEqual([...byHeight.map((t) => t.height)].sort((a, b) => b - a));
    const first = await get<{ tokens: Token[]; pagination: Pagination }>(`${path}`);
    expect(first.body.pagination).toEqual({
      previous_key: null,
      next_key: encodeOffset(4),
      total: String(expected.length),
    });
    expect(first.body.tokens[0]).toMatchObject({ collection_addr: nft(), object_addr: "", nft: { uri: "" } });
    const second = await get<{ tokens: Token[]; pagination: Pagination }>(
      `${path}&pagination.key=${encodeOffset(4)}`,
    );
    expect(second.body.pagination.previous_key).toBe(encodeOffset(0));
  });

  it("tokens/by_account: exactly the account's tokens, with collection_addr and token_id filters", async () => {
    const { owners } = truth();
    const owner = owners[0]?.owner ?? "";
    const mine = owners.filter((t) => t.owner === owner);
    const all = await walk<Token>(
      `/indexer/nft/v1/tokens/by_account/${bech32Of(owner)}?pagination.limit=2`,
      "tokens",
    );
    expect(all.map((t) => t.nft.token_id).sort()).toEqual(mine.map((t) => t.tokenId).sort());
    const filtered = await get<{ tokens: Token[] }>(
      `/indexer/nft/v1/tokens/by_account/${owner}?collection_addr=${nft().toUpperCase().replace("0X", "0x")}&token_id=${mine[0]?.tokenId}`,
    );
    expect(filtered.body.tokens.map((t) => t.nft.token_id)).toEqual([mine[0]?.tokenId]);
    const none = await get(`/indexer/nft/v1/tokens/by_account/${owner}?collection_addr=0x${"12".repeat(20)}`);
    expect(none).toEqual({
      status: 200,
      body: { tokens: [], pagination: { previous_key: null, next_key: null, total: "0" } },
    });
  });

  it("collections: the ERC-721 contract with its live count, creator = first tx's sender, by account too", async () => {
    const { owners, firstTouch } = truth();
    const first = firstTouch.get(nft());
    const expected = {
      object_addr: nft(),
      collection: {
        creator: bech32Of(first?.from ?? ""),
        name: "",
        origin_name: "",
        nfts: { handle: "", length: owners.length },
      },
      height: first?.height,
    };
    const { body } = await get<{ collection: unknown }>(`/indexer/nft/v1/collections/${nft()}`);
    expect(body.collection).toMatchObject(expected);
    const list = await get<{ collections: unknown[]; pagination: Pagination }>("/indexer/nft/v1/collections");
    expect(list.body.collections).toEqual([body.collection]);
    expect(list.body.pagination).toEqual({ previous_key: null, next_key: null, total: "1" });
    const byAccount = await get<{ collections: unknown[] }>(
      `/indexer/nft/v1/collections/by_account/${bech32Of(owners[0]?.owner ?? "")}`,
    );
    expect(byAccount.body.collections).toEqual([body.collection]);
    const stranger = await get<{ collections: unknown[] }>(
      `/indexer/nft/v1/collections/by_account/0x${"34".repeat(20)}`,
    );
    expect(stranger.body.collections).toEqual([]);
  });

  it("nft txs: the txs whose logs moved the token, newest first, sequence cursors", async () => {
    const { txsOf } = truth();
    const [key, hashes] = [...txsOf.entries()].sort((a, b) => b[1].length - a[1].length)[0] ?? ["", []];
    const [contract, tokenId] = key.split("/");
    const txs = await walk<{ txhash: string }>(
      `/indexer/nft/v1/txs/${contract}/${tokenId}?pagination.limit=1`,
      "txs",
    );
    expect(txs.map((t) => t.txhash)).toEqual([...hashes].reverse());
  });

  it("answers bad and unknown addresses with whole error bodies", async () => {
    expect(await get("/indexer/nft/v1/collections/0xzz")).toEqual({
      status: 400,
      body: {
        code: 3,
        message:
          "invalid collection_addr: expected a bech32 address (init1...) or 20- or 32-byte hex, with or without 0x",
        details: [{ field: "collection_addr", description: "not a bech32 or hex address" }],
      },
    });
    expect(await get(`/indexer/nft/v1/collections/0x${"56".repeat(20)}`)).toEqual({
      status: 404,
      body: { code: 5, message: "nft collection not found", details: [] },
    });
  });
});

describe("rich list on an ingested EVM devnet (ERC-20 Transfer logs)", () => {
  it("lists every holder with its balance, largest first, offset keys both ways; evm/<hex> names the same token", async () => {
    const { balances } = groundTruth();
    const token = [...balances.keys()][0]?.split("/")[0] ?? "";
    const expected = [...balances]
      .filter(([k, v]) => k.startsWith(token) && v > 0n)
      .map(([k, v]) => ({ account: k.split("/")[1] ?? "", amount: v.toString() }));
    expect(expected.length).toBeGreaterThan(2);
    const holders = await walk<{ account: string; amount: string }>(
      `/indexer/richlist/v1/${token}?pagination.limit=2`,
      "holders",
    );
    expect([...holders].sort((a, b) => a.account.localeCompare(b.account))).toEqual(
      [...expected].sort((a, b) => a.account.localeCompare(b.account)),
    );
    const amounts = holders.map((h) => BigInt(h.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    const asc = await walk(
      `/indexer/richlist/v1/evm%2F${token.slice(2).toUpperCase()}?pagination.limit=1&pagination.reverse=false`,
      "holders",
    );
    expect(asc).toEqual([...holders].reverse());
    const page = await get<{ pagination: Pagination }>(
      `/indexer/richlist/v1/${token}?pagination.limit=2&pagination.count_total=false&pagination.key=${encodeCursor({ sequence: 5n })}`,
    );
    // JSON keys are ignored (offset 0) and the total is counted anyway.
    expect(page.body.pagination).toEqual({
      previous_key: null,
      next_key: encodeOffset(2),
      total: String(expected.length),
    });
  });

  it("answers a denom that names no ERC-20 with a whole 400 body", async () => {
    expect(await get("/indexer/richlist/v1/uinit")).toEqual({
      status: 400,
      body: {
        code: 3,
        message: "invalid denom uinit: expected an ERC-20 address (0x...) or evm/<hex> on this chain",
        details: [{ field: "path.denom", description: "must be 0x<40 hex> or evm/<40 hex>" }],
      },
    });
  });
});

describe("collections/by_name", () => {
  it("matches name or origin name, case-insensitively, on letters, marks and digits only", async () => {
    const { pool } = database().db;
    const insert = (addr: number, name: string, origin: string, height: number) =>
      pool.query(
        "INSERT INTO nft_collection (addr, name, origin_name, creator, height, timestamp) VALUES ($1, $2, $3, $4, $5, now())",
        [Buffer.alloc(32, addr), name, origin, Buffer.alloc(20, 1), height],
      );
    await insert(0xe1, "Saint Seiya: Bronze Saints", "", 1_000_001);
    await insert(0xe2, "ibc/0A1F", "Jennie", 1_000_002);
    await insert(0xe3, "Bronze-Age Pots", "", 1_000_003);
    const names = async (text: string, query = "") => {
      const { status, body } = await get<{
        collections: { collection: { name: string } }[];
        pagination: Pagination;
      }>(`/indexer/nft/v1/collections/by_name/${text}${query}`);
      expect(status).toBe(200);
      return { names: body.collections.map((c) => c.collection.name), pagination: body.pagination };
    };
    expect((await names("BRONZE")).names).toEqual(["Bronze-Age Pots", "Saint Seiya: Bronze Saints"]);
    expect((await names("jenn")).names).toEqual(["ibc/0A1F"]);
    expect((await names("seiya%20bronze")).names).toEqual(["Saint Seiya: Bronze Saints"]);
    expect((await names("nothing-like-it")).names).toEqual([]);
    const first = await names("bronze", `?pagination.limit=1&pagination.key=${encodeCursor({ height: 5n })}`);
    // A JSON key is ignored here: the first page, offset keys.
    expect(first).toEqual({
      names: ["Bronze-Age Pots"],
      pagination: { previous_key: null, next_key: encodeOffset(1), total: "2" },
    });
    expect((await names("bronze", `?pagination.limit=1&pagination.key=${encodeOffset(1)}`)).names).toEqual([
      "Saint Seiya: Bronze Saints",
    ]);
  });

  it("rejects an unknown order_by with a whole 400 body", async () => {
    expect(await get(`/indexer/nft/v1/tokens/by_collection/0x${"12".repeat(20)}?order_by=owner`)).toEqual({
      status: 400,
      body: {
        code: 3,
        message: `invalid order_by: must match pattern "${ORDER_BY_PATTERN}"`,
        details: [{ field: "query.order_by", description: `must match pattern "${ORDER_BY_PATTERN}"` }],
      },
    });
  });
});
