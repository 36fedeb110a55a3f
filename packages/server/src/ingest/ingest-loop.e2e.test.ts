import pino from "pino";
import { describe, expect, it } from "vitest";
import { silentLogger } from "../_test/test-database.js";
import { JsonRpcError } from "../chain/json-rpc-error.js";
import { type BlockSink, type BlockSource, ChainMismatchError, runIngestLoop } from "./ingest-loop.js";

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

/** memorySink with `writeBatch`: each call is one transaction of consecutive blocks, recorded in `batches`. */
function batchingSink(options: { writeMs: number; failAt?: Set<bigint> }) {
  const sink = memorySink();
  const batches: bigint[][] = [];
  let busy = false;
  return Object.assign(sink, {
    batches,
    writeBatch: async (blocks: { height: bigint; value: string }[]) => {
      if (busy) throw new Error("two writes at once");
      busy = true;
      try {
        await new Promise((r) => setTimeout(r, options.writeMs));
        const first = blocks[0]?.height ?? 0n;
        if (options.failAt?.delete(first)) throw new Error(`database hiccup at ${first}`);
        // All or nothing, as one transaction: check the whole batch before applying it.
        const expected = blocks.map((_, i) => first + BigInt(i));
        if (blocks.some((b, i) => b.height !== expected[i])) throw new Error("batch not consecutive");
        for (const b of blocks) await sink.write(b.height, b.value);
        batches.push(blocks.map((b) => b.height));
      } finally {
        busy = false;
      }
    },
  });
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

  it("takes a budget permit for every block of a backfill, none for a chain following its head", async () => {
    const sink = memorySink();
    let takes = 0;
    const backfillBudget = {
      blocksPerSec: 1,
      take: async () => {
        takes += 1;
      },
    };
    const common = { chainId: "t", sink, backfillBudget, pollIntervalMs: 1, logger: silentLogger };
    await runIngestLoop({
      ...common,
      source: chain(() => 40n),
      stopAtHeight: 40n,
      signal: new AbortController().signal,
    });
    expect(takes).toBe(40);
    // Following: every poll finds one new block.
    let head = 40n;
    await runIngestLoop({
      ...common,
      source: chain(() => (head < 46n ? ++head : head)),
      stopAtHeight: 46n,
      signal: new AbortController().signal,
    });
    expect(sink.rows.size).toBe(46);
    expect(takes).toBe(40);
  });

  it("groups blocks fetched while a slow write runs, never more than commitBlocks, one write at a time", async () => {
    const sink = batchingSink({ writeMs: 5, failAt: new Set([1n]) });
    const last = await runIngestLoop({
      chainId: "t",
      source: chain(() => 300n, new Set([40n, 41n])),
      sink,
      concurrency: 16,
      commitBlocks: 10,
      retryDelayMs: 1,
      stopAtHeight: 300n,
      signal: new AbortController().signal,
      logger: silentLogger,
    });
    expect(last).toBe(300n);
    expect([...sink.rows.keys()]).toEqual(Array.from({ length: 300 }, (_, i) => BigInt(i + 1)));
    expect(sink.batches.flat()).toEqual([...sink.rows.keys()]);
    expect(Math.max(...sink.batches.map((b) => b.length))).toBe(10);
  });

  it("writes a block at a time when the writer keeps up (following the head)", async () => {
    const sink = batchingSink({ writeMs: 0 });
    let head = 1n;
    const controller = new AbortController();
    const timer = setInterval(() => {
      head += 1n;
      if (head >= 12n) controller.abort();
    }, 20);
    await runIngestLoop({
      chainId: "t",
      source: chain(() => head),
      sink,
      commitBlocks: 64,
      pollIntervalMs: 2,
      signal: controller.signal,
      logger: silentLogger,
    });
    clearInterval(timer);
    expect(sink.batches.length).toBeGreaterThan(5);
    expect(sink.batches.every((b) => b.length === 1)).toBe(true);
  });
});

