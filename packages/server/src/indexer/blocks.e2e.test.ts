import { beforeAll, describe, expect, it } from "vitest";
import { useIngestedChain } from "../_test/ingested-chain.js";
import { SYNTHETIC_CHAIN_ID, syntheticPayload } from "../_test/synthetic-chain.js";
import { createTestApp, serveForTests } from "../_test/test-app.js";
import { useTestDatabase } from "../_test/test-database.js";
import { toBech32 } from "../chain/addresses.js";
import { deriveBlock } from "../ingest/derive/derive-block.js";
import { createPostgresSink } from "../ingest/postgres-sink.js";
import { encodeOffset } from "./pagination.js";

const BLOCKS = 30;
const database = useTestDatabase();
useIngestedChain(database, { blocks: BLOCKS });
const url = serveForTests(() =>
  createTestApp({
    db: database().db,
    chain: { chainId: SYNTHETIC_CHAIN_ID, prefix: "init", vmType: "move" },
  }),
);
// The same database served as an EVM chain with a build identity (only /status reads it here).
const evmUrl = serveForTests(() =>
  createTestApp({
    db: database().db,
    chain: { chainId: SYNTHETIC_CHAIN_ID, prefix: "init", vmType: "evm" },
    build: { version: "1.2.3", commitHash: "0123456789abcdef0123456789abcdef01234567" },
  }),
);

interface BlockJson {
  height: string;
  block_time: string;
  timestamp: string;
  tx_count: string;
}
interface Page {
  blocks: BlockJson[];
  pagination: { previous_key: string | null; next_key: string | null; total: string };
}

