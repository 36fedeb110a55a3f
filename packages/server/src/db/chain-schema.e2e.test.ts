/**
 * Two chains in one Postgres database, a schema each (db/chain-schema.ts): migrated apart, written
 * by the real sink, read by the real Indexer API, and never each other's rows.
 */
import type { AddressInfo } from "node:net";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { syntheticPayload } from "../_test/synthetic-chain.js";
import { createTestApp } from "../_test/test-app.js";
import { createScratchDatabase, realPostgresAvailable, silentLogger } from "../_test/test-database.js";
import { deriveBlock } from "../ingest/derive/derive-block.js";
import { createPostgresSink } from "../ingest/postgres-sink.js";
import { chainSchemaName } from "./chain-schema.js";
import { type Database, migrationStatus, openDatabase } from "./database.js";

const CHAINS = [
  { chainId: "weft-many-a-1", blocks: 3 },
  { chainId: "weft-many-b-1", blocks: 5 },
] as const;

async function writeBlocks(db: Database, chainId: string, blocks: number): Promise<void> {
  const sink = createPostgresSink({ pool: db.pool, chainId });
  try {
    for (let h = 1; h <= blocks; h++)
      await sink.write(BigInt(h), deriveBlock(syntheticPayload(h, { blocks }), "init"));
  } finally {
    sink.close();
  }
}

/** GETs `path` of the Indexer API serving `db` as `chainId`. */
async function get(db: Database, chainId: string, path: string): Promise<{ status: number; body: unknown }> {
  const server = createTestApp({ db, chain: { chainId, prefix: "init", vmType: "move" } }).listen(
    0,
    "127.0.0.1",
  );
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`);
    return { status: res.status, body: await res.json() };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("one schema per chain on a real Postgres", async () => {
  const available = await realPostgresAvailable();
  const runIf = it.runIf(available || process.env.CI === "true");

  runIf(
    "migrates each schema apart; the unchanged queries read each chain's own rows",
    async () => {
      const scratch = await createScratchDatabase();
      const open = (chainId: string, migrate = true) =>
        openDatabase({
          url: scratch.url,
          dataDir: "",
          logger: silentLogger,
          schema: chainSchemaName(chainId),
          migrate,
        });
      const dbs: Database[] = [];
      try {
        for (const c of CHAINS) dbs.push(await open(c.chainId));
        for (const [i, c] of CHAINS.entries()) await writeBlocks(dbs[i] as Database, c.chainId, c.blocks);

        for (const [i, c] of CHAINS.entries()) {
          const db = dbs[i] as Database;
          expect(await migrationStatus(db.pool)).toMatchObject({ pending: [] });
          const page = await get(db, c.chainId, "/indexer/block/v1/blocks?pagination.limit=100");
          expect(page.status).toBe(200);
          const heights = (page.body as { blocks: { height: string }[] }).blocks.map((b) => Number(b.height));
          expect(heights.sort((x, y) => x - y)).toEqual(Array.from({ length: c.blocks }, (_, k) => k + 1));
          // Each schema's checkpoint holds its own chain alone.
          const { rows } = await db.pool.query<{ chain_id: string; height: string }>(
            "SELECT chain_id, height FROM ingest_checkpoint",
          );
          expect(rows).toEqual([{ chain_id: c.chainId, height: String(c.blocks) }]);
        }

        // Nothing went to public: a connection without the option sees no tables of the chains.
        const plain = new pg.Client({ connectionString: scratch.url });
        await plain.connect();
        try {
          const { rows } = await plain.query<{ schema: string; tables: string }>(
            "SELECT table_schema AS schema, count(*)::text AS tables FROM information_schema.tables " +
              "WHERE table_name IN ('block', 'ingest_checkpoint', '_prisma_migrations') GROUP BY 1 ORDER BY 1",
          );
          expect(rows).toEqual(CHAINS.map((c) => ({ schema: chainSchemaName(c.chainId), tables: "3" })));
        } finally {
          await plain.end();
        }

        // Opening a migrated schema again applies nothing; a schema never migrated is named, not created.
        const again = await open(CHAINS[0].chainId);
        dbs.push(again);
        expect(await migrationStatus(again.pool)).toMatchObject({ pending: [] });
        await expect(open("weft-many-c-1", false)).rejects.toThrow(
          "schema chain_weft_many_c_1 does not exist: run `weft migrate` for it first",
        );
      } finally {
        for (const db of dbs) await db.close();
        await scratch.drop();
      }
    },
    120_000,
  );
});
