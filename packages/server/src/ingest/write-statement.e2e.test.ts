import { createChain } from "@weft/devnet";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createScratchDatabase, realPostgresAvailable, silentLogger } from "../_test/test-database.js";
import { openDatabase } from "../db/database.js";
import { type BlockBundle, deriveBlock } from "./derive/derive-block.js";
import type { EvmReceipt, TraceEntry } from "./derive/evm-payloads.js";
import type { BlockPayload } from "./derive/node-payloads.js";
import { createPostgresSink } from "./postgres-sink.js";
import { writeStatement } from "./write-statement.js";

const BLOCKS = 120;
const TABLES = [
  "block",
  "tx",
  "tx_account",
  "tx_msg_type",
  "evm_tx",
  "evm_tx_account",
  "evm_internal_tx",
  "evm_internal_tx_account",
  "nft_collection",
  "nft_token",
  "nft_tx",
  "rich_list_balance",
];

/** Every row of every ingested table (and the checkpoint but its clock), as text, in a stable order. */
async function dump(url: string): Promise<Record<string, { rows: number; md5: string }>> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  pool.on("error", () => undefined);
  try {
    const out: Record<string, { rows: number; md5: string }> = {};
    for (const table of TABLES) {
      const { rows } = await pool.query<{ rows: number; md5: string }>(
        `SELECT count(*)::int AS rows, coalesce(md5(string_agg(t::text, E'\\n' ORDER BY t::text)), '') AS md5 FROM ${table} t`,
      );
      out[table] = rows[0] as { rows: number; md5: string };
    }
    const { rows } = await pool.query(
      "SELECT chain_id, height::text, tx_sequence::text, evm_tx_sequence::text, evm_internal_tx_sequence::text FROM ingest_checkpoint",
    );
    out.ingest_checkpoint = { rows: rows.length, md5: JSON.stringify(rows) };
    return out;
  } finally {
    await pool.end();
  }
}

async function writeAll(
  url: string,
  chainId: string,
  bundles: BlockBundle[],
  sizes: number[],
): Promise<void> {
  const db = await openDatabase({ url, dataDir: "/tmp", logger: silentLogger });
  const sink = createPostgresSink({ pool: db.pool, chainId });
  try {
    for (let i = 0, k = 0; i < bundles.length; k++) {
      const size = sizes[k % sizes.length] ?? 1;
      await sink.writeBatch(
        bundles.slice(i, i + size).map((value) => ({ height: value.block.height, value })),
      );
      i += size;
    }
  } finally {
    sink.close();
    await db.close();
  }
}

