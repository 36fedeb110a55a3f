import { describe, expect, it } from "vitest";
import { BlockError } from "./ingest-failure.js";
import { writeGrouped } from "./ordered-write.js";

type Block = { height: bigint; value: number };

/** Blocks 1..n, as the fetcher yields them: each after the writer had a turn. */
async function* arriving(n: number): AsyncGenerator<Block> {
  for (let h = 1; h <= n; h++) {
    await new Promise((resolve) => setImmediate(resolve));
    yield { height: BigInt(h), value: h };
  }
}

/** A writer whose writes end only when the test says so, recording what it was given. */
function heldWriter() {
  const writes: { heights: number[]; finish(error?: Error): void }[] = [];
  let open = 0;
  let mostOpen = 0;
  return {
    writes,
    get open() {
      return open;
    },
    get mostOpen() {
      return mostOpen;
    },
    write: (batch: Block[]) =>
      new Promise<void>((resolve, reject) => {
        open++;
        mostOpen = Math.max(mostOpen, open);
        writes.push({
          heights: batch.map((b) => b.value),
          finish: (error) => {
            open--;
            if (error) reject(error);
            else resolve();
          },
        });
      }),
  };
}

/** Ends held writes as they come, oldest first, until `done` settles. */
async function finishAll(writer: ReturnType<typeof heldWriter>, done: Promise<unknown>, failAt?: number) {
  let finished = 0;
  let settled = false;
  void done.then(
    () => (settled = true),
    () => (settled = true),
  );
  while (!settled) {
    await new Promise((resolve) => setTimeout(resolve, 2));
    const next = writer.writes[finished];
    if (!next) continue;
    finished++;
    next.finish(next.heights.includes(failAt ?? -1) ? new Error(`refused ${failAt}`) : undefined);
  }
}

describe("writeGrouped", () => {
  it("keeps up to inFlight writes under way and reports their commits in height order", async () => {
    const writer = heldWriter();
    const commits: number[] = [];
    const done = writeGrouped(arriving(20), writer.write, {
      most: 1,
      inFlight: 4,
      signal: new AbortController().signal,
      onCommit: (height) => commits.push(Number(height)),
    });
    // Nothing is answered yet: four writes go out, then the fourth block waits.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(writer.writes.map((w) => w.heights)).toEqual([[1], [2], [3], [4]]);
    await Promise.all([done, finishAll(writer, done)]);
    expect(writer.mostOpen).toBe(4);
    expect(commits).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(writer.writes.flatMap((w) => w.heights)).toEqual(commits);
  });

  it("sends only full groups behind a write under way, so groups stay as large as with one in flight", async () => {
    const writer = heldWriter();
    const done = writeGrouped(arriving(10), writer.write, {
      most: 64,
      inFlight: 4,
      signal: new AbortController().signal,
      onCommit: () => undefined,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The first block went alone; the nine behind it wait for it rather than go out one by one.
    expect(writer.writes.map((w) => w.heights)).toEqual([[1]]);
    await Promise.all([done, finishAll(writer, done)]);
    expect(writer.writes.map((w) => w.heights)).toEqual([[1], [2, 3, 4, 5, 6, 7, 8, 9, 10]]);
  });

  it("throws the first failed write's error, commits nothing after it, and returns with no write under way", async () => {
    const writer = heldWriter();
    const commits: number[] = [];
    const done = writeGrouped(arriving(12), writer.write, {
      most: 1,
      inFlight: 3,
      signal: new AbortController().signal,
      onCommit: (height) => commits.push(Number(height)),
    });
    const openAtReturn = done.then(
      () => writer.open,
      () => writer.open,
    );
    const [outcome] = await Promise.allSettled([done, finishAll(writer, done, 5)]);
    expect(await openAtReturn).toBe(0);
    expect(outcome.status).toBe("rejected");
    const error = (outcome as PromiseRejectedResult).reason;
    expect(error).toBeInstanceOf(BlockError);
    expect(error).toMatchObject({ height: 5n, step: "write", message: "block 5 (write): refused 5" });
    expect(commits).toEqual([1, 2, 3, 4]);
    // Writes had gone out behind the failed one; none after the failure was seen.
    expect(writer.writes.length).toBeGreaterThan(5);
    expect(writer.writes.length).toBeLessThanOrEqual(7);
  });

  it("returns after an abort once the write under way ends, though blocks fill the queue", async () => {
    const writer = heldWriter();
    const abort = new AbortController();
    const done = writeGrouped(arriving(50), writer.write, {
      most: 1,
      inFlight: 1,
      signal: abort.signal,
      onCommit: () => undefined,
    });
    // One write held; two blocks wait behind it, and fetching waits for room.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(writer.writes.map((w) => w.heights)).toEqual([[1]]);
    abort.abort();
    writer.writes[0]?.finish();
    await expect(done).resolves.toBeUndefined();
    expect(writer.writes).toHaveLength(1);
  });
});
