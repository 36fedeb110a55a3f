import { createChain, type DevnetNode, startDevnetNode } from "@weft/devnet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evmTokenTruth } from "../_test/evm-token-truth.js";
import { useIngestedEvmChain } from "../_test/ingested-evm-chain.js";
import { type KeyPagination, pageWalker } from "../_test/page-walk.js";
import { createTestApp, serveForTests } from "../_test/test-app.js";
import { useTestDatabase } from "../_test/test-database.js";
import { toBech32 } from "../chain/addresses.js";
import { TIMESTAMP_SQL } from "./nft-collections.js";
import { encodeCursor, encodeOffset } from "./pagination.js";

const BLOCKS = 80;
const ORDER_BY_PATTERN = "^\\s*([Tt][Oo][Kk][Ee][Nn]_[Ii][Dd]|[Hh][Ee][Ii][Gg][Hh][Tt])\\s*$";
const database = useTestDatabase();
const chain = useIngestedEvmChain(database, { seed: 5, blocks: BLOCKS });
// The chain's node answers the read API's REST lookups (minievm contracts/by_denom).
let node: DevnetNode;
beforeAll(async () => {
  node = await startDevnetNode({ chain: createChain({ seed: 5, vm: "evm" }), initialBlocks: 1 });
});
afterAll(() => node.close());
const url = serveForTests(() =>
  createTestApp({
    db: database().db,
    chain: { chainId: chain.chainId, prefix: "init", vmType: "evm", restUrl: node.url },
  }),
);

const bech32Of = (hex: string) => toBech32(Buffer.from(hex.slice(2), "hex"), "init");
/**
 * The reference's NFT timestamp for block `h`: Go's RFC3339Nano of the node's time as Postgres
 * stores it (truncated to microseconds), trailing zeros of the fraction trimmed.
 */
const timeOf = (h: number) =>
  (chain.block(h) as { block: { block: { header: { time: string } } } }).block.block.header.time.replace(
    /\.(\d{1,6})\d*Z$/,
    (_, micros: string) => (/^0+$/.test(micros) ? "Z" : `.${micros.replace(/0+$/, "")}Z`),
  );
const groundTruth = () => evmTokenTruth(chain, BLOCKS);