async function get<T>(path: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${url()}${path}`);
  return { status: res.status, body: (await res.json()) as T };
}

async function walk(query: string): Promise<string[]> {
  const heights: string[] = [];
  let key: string | null = null;
  for (let i = 0; i < 100; i++) {
    const suffix: string = key ? `&pagination.key=${encodeURIComponent(key)}` : "";
    const { body }: { body: Page } = await get<Page>(`/indexer/block/v1/blocks?${query}${suffix}`);
    heights.push(...body.blocks.map((b) => b.height));
    key = body.pagination.next_key;
    if (!key) return heights;
  }
  throw new Error("no end");
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

describe("GET /indexer/block/v1/blocks", () => {
  it("defaults to newest first, the whole chain on one page, total = latest height", async () => {
    const { status, body } = await get<Page>("/indexer/block/v1/blocks");
    expect(status).toBe(200);
    expect(body.blocks.map((b) => b.height)).toEqual(range(1, BLOCKS).reverse());
    expect(body.pagination).toEqual({ previous_key: null, next_key: null, total: String(BLOCKS) });
  });

  it("visits every block once by next_key, forwards and backwards", async () => {
    expect(await walk("pagination.limit=7")).toEqual(range(1, BLOCKS).reverse());
    expect(await walk("pagination.limit=7&pagination.reverse=false")).toEqual(range(1, BLOCKS));
  });

  it("agrees between key and offset paging", async () => {
    const first = await get<Page>("/indexer/block/v1/blocks?pagination.limit=5");
    const byKey = await get<Page>(
      `/indexer/block/v1/blocks?pagination.limit=5&pagination.key=${encodeURIComponent(first.body.pagination.next_key ?? "")}`,
    );
    const byOffset = await get<Page>("/indexer/block/v1/blocks?pagination.limit=5&pagination.offset=5");
    const byOffsetKey = await get<Page>(
      `/indexer/block/v1/blocks?pagination.limit=5&pagination.key=${encodeOffset(5)}`,
    );
    expect(byOffset.body.blocks).toEqual(byKey.body.blocks);
    expect(byOffsetKey.body.blocks).toEqual(byKey.body.blocks);
  });

  it("answers a limit out of range with the whole error body", async () => {
    const { status, body } = await get("/indexer/block/v1/blocks?pagination.limit=1001");
    expect(status).toBe(400);
    expect(body).toEqual({
      code: 3,
      message: "invalid pagination.limit: must be an integer from 1 to 1000",
      details: [{ field: "query.pagination.limit", description: "must be an integer from 1 to 1000" }],
    });
  });
});

describe("GET /indexer/block/v1/blocks/{height}", () => {
  it("equals its list entry and carries the reference's formats", async () => {
    const list = await get<Page>("/indexer/block/v1/blocks?pagination.limit=3");
    const { status, body } = await get<{ block: BlockJson }>(`/indexer/block/v1/blocks/${BLOCKS}`);
    expect(status).toBe(200);
    expect(body.block).toEqual(list.body.blocks[0]);
    const payload = syntheticPayload(BLOCKS, { blocks: BLOCKS });
    const previous = syntheticPayload(BLOCKS - 1, { blocks: BLOCKS });
    expect(body.block).toMatchObject({
      chain_id: SYNTHETIC_CHAIN_ID,
      height: String(BLOCKS),
      hash: payload.block.block_id.hash,
      tx_count: String(payload.block.block.data.txs?.length),
      timestamp: `${payload.block.block.header.time.slice(0, 19)}Z`,
      block_time: String(
        Date.parse(payload.block.block.header.time) - Date.parse(previous.block.block.header.time),
      ),
      // No node REST URL here: the validator is unresolved, its address the reference's valoper form.
      proposer: {
        moniker: "",
        identity: "",
        operator_address: toBech32(
          Buffer.from(payload.block.block.header.proposer_address, "hex"),
          "initvaloper",
        ),
      },
    });
  });

  it("answers the first block with block_time 0", async () => {
    expect((await get<{ block: BlockJson }>("/indexer/block/v1/blocks/1")).body.block.block_time).toBe("0");
  });

  it.each([
    [
      "0",
      400,
      {
        code: 3,
        message: "invalid height: must be a positive integer",
        details: [{ field: "path.height", description: "must be a positive integer" }],
      },
    ],
    [
      "abc",
      400,
      {
        code: 3,
        message: "invalid height: must be a positive integer",
        details: [{ field: "path.height", description: "must be a positive integer" }],
      },
    ],
    ["999999", 404, { code: 5, message: "block not found", details: [] }],
  ])("answers /blocks/%s with %i and the whole error body", async (height, status, body) => {
    const res = await get(`/indexer/block/v1/blocks/${height}`);
    expect(res.status).toBe(status);
    expect(res.body).toEqual(body);
  });
});

describe("GET /indexer/block/v1/avg_blocktime and /status", () => {
  it("averages the latest blocks in seconds, as a JSON number", async () => {
    const { body } = await get<{ avg_block_time: number }>("/indexer/block/v1/avg_blocktime");
    const first = Date.parse(syntheticPayload(1, { blocks: BLOCKS }).block.block.header.time);
    const last = Date.parse(syntheticPayload(BLOCKS, { blocks: BLOCKS }).block.block.header.time);
    expect(body.avg_block_time).toBeCloseTo((last - first) / 1000 / (BLOCKS - 1), 3);
  });

  it("reports the ingested height and the rich list's, with no internal_tx_height off EVM", async () => {
    const res = await fetch(`${url()}/status`);
    expect(res.status).toBe(200);
    // Key order as the reference emits it.
    expect(await res.text()).toBe(
      JSON.stringify({
        version: "dev",
        commit_hash: "unknown",
        chain_id: SYNTHETIC_CHAIN_ID,
        height: BLOCKS,
        rich_list_height: BLOCKS,
      }),
    );
  });

  it("on an EVM chain also reports internal_tx_height, and the build's version and commit", async () => {
    const res = await fetch(`${evmUrl()}/status`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(
      JSON.stringify({
        version: "1.2.3",
        commit_hash: "0123456789abcdef0123456789abcdef01234567",
        chain_id: SYNTHETIC_CHAIN_ID,
        height: BLOCKS,
        internal_tx_height: BLOCKS,
        rich_list_height: BLOCKS,
      }),
    );
  });
});

describe("block times to the microsecond, as the reference stores them", () => {
  // The node's nanosecond times; stored truncated to microseconds (the last 3 digits dropped).
  const TIMES = [
    "2026-01-01T00:00:00.000100999Z",
    "2026-01-01T00:00:01.001099999Z", // +1000.999 ms
    "2026-01-01T00:00:02.001500500Z", // +1000.401 ms
    "2026-01-01T00:00:03.002113999Z", // +1000.613 ms; 3.002013 s after the first
  ];
  const precise = useTestDatabase();
  beforeAll(async () => {
    const sink = createPostgresSink({ pool: precise().db.pool, chainId: SYNTHETIC_CHAIN_ID });
    const bundle = (h: number) => {
      const payload = syntheticPayload(h, { blocks: TIMES.length });
      payload.block.block.header.time = TIMES[h - 1] ?? "";
      return { height: BigInt(h), value: deriveBlock(payload, "init") };
    };
    try {
      // Block 2 follows block 1 in the same write, block 3 follows the stored block 2.
      await sink.writeBatch([bundle(1), bundle(2)]);
      await sink.writeBatch([bundle(3), bundle(4)]);
    } finally {
      sink.close();
    }
  }, 120_000);
  const preciseUrl = serveForTests(() =>
    createTestApp({
      db: precise().db,
      chain: { chainId: SYNTHETIC_CHAIN_ID, prefix: "init", vmType: "move" },
    }),
  );
  const getPrecise = async <T>(path: string) => (await (await fetch(`${preciseUrl()}${path}`)).json()) as T;

  it("stores the microseconds", async () => {
    const { rows } = await precise().db.pool.query<{ t: string }>(
      `SELECT to_char(timestamp AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS t FROM block ORDER BY height`,
    );
    expect(rows.map((r) => r.t)).toEqual(TIMES.map((t) => t.replace(/(\.\d{6})\d{3}Z$/, "$1Z")));
  });

  it("gives block_time in whole milliseconds, truncated, and keeps the timestamp to the second", async () => {
    const { blocks } = await getPrecise<Page>("/indexer/block/v1/blocks?pagination.reverse=false");
    expect(blocks.map((b) => [b.timestamp, b.block_time])).toEqual([
      ["2026-01-01T00:00:00Z", "0"],
      ["2026-01-01T00:00:01Z", "1000"],
      ["2026-01-01T00:00:02Z", "1000"],
      ["2026-01-01T00:00:03Z", "1000"],
    ]);
  });

  it("averages as the reference's float64 arithmetic does", async () => {
    // Go: (3 + 0.002013) / 3 in float64. Milliseconds would give 1.0006666666666666, an exact
    // decimal quotient 1.000671.
    const { avg_block_time } = await getPrecise<{ avg_block_time: number }>(
      "/indexer/block/v1/avg_blocktime",
    );
    expect(avg_block_time).toBe(1.0006709999999999);
  });
});