describe("write statement: several blocks in one transaction", () => {
  it("stores the very rows of one write per block (EVM, internal txs, NFTs, balances, sequences)", async () => {
    if (!(await realPostgresAvailable())) {
      expect(process.env.CI).not.toBe("true");
      return;
    }
    const chain = createChain({ seed: 5, vm: "evm" });
    const bundles = Array.from({ length: BLOCKS }, (_, i) => {
      const evm = chain.evm(i + 1);
      const payload = {
        ...chain.block(i + 1),
        evm: { receipts: evm.receipts as EvmReceipt[], traces: evm.traces as unknown as TraceEntry[] },
      } as BlockPayload;
      return deriveBlock(payload, chain.prefix);
    });
    // The chain has what the grouped statement must number and merge across blocks.
    expect(bundles.filter((b) => b.evmTxs.length > 0).length).toBeGreaterThan(10);
    expect(bundles.filter((b) => b.nftChanges.length > 0).length).toBeGreaterThan(5);
    const single = await createScratchDatabase();
    const grouped = await createScratchDatabase();
    try {
      await writeAll(single.url, chain.chainId, bundles, [1]);
      await writeAll(grouped.url, chain.chainId, bundles, [7, 1, 13, 2, 30]);
      const expected = await dump(single.url);
      expect(expected.nft_token?.rows).toBeGreaterThan(0);
      expect(expected.evm_internal_tx?.rows).toBeGreaterThan(0);
      expect(await dump(grouped.url)).toEqual(expected);
    } finally {
      await single.drop();
      await grouped.drop();
    }
  }, 120_000);

  it("stores every tx's, EVM tx's and internal tx's JSON text byte for byte", async () => {
    if (!(await realPostgresAvailable())) {
      expect(process.env.CI).not.toBe("true");
      return;
    }
    const chain = createChain({ seed: 5, vm: "evm" });
    const bundles = Array.from({ length: 40 }, (_, i) => {
      const evm = chain.evm(i + 1);
      return deriveBlock(
        {
          ...chain.block(i + 1),
          evm: { receipts: evm.receipts as EvmReceipt[], traces: evm.traces as unknown as TraceEntry[] },
        } as BlockPayload,
        chain.prefix,
      );
    });
    // Texts that need escaping in an array literal or a JSON string: quotes, backslashes, braces,
    // commas, control characters, NUL, a lone surrogate, non-ASCII, as JSON.stringify writes them.
    const tricky = [
      { memo: 'say "hi", {x}\\ back\\slash' },
      { memo: "tab\there\nnew line \u0000 nul \ud800 lone é 漢 🚀" },
      // The separator the documents travel with (write-statement.ts), escaped by JSON.stringify.
      { memo: "record \u001e separator \u001f unit" },
      { nested: ["]", "[", '"', ",", ""], n: -1.5e-7, t: true, z: null },
    ].map((o, k) => JSON.stringify({ ...o, k }));
    let n = 0;
    const next = () => tricky[n++ % tricky.length] ?? "";
    for (const b of bundles) {
      for (const t of b.txs) t.data = next();
      for (const t of b.evmTxs) t.data = next();
      for (const t of b.evmInternalTxs) t.data = next();
    }
    const expected = (pick: (b: BlockBundle) => { data: string }[]) =>
      bundles.flatMap(pick).map((t) => t.data);
    expect(expected((b) => b.evmInternalTxs).length).toBeGreaterThan(0);
    const scratch = await createScratchDatabase();
    try {
      await writeAll(scratch.url, chain.chainId, bundles, [1, 9, 30]);
      const pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
      try {
        const stored = async (table: string) =>
          (await pool.query<{ data: string }>(`SELECT data FROM ${table} ORDER BY sequence`)).rows.map(
            (r) => r.data,
          );
        expect(await stored("tx")).toEqual(expected((b) => b.txs));
        expect(await stored("evm_tx")).toEqual(expected((b) => b.evmTxs));
        expect(await stored("evm_internal_tx")).toEqual(expected((b) => b.evmInternalTxs));
      } finally {
        await pool.end();
      }
    } finally {
      await scratch.drop();
    }
  }, 60_000);

  it("refuses a document that would not split back whole, before anything is sent", () => {
    const chain = createChain({ seed: 5 });
    const bundle = deriveBlock(chain.block(1) as unknown as BlockPayload, chain.prefix);
    const tx = bundle.txs[0];
    if (!tx) throw new Error("block 1 of seed 5 has no tx");
    tx.data = `{"memo":"raw \u001e"}`;
    expect(() => writeStatement(chain.chainId, [bundle])).toThrow(
      "a document to write is empty or holds U+001E",
    );
    tx.data = "";
    expect(() => writeStatement(chain.chainId, [bundle])).toThrow(
      "a document to write is empty or holds U+001E",
    );
  });

  it("refuses a group that does not follow the checkpoint, or is not consecutive, writing nothing", async () => {
    if (!(await realPostgresAvailable())) {
      expect(process.env.CI).not.toBe("true");
      return;
    }
    const chain = createChain({ seed: 6 });
    const bundle = (h: number) => deriveBlock(chain.block(h) as unknown as BlockPayload, chain.prefix);
    const scratch = await createScratchDatabase();
    const db = await openDatabase({ url: scratch.url, dataDir: "/tmp", logger: silentLogger });
    const sink = createPostgresSink({ pool: db.pool, chainId: chain.chainId });
    try {
      await sink.writeBatch([1, 2].map((h) => ({ height: BigInt(h), value: bundle(h) })));
      await expect(
        sink.writeBatch([4, 5].map((h) => ({ height: BigInt(h), value: bundle(h) }))),
      ).rejects.toThrow(`block 4 does not follow the checkpoint 2 of ${chain.chainId}`);
      await expect(
        sink.writeBatch([3, 5].map((h) => ({ height: BigInt(h), value: bundle(h) }))),
      ).rejects.toThrow("blocks of one write must be consecutive: 5 after 4");
      const { rows } = await db.pool.query("SELECT max(height)::int AS h, count(*)::int AS n FROM block");
      expect(rows[0]).toEqual({ h: 2, n: 2 });
    } finally {
      sink.close();
      await db.close();
      await scratch.drop();
    }
  }, 60_000);
});
