import { describe, expect, it } from "vitest";
import { syntheticPayload } from "../_test/synthetic-chain.js";
import { useTestDatabase } from "../_test/test-database.js";
import { deriveBlock } from "./derive/derive-block.js";
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