interface Token {
  collection_addr: string;
  owner: string;
  object_addr: string;
  nft: { token_id: string; uri: string };
  height: number;
  timestamp: string;
}
type Pagination = KeyPagination;
const { get, walk } = pageWalker(url);

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
    // The devnet's times have microseconds (e.g. 00:00:00.167001123Z): printed as the reference does.
    expect(desc.map((t) => t.timestamp)).toEqual(desc.map((t) => timeOf(t.height)));
    expect(desc.every((t) => /\.\d*[1-9]Z$/.test(t.timestamp))).toBe(true);
    const first = await get<{ tokens: Token[]; pagination: Pagination }>(`${path}`);
    const fourth = first.body.tokens[3] as Token;
    // next_key is the last token's cursor (the reference would say base64("4")).
    expect(first.body.pagination).toEqual({
      previous_key: null,
      next_key: encodeCursor({
        collection_addr: nft(),
        height: fourth.height,
        token_id: fourth.nft.token_id,
      }),
      total: String(expected.length),
    });
    expect(first.body.tokens[0]).toMatchObject({ collection_addr: nft(), object_addr: "", nft: { uri: "" } });
    // An offset key still reads that offset, with the reference's offset previous_key.
    const second = await get<{ tokens: Token[]; pagination: Pagination }>(
      `${path}&pagination.key=${encodeOffset(4)}`,
    );
    expect(second.body.tokens).toEqual(desc.slice(4, 8));
    expect(second.body.pagination.previous_key).toBe(encodeOffset(0));
    const byCursor = await get<{ tokens: Token[] }>(
      `${path}&pagination.key=${encodeURIComponent(first.body.pagination.next_key ?? "")}`,
    );
    expect(byCursor.body.tokens).toEqual(second.body.tokens);
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
      timestamp: timeOf(first?.height ?? 0),
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

  it("prints a stored time as Go's RFC3339Nano in UTC: microseconds, trailing zeros trimmed", async () => {
    const cases = [
      ["2026-01-01T00:00:00.033001Z", "2026-01-01T00:00:00.033001Z"],
      ["2026-01-01T00:00:00.0331Z", "2026-01-01T00:00:00.0331Z"],
      ["2026-01-01T00:00:10.5Z", "2026-01-01T00:00:10.5Z"],
      ["2026-01-01T00:00:10Z", "2026-01-01T00:00:10Z"],
      ["2026-01-01T00:00:00Z", "2026-01-01T00:00:00Z"],
      ["2026-01-01T02:00:00.000100+02:00", "2026-01-01T00:00:00.0001Z"],
    ];
    const { rows } = await database().db.pool.query<{ printed: string }>(
      `SELECT ${TIMESTAMP_SQL("t")} AS printed FROM unnest($1::timestamptz[]) WITH ORDINALITY AS x(t, n) ORDER BY n`,
      [cases.map(([stored]) => stored)],
    );
    expect(rows.map((r) => r.printed)).toEqual(cases.map(([, printed]) => printed));
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
    const page = await get<{ holders: { account: string; amount: string }[]; pagination: Pagination }>(
      `/indexer/richlist/v1/${token}?pagination.limit=2&pagination.count_total=false`,
    );
    // No total is counted (the real reference answers "0" too), and next_key is the last holder's
    // cursor (the reference would say base64("2")).
    expect(page.body.holders).toEqual(holders.slice(0, 2));
    expect(page.body.pagination).toEqual({
      previous_key: null,
      next_key: encodeCursor({ account: holders[1]?.account ?? "", amount: holders[1]?.amount ?? "" }),
      total: "0",
    });
    // Offsets, as the explorer pages it, with the reference's offset previous_key.
    const third = await get<{ holders: unknown[]; pagination: Pagination }>(
      `/indexer/richlist/v1/${token}?pagination.limit=1&pagination.offset=2`,
    );
    expect(third.body.holders).toEqual(holders.slice(2, 3));
    expect(third.body.pagination.previous_key).toBe(encodeOffset(1));
    const fix = "; pass the next_key of a previous page, or no key for the first page";
    const keyError = (problem: string) => ({
      status: 400,
      body: {
        code: 3,
        message: `invalid pagination.key: ${problem}${fix}`,
        details: [{ field: "query.pagination.key", description: `${problem}${fix}` }],
      },
    });
    expect(
      await get(
        `/indexer/richlist/v1/${token}?pagination.key=${encodeURIComponent(encodeCursor({ amount: 5 }))}`,
      ),
    ).toEqual(keyError("amount must be a decimal integer string"));
    // Another list's cursor is no position here: a 400, where the reference serves page 1.
    expect(
      await get(
        `/indexer/richlist/v1/${token}?pagination.key=${encodeURIComponent(encodeCursor({ sequence: 5n }))}`,
      ),
    ).toEqual(
      keyError(
        `this list's keys are base64 of {"amount":"N"} or {"account":"0x..","amount":"N"} or of a decimal offset`,
      ),
    );
  });

  it("maps a Cosmos denom to its ERC-20 over REST (minievm contracts/by_denom), as the reference does", async () => {
    // The devnet's one ERC-20 (all its Transfer logs are that contract's).
    const token = [...groundTruth().balances.keys()][0]?.split("/")[0] ?? "";
    expect(token).toMatch(/^0x[0-9a-f]{40}$/);
    const byContract = await get(`/indexer/richlist/v1/${token}?pagination.limit=5`);
    expect(byContract.status).toBe(200);
    // The devnet's fee denom is its ERC-20; upper case is lowered first, as the reference does.
    for (const denom of ["uinit", "UINIT"]) {
      expect(await get(`/indexer/richlist/v1/${denom}?pagination.limit=5`)).toEqual(byContract);
    }
  });

  it("answers a denom the node maps to no ERC-20 with a 400 naming the denom", async () => {
    const description = "must be 0x<40 hex>, evm/<40 hex>, or a denom the chain maps to an ERC-20";
    expect(await get("/indexer/richlist/v1/ufoo")).toEqual({
      status: 400,
      body: {
        code: 3,
        message:
          // What a real minievm v1.2.18 node answers (fixtures/real-node/.../contracts-by-denom.unknown.json).
          "no ERC-20 contract for denom ufoo on this chain: the node answered 404: collections: not found: key 'ufoo' of type bytes",
        details: [{ field: "path.denom", description }],
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
    const first = await names("bronze", "?pagination.limit=1");
    expect(first).toEqual({
      names: ["Bronze-Age Pots"],
      pagination: {
        previous_key: null,
        next_key: encodeCursor({ collection_addr: `0x${"e3".repeat(32)}`, height: 1_000_003 }),
        total: "2",
      },
    });
    const second = await names("bronze", `?pagination.limit=1&pagination.key=${first.pagination.next_key}`);
    expect(second).toEqual({
      names: ["Saint Seiya: Bronze Saints"],
      pagination: { previous_key: null, next_key: null, total: "2" },
    });
    // The reference ignores JSON keys here; Weft honours them (height < N), and offsets as before.
    expect((await names("bronze", `?pagination.key=${encodeCursor({ height: 1_000_003n })}`)).names).toEqual([
      "Saint Seiya: Bronze Saints",
    ]);
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

describe("NFT list cursors", () => {
  const owner = Buffer.alloc(20, 0xa7);
  const ownerHex = `0x${owner.toString("hex")}`;
  const collections = [0xc1, 0xc2, 0xc3].map((b) => Buffer.alloc(20, b));
  const hex = (b: Buffer) => `0x${b.toString("hex")}`;

  async function insertToken(collection: Buffer, tokenId: string, height: number) {
    await database().db.pool.query(
      `INSERT INTO nft_token (collection, token_id, owner, height, timestamp, sequence)
       VALUES ($1, $2, $3, $4, now(), $4)`,
      [collection, tokenId, owner, height],
    );
  }

  it("tokens that tie on (token_id, height) in several collections are each read once, in order, by next_key", async () => {
    const { pool } = database().db;
    for (const c of collections)
      await pool.query(
        "INSERT INTO nft_collection (addr, name, creator, height, timestamp) VALUES ($1, 'tie', $2, 2000000, now())",
        [c, owner],
      );
    for (const c of collections) for (const id of ["5", "7", "9"]) await insertToken(c, id, 2_000_000);
    const expected = ["9", "7", "5"].flatMap((id) =>
      [...collections].reverse().map((c) => `${hex(c)}/${id}`),
    );
    for (const orderBy of ["token_id", "height"]) {
      const tokens = await walk<Token>(
        `/indexer/nft/v1/tokens/by_account/${ownerHex}?pagination.limit=1&order_by=${orderBy}`,
        "tokens",
      );
      expect(tokens.map((t) => `${t.collection_addr}/${t.nft.token_id}`)).toEqual(expected);
      const asc = await walk<Token>(
        `/indexer/nft/v1/tokens/by_account/${ownerHex}?pagination.limit=2&order_by=${orderBy}&pagination.reverse=false`,
        "tokens",
      );
      expect(asc).toEqual([...tokens].reverse());
    }
    // Collections created in one block: (height, addr) cursors read all three.
    const byAccount = await walk<{ object_addr: string }>(
      `/indexer/nft/v1/collections/by_account/${ownerHex}?pagination.limit=1`,
      "collections",
    );
    expect(byAccount.map((c) => c.object_addr)).toEqual([...collections].reverse().map(hex));
    const all = await walk<{ object_addr: string }>(
      "/indexer/nft/v1/collections?pagination.limit=1",
      "collections",
    );
    expect(all.slice(0, 3).map((c) => c.object_addr)).toEqual([...collections].reverse().map(hex));
  });

  it("a traversal sees every token once while new ones are minted on both sides of its position", async () => {
    const path = `/indexer/nft/v1/tokens/by_account/${ownerHex}?pagination.limit=2`;
    const before = await walk<Token>(path, "tokens");
    const seen: Token[] = [];
    let key: string | null = null;
    let minted = 0;
    do {
      const suffix: string = key ? `&pagination.key=${encodeURIComponent(key)}` : "";
      const page: { body: { tokens: Token[]; pagination: Pagination } } = await get(`${path}${suffix}`);
      seen.push(...page.body.tokens);
      key = page.body.pagination.next_key;
      // Ahead of the position (read later) and behind it (an offset key would re-read a token).
      await insertToken(collections[0] as Buffer, `0${minted}`, 2_000_001);
      await insertToken(collections[0] as Buffer, `z${minted++}`, 2_000_001);
    } while (key);
    const ids = seen.map((t) => `${t.collection_addr}/${t.nft.token_id}`);
    expect(new Set(ids).size).toBe(ids.length);
    for (const t of before) expect(ids).toContain(`${t.collection_addr}/${t.nft.token_id}`);
    expect(ids.filter((id) => id.endsWith("/00")).length).toBe(1);
    expect(ids.some((id) => /\/z\d+$/.test(id))).toBe(false);
  });

  it("rejects a cursor whose collection_addr is not hex with a whole 400 body", async () => {
    const message =
      "invalid pagination.key: collection_addr must be 0x and 20 or 32 bytes of hex; pass the next_key of a previous page, or no key for the first page";
    expect(
      await get(
        `/indexer/nft/v1/tokens/by_account/${ownerHex}?pagination.key=${encodeURIComponent(
          encodeCursor({ collection_addr: "init1xyz", height: 1n, token_id: "1" }),
        )}`,
      ),
    ).toEqual({
      status: 400,
      body: {
        code: 3,
        message,
        details: [
          { field: "query.pagination.key", description: message.replace("invalid pagination.key: ", "") },
        ],
      },
    });
  });
});
