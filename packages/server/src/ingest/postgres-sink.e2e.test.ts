import { createChain } from "@weft/devnet";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { syntheticPayload } from "../_test/synthetic-chain.js";
import { useTestDatabase } from "../_test/test-database.js";
import type { BalanceDelta } from "./derive/balance-deltas.js";
import { deriveBlock } from "./derive/derive-block.js";
import type { TxNftChanges } from "./derive/nft-rows.js";
import type { BlockPayload } from "./derive/node-payloads.js";
import { createPostgresSink } from "./postgres-sink.js";

const bundle = (h: number) => deriveBlock(syntheticPayload(h, { blocks: 10, txsPerBlock: () => 2 }), "init");

describe("postgres sink", () => {
  const database = useTestDatabase();

  it("refuses a gap or a repeat, writing nothing, and continues from the checkpoint", async () => {
    const { pool } = database().db;
    const sink = createPostgresSink({ pool, chainId: "sink-test" });
    try {
      await sink.write(1n, bundle(1));
      await sink.write(2n, bundle(2));
      await expect(sink.write(4n, bundle(4))).rejects.toThrow(
        "block 4 does not follow the checkpoint 2 of sink-test",
      );
      await expect(sink.write(2n, bundle(2))).rejects.toThrow(
        "block 2 does not follow the checkpoint 2 of sink-test",
      );
      await sink.write(3n, bundle(3));
      const { rows } = await pool.query(
        "SELECT (SELECT count(*) FROM block)::int AS blocks, (SELECT count(*) FROM tx)::int AS txs, (SELECT max(sequence) FROM tx)::int AS seq",
      );
      expect(rows[0]).toEqual({ blocks: 3, txs: 6, seq: 6 });
      expect(await sink.checkpoint()).toBe(3n);
    } finally {
      sink.close();
    }
  });

  it("refuses a bundle offered under another height", async () => {
    const sink = createPostgresSink({ pool: database().db.pool, chainId: "sink-test-2" });
    await expect(sink.write(2n, bundle(1))).rejects.toThrow("bundle of block 1 offered as 2");
    sink.close();
  });
});

describe("postgres sink: NFT and rich-list rows", () => {
  const database = useTestDatabase();
  const cw721 = Buffer.alloc(32, 0xc1);
  const moveCollection = Buffer.alloc(32, 0xc2);
  const object = Buffer.alloc(32, 0x0b);
  const alice = Buffer.alloc(20, 0xa1);
  const bob = Buffer.alloc(20, 0xb0);
  const creator = Buffer.alloc(20, 0x01);

  const withNft = (h: number, txs: TxNftChanges[], balances: BalanceDelta[]) => ({
    ...bundle(h),
    nftChanges: txs,
    balances,
  });

  it("applies mints, transfers, burns and balance deltas per block, each with its checkpoint", async () => {
    const { pool } = database().db;
    const sink = createPostgresSink({ pool, chainId: "sink-nft" });
    try {
      await sink.write(
        1n,
        withNft(
          1,
          [
            {
              tx: 0,
              signer: alice,
              changes: [
                { kind: "mint", collection: cw721, tokenId: "1", owner: alice, uri: "ipfs://1" },
                { kind: "mint", collection: cw721, tokenId: "2", owner: alice, uri: "" },
              ],
            },
            {
              tx: 1,
              signer: bob,
              changes: [
                { kind: "collection", collection: moveCollection, creator, name: "Move Cats" },
                { kind: "mint", collection: moveCollection, tokenId: "cat", object },
              ],
            },
          ],
          [
            { denom: "uinit", account: alice, amount: 100n },
            { denom: "uinit", account: bob, amount: 50n },
          ],
        ),
      );
      const block2 = withNft(
        2,
        [
          {
            tx: 1,
            signer: alice,
            changes: [
              { kind: "transfer", key: { collection: cw721, tokenId: "1" }, owner: bob },
              { kind: "burn", key: { collection: cw721, tokenId: "2" } },
              { kind: "transfer", key: { object }, owner: alice },
              { kind: "mutate", key: { object }, uri: "ipfs://cat" },
            ],
          },
        ],
        [
          { denom: "uinit", account: alice, amount: -100n },
          { denom: "uinit", account: bob, amount: 10n },
        ],
      );
      // A refused advance writes none of the block's NFT or balance rows.
      await expect(sink.write(3n, { ...block2, block: { ...block2.block, height: 3n } })).rejects.toThrow(
        "block 3 does not follow the checkpoint 1 of sink-nft",
      );
      await sink.write(2n, block2);

      const q = async (sql: string) => (await pool.query(sql)).rows;
      expect(
        await q(
          "SELECT encode(addr, 'hex') AS addr, name, origin_name, encode(creator, 'hex') AS creator, height::int, nft_count::int FROM nft_collection ORDER BY addr",
        ),
      ).toEqual([
        {
          addr: "c1".repeat(32),
          name: "",
          origin_name: "",
          creator: "a1".repeat(20),
          height: 1,
          nft_count: 1,
        },
        {
          addr: "c2".repeat(32),
          name: "Move Cats",
          origin_name: "",
          creator: "01".repeat(20),
          height: 1,
          nft_count: 1,
        },
      ]);
      expect(
        await q(
          "SELECT encode(collection, 'hex') AS collection, token_id, encode(object_addr, 'hex') AS object, encode(owner, 'hex') AS owner, uri, height::int, sequence::int FROM nft_token ORDER BY collection, token_id",
        ),
      ).toEqual([
        {
          collection: "c1".repeat(32),
          token_id: "1",
          object: null,
          owner: "b0".repeat(20),
          uri: "ipfs://1",
          height: 2,
          sequence: 4,
        },
        {
          collection: "c2".repeat(32),
          token_id: "cat",
          object: "0b".repeat(32),
          owner: "a1".repeat(20),
          uri: "ipfs://cat",
          height: 2,
          sequence: 4,
        },
      ]);
      expect(
        await q(
          "SELECT encode(collection, 'hex') AS c, token_id, sequence::int, height::int FROM nft_tx ORDER BY c, token_id, sequence",
        ),
      ).toEqual([
        { c: "c1".repeat(32), token_id: "1", sequence: 1, height: 1 },
        { c: "c1".repeat(32), token_id: "1", sequence: 4, height: 2 },
        { c: "c1".repeat(32), token_id: "2", sequence: 1, height: 1 },
        { c: "c1".repeat(32), token_id: "2", sequence: 4, height: 2 },
        { c: "c2".repeat(32), token_id: "cat", sequence: 2, height: 1 },
        { c: "c2".repeat(32), token_id: "cat", sequence: 4, height: 2 },
      ]);
      expect(
        await q(
          "SELECT denom, encode(account, 'hex') AS account, amount::text FROM rich_list_balance ORDER BY account",
        ),
      ).toEqual([
        { denom: "uinit", account: "a1".repeat(20), amount: "0" },
        { denom: "uinit", account: "b0".repeat(20), amount: "60" },
      ]);
    } finally {
      sink.close();
    }
  });
});

