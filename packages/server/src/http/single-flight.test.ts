/**
 * Concurrent misses of one cacheable URL make its answer once: the others wait for it (the same
 * bytes, or the same error) instead of running the same query each. A commit in between starts a
 * new answer: nothing made under an older head is handed to a request that came after the commit.
 * No database: the listener and operation router in front of slow counting handlers.
 */
import { describe, expect, it } from "vitest";
import { serveListener } from "../_test/listener-server.js";
import { ApiError } from "../api/errors.js";
import type { OperationHandlers } from "../api/operation.js";
import { createChainHead } from "../db/chain-head.js";
import { loadSpecDocument } from "../spec-document.js";
import { createOperationRouter } from "./operations.js";
import { createResponseCache } from "./response-cache.js";

const SLOW_MS = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const calls = { list: 0, get: 0 };
const head = createChainHead();
head.follow(new Map([["weft-devnet-1", 1n]]));

const handlers: OperationHandlers = {
  listBlocks: async () => {
    const n = ++calls.list;
    await sleep(SLOW_MS);
    return { blocks: [], pagination: { next_key: null, previous_key: null, total: String(n) } } as never;
  },
  getBlock: async (input) => {
    calls.get++;
    await sleep(SLOW_MS);
    throw new ApiError(404, `block ${input.path.height} not found`);
  },
};
const base = serveListener(() => ({
  operations: createOperationRouter(loadSpecDocument(), handlers, {
    cache: {
      cache: createResponseCache(),
      ttlMs: () => 60_000,
      head,
      headDependent: (id) => id === "listBlocks",
    },
  }),
}));

const read = async (path: string) => {
  const res = await fetch(`${base()}${path}`);
  return { status: res.status, cache: res.headers.get("x-cache"), body: await res.text() };
};

describe("concurrent misses of one URL", () => {
  it("run the handler once and all get its bytes (one miss, the others marked hits)", async () => {
    calls.list = 0;
    const answers = await Promise.all(Array.from({ length: 20 }, () => read("/indexer/block/v1/blocks?x=1")));
    expect(calls.list).toBe(1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.cache === "miss")).toHaveLength(1);
    expect(answers.filter((a) => a.cache === "hit")).toHaveLength(19);
  });

  it("share an error too, and each gets its own envelope", async () => {
    calls.get = 0;
    const answers = await Promise.all(Array.from({ length: 5 }, () => read("/indexer/block/v1/blocks/9")));
    expect(calls.get).toBe(1);
    for (const a of answers) {
      expect(a.status).toBe(404);
      expect(JSON.parse(a.body)).toMatchObject({ code: 5, message: "block 9 not found" });
    }
    // Nothing of a failure is kept: the next request asks again.
    await read("/indexer/block/v1/blocks/9");
    expect(calls.get).toBe(2);
  });

  it("of different URLs are not joined", async () => {
    calls.list = 0;
    await Promise.all([read("/indexer/block/v1/blocks?y=1"), read("/indexer/block/v1/blocks?y=2")]);
    expect(calls.list).toBe(2);
  });

  it("after a commit do not join an answer begun under the older head", async () => {
    calls.list = 0;
    const before = read("/indexer/block/v1/blocks?z=1");
    await sleep(SLOW_MS / 3);
    head.advance("weft-devnet-1", 2n);
    const after = read("/indexer/block/v1/blocks?z=1");
    const [a, b] = await Promise.all([before, after]);
    expect(calls.list).toBe(2);
    expect([a.cache, b.cache]).toEqual(["miss", "miss"]);
    expect(JSON.parse(a.body).pagination.total).not.toBe(JSON.parse(b.body).pagination.total);
  });
});