describe("runIngestLoop's chain check (links)", () => {
  /** Block h is "H<h>" and names "H<h-1>" as its parent, except where `forks` says otherwise. */
  const linkedChain = (head: () => bigint, forks: Map<bigint, string> = new Map()): BlockSource<string> => ({
    head: async () => head(),
    fetch: async (h) => `H${h}|${forks.get(h) ?? `H${h - 1n}`}`,
  });
  const links = {
    hash: (v: string) => v.split("|")[0] ?? "",
    parent: (v: string) => v.split("|")[1],
  };

  it("stops with ChainMismatchError, before writing it, at a block whose parent is not the block before it", async () => {
    const sink = memorySink();
    const run = runIngestLoop({
      chainId: "t",
      source: linkedChain(() => 30n, new Map([[21n, "OTHER"]])),
      sink,
      links,
      stopAtHeight: 30n,
      signal: new AbortController().signal,
      logger: silentLogger,
    });
    await expect(run).rejects.toEqual(new ChainMismatchError(20n, "H20", "OTHER"));
    expect(sink.rows.size).toBe(20);
  });

  it("checks the first block after a restart against the hash stored at the checkpoint", async () => {
    const sink = Object.assign(memorySink(), { blockHash: async (h: bigint) => `h${h}` });
    await runIngestLoop({
      chainId: "t",
      source: linkedChain(() => 10n),
      sink,
      links,
      stopAtHeight: 5n,
      signal: new AbortController().signal,
      logger: silentLogger,
    });
    // The stored hashes are lower-case: the check ignores case, so the next run goes on.
    expect(
      await runIngestLoop({
        chainId: "t",
        source: linkedChain(() => 10n),
        sink,
        links,
        stopAtHeight: 8n,
        signal: new AbortController().signal,
        logger: silentLogger,
      }),
    ).toBe(8n);
    // A node whose block 9 names another block 8 than the one stored.
    const other = runIngestLoop({
      chainId: "t",
      source: linkedChain(() => 10n, new Map([[9n, "X8"]])),
      sink,
      links,
      stopAtHeight: 10n,
      signal: new AbortController().signal,
      logger: silentLogger,
    });
    await expect(other).rejects.toEqual(new ChainMismatchError(8n, "H8", "X8"));
    expect(sink.rows.size).toBe(8);
  });
});

describe("runIngestLoop's retries", () => {
  it("wait longer after each failure in a row, start over after a commit, and say which failures will not heal", async () => {
    const lines: { msg: string; level: number; retry_in_ms?: number; kind?: string; height?: number }[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    // Block 5 fails three times (a node timeout), block 9 twice (a method the node lacks).
    const failures = new Map([
      [5n, 3],
      [9n, 2],
    ]);
    const source: BlockSource<string> = {
      head: async () => 12n,
      fetch: async (h) => {
        const left = failures.get(h) ?? 0;
        if (left > 0) {
          failures.set(h, left - 1);
          if (h === 9n) throw new JsonRpcError("debug_traceBlockByNumber", -32601, "method not found");
          throw new DOMException(`no answer from http://node/block?height=${h} within 10 ms`, "TimeoutError");
        }
        return `block ${h}`;
      },
    };
    const sink = memorySink();
    await runIngestLoop({
      chainId: "t",
      source,
      sink,
      // One block at a time, so block 9 is asked for only after block 5 is in.
      concurrency: 1,
      retryDelayMs: 4,
      retryMaxDelayMs: 10,
      random: () => 1,
      stopAtHeight: 12n,
      signal: new AbortController().signal,
      logger,
    });
    expect(sink.rows.size).toBe(12);
    const retries = lines.filter((l) => l.msg.startsWith("ingest failed"));
    expect(retries.map((l) => [l.kind, l.height, l.retry_in_ms, l.level])).toEqual([
      ["node", 5, 4, 40],
      ["node", 5, 8, 40],
      // The third in a row is an error, and the delay stops at the cap.
      ["node", 5, 10, 50],
      // After block 5 committed: from the first delay again; deterministic, so at error at once.
      ["node_rejected", 9, 4, 50],
      ["node_rejected", 9, 8, 50],
    ]);
    expect(retries[3]?.msg).toBe(
      "ingest failed at block 9 (debug_traceBlockByNumber), node_rejected: JSON-RPC debug_traceBlockByNumber: -32601 method not found; retrying from the checkpoint in 4 ms",
    );
    expect(lines.filter((l) => l.msg.startsWith("node reachable again")).length).toBe(1);
    expect(lines.filter((l) => l.msg.startsWith("ingestion recovered after")).length).toBe(1);
  });
});