describe("postgres sink: an ERC-721 collection's creator is its deployer", () => {
  const database = useTestDatabase();
  const contract = Buffer.alloc(20, 0xe7);
  const deployer = Buffer.alloc(20, 0xd0);
  const minter = Buffer.alloc(20, 0x3a);

  /**
   * Block 1 deploys the contract (its tx names the contract address in its events: an account edge),
   * block 3 mints from it. The reference takes a collection's creator, height and time from the first
   * tx naming the contract (a real minievm chain: deployer at 111, first mint at 113); the ERC-721
   * reader names the collection with the minting tx's signer, which must not win.
   */
  const blocks = () => {
    const deploy = bundle(1);
    const first = deploy.txs[0];
    if (!first) throw new Error("the synthetic block has no tx");
    deploy.txs[0] = {
      ...first,
      accounts: [
        { account: deployer, signer: true },
        { account: contract, signer: false },
      ],
    };
    const mint = {
      ...bundle(3),
      nftChanges: [
        {
          tx: 1,
          signer: minter,
          changes: [
            { kind: "collection" as const, collection: contract, name: "Real Cats", creator: minter },
            {
              kind: "mint" as const,
              collection: contract,
              tokenId: "1",
              owner: minter,
              contract: "erc721" as const,
            },
          ],
        },
      ],
    };
    return [
      { height: 1n, value: deploy },
      { height: 2n, value: bundle(2) },
      { height: 3n, value: mint },
    ];
  };

  /** Each case writes the same chain anew: every table emptied but the migrations' own. */
  const emptyTables = async () => {
    const { pool } = database().db;
    const { rows } = await pool.query<{ names: string }>(
      "SELECT string_agg(quote_ident(tablename), ', ') AS names FROM pg_tables WHERE schemaname = current_schema() AND tablename NOT LIKE '\\_prisma%'",
    );
    await pool.query(`TRUNCATE ${rows[0]?.names}`);
  };

  const collection = async () =>
    (
      await database().db.pool.query(
        "SELECT encode(creator, 'hex') AS creator, height::int, timestamp = (SELECT timestamp FROM block WHERE height = 1) AS deploy_time FROM nft_collection WHERE addr = $1",
        [contract],
      )
    ).rows;

  it.each([
    ["written block by block", false],
    ["written in one write of three blocks", true],
  ])("%s", async (_, grouped) => {
    const { pool } = database().db;
    await emptyTables();
    const sink = createPostgresSink({ pool, chainId: "sink-erc721-creator" });
    try {
      if (grouped) await sink.writeBatch(blocks());
      else for (const b of blocks()) await sink.write(b.height, b.value);
    } finally {
      sink.close();
    }
    expect(await collection()).toEqual([{ creator: "d0".repeat(20), height: 1, deploy_time: true }]);
  });

  it("keeps the minting tx's signer when no tx names the contract", async () => {
    const { pool } = database().db;
    await emptyTables();
    const sink = createPostgresSink({ pool, chainId: "sink-erc721-creator" });
    const [one, two, three] = blocks();
    try {
      await sink.write(1n, bundle(1));
      if (!two || !three || !one) throw new Error("three blocks");
      await sink.write(2n, two.value);
      await sink.write(3n, three.value);
    } finally {
      sink.close();
    }
    expect(await collection()).toEqual([{ creator: "3a".repeat(20), height: 3, deploy_time: false }]);
  });
});

