import { describe, expect, it } from "vitest";
import { silentLogger } from "../_test/test-database.js";
import { type BlockSink, type BlockSource, runIngestLoop } from "./ingest-loop.js";

/** An in-memory sink with the transactional invariant: rows and checkpoint change together. */
function memorySink(failAt?: Set<bigint>): BlockSink<string> & { rows: Map<bigint, string> } {
  const rows = new Map<bigint, string>();
  let checkpoint: bigint | null = null;
  return {
    rows,
    checkpoint: async () => checkpoint,
    write: async (height, block) => {
      if (failAt?.delete(height)) throw new Error(`database hiccup at ${height}`);
      if (rows.has(height)) throw new Error(`duplicate write of ${height}`);
      if (checkpoint !== null && height !== checkpoint + 1n)
        throw new Error(`gap: ${checkpoint} -> ${height}`);
      rows.set(height, block);
      checkpoint = height;
    },
  };
}

function chain(head: () => bigint, flaky?: Set<bigint>): BlockSource<string> {
  return {
    head: async () => head(),
    fetch: async (h) => {
      if (flaky?.delete(h)) throw new Error(`node timeout at ${h}`);
      return `block ${h}`;
    },
  };
}

describe("runIngestLoop", () => {
  it("backfills in order and stops at the requested height", async () => {
    const sink = memorySink();
    const last = await runIngestLoop({
      chainId: "t",
      source: chain(() => 250n),
      sink,
      batchBlocks: 64,
      stopAtHeight: 200n,
      signal: new AbortController().signal,
      logger: silentLogger,
    });
    expect(last).toBe(200n);
    expect([...sink.rows.keys()]).toEqual(Array.from({ length: 200 }, (_, i) => BigInt(i + 1)));
  });

  it("survives node and database failures without gaps or duplicates", async () => {
    const sink = memorySink(new Set([17n, 90n]));
    const last = await runIngestLoop({
      chainId: "t",
      source: chain(() => 120n, new Set([5n, 33n, 34n])),
      sink,
      retryDelayMs: 1,
      stopAtHeight: 120n,
      signal: new AbortController().signal,
      logger: silentLogger,
    });
    expect(last).toBe(120n);
    expect(sink.rows.size).toBe(120);
  });

  it("follows the head as new blocks appear, until aborted", async () => {
    const sink = memorySink();
    let head = 3n;
    const controller = new AbortController();
    const timer = setInterval(() => {
      head += 1n;
      if (head >= 10n) controller.abort();
    }, 5);
    const last = await runIngestLoop({
      chainId: "t",
      source: chain(() => head),
      sink,
      pollIntervalMs: 2,
      signal: controller.signal,
      logger: silentLogger,
    });
    clearInterval(timer);
    expect(last).toBeGreaterThanOrEqual(9n);
    expect(sink.rows.size).toBe(Number(last));
  });

  it("resumes from an existing checkpoint", async () => {
    const sink = memorySink();
    await runIngestLoop({
      chainId: "t",
      source: chain(() => 50n),
      sink,
      stopAtHeight: 20n,
      signal: new AbortController().signal,
      logger: silentLogger,
    });
    await runIngestLoop({
      chainId: "t",
      source: chain(() => 50n),
      sink,
      stopAtHeight: 50n,
      signal: new AbortController().signal,
      logger: silentLogger,
    });
    expect(sink.rows.size).toBe(50);
  });
});