describe("postgres sink: plans (real Postgres)", () => {
  const database = useTestDatabase("postgres");

  it("plans each statement shape once and reads every table through an index", async () => {
    // One connection, so the writer's session is the one inspected after the sink gives it back.
    const pool = new pg.Pool({ connectionString: database().db.url, max: 1 });
    // The devnet's Move chain: NFT collections, mints and object transfers, balance changes.
    const chain = createChain({ seed: 1 });
    const blocks = 120;
    const sink = createPostgresSink({ pool, chainId: "sink-plans" });
    try {
      for (let h = 1; h <= blocks; h++)
        await sink.write(BigInt(h), deriveBlock(chain.block(h) as unknown as BlockPayload, "init"));
    } finally {
      sink.close();
    }
    try {
      const { rows: statements } = await pool.query<{ name: string; generic: number; custom: number }>(
        `SELECT name, generic_plans::int AS generic, custom_plans::int AS custom
         FROM pg_prepared_statements WHERE name LIKE 'weft_write_blocks_%'`,
      );
      // Several shapes (with and without NFT and balance parts), every execution on its generic plan.
      expect(statements.length).toBeGreaterThan(1);
      expect(statements.reduce((n, s) => n + s.generic, 0)).toBe(blocks);
      expect(statements.map((s) => s.custom)).toEqual(statements.map(() => 0));
      // This session's table statistics, flushed: the writes found rows by index, never by scanning.
      await pool.query("SELECT pg_stat_force_next_flush()");
      await pool.query("SELECT 1");
      const { rows: scans } = await pool.query<{ table: string; seq: number; idx: number; read: number }>(
        `SELECT t.relname AS table, t.seq_scan::int AS seq, coalesce(t.idx_scan, 0)::int AS idx,
                (SELECT coalesce(sum(i.idx_tup_read), 0)::int FROM pg_stat_user_indexes i WHERE i.relid = t.relid) AS read
         FROM pg_stat_user_tables t WHERE t.relname IN ('block', 'nft_token', 'nft_collection', 'rich_list_balance')`,
      );
      expect(scans).toHaveLength(4);
      for (const t of scans) expect({ table: t.table, seq: t.seq }).toEqual({ table: t.table, seq: 0 });
      expect(scans.find((t) => t.table === "nft_token")?.idx).toBeGreaterThan(0);
      // A collection is only ever looked up by its key: at most one entry read per index scan (a
      // plan that walked the whole index, e.g. to hash it for an anti-join, reads them all at once).
      const collections = scans.find((t) => t.table === "nft_collection");
      expect(collections?.idx).toBeGreaterThan(0);
      expect(collections?.read).toBeLessThanOrEqual(collections?.idx ?? 0);
      // The connection went back to the pool with Postgres's own planning.
      const { rows: settings } = await pool.query(
        "SELECT current_setting('plan_cache_mode') AS plans, current_setting('enable_seqscan') AS seqscan",
      );
      expect(settings[0]).toEqual({ plans: "auto", seqscan: "on" });
    } finally {
      await pool.end();
    }
  });
});

describe("postgres sink: a shared session (real Postgres)", () => {
  const database = useTestDatabase("postgres");

  it("leaves the session's planning alone when its connections are one session (the embedded database)", async () => {
    const pool = new pg.Pool({ connectionString: database().db.url, max: 1 });
    const chain = createChain({ seed: 1 });
    const sink = createPostgresSink({ pool, chainId: "sink-shared-session", ownSession: false });
    try {
      await sink.write(1n, deriveBlock(chain.block(1) as unknown as BlockPayload, "init"));
    } finally {
      sink.close();
    }
    try {
      // The pool's one connection, the writer's: nothing was reset on it, so nothing had been set.
      const { rows } = await pool.query(
        "SELECT current_setting('plan_cache_mode') AS plans, current_setting('enable_seqscan') AS seqscan, current_setting('synchronous_commit') AS sync",
      );
      expect(rows[0]).toEqual({ plans: "auto", seqscan: "on", sync: "off" });
    } finally {
      await pool.end();
    }
  });
});
