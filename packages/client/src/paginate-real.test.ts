/**
 * paginate() over 10 000 txs the real server serves from a real ingested devnet chain: every record
 * once, in order, in both directions and across page sizes that split blocks; and the walk survives a
 * flaky hop (with retry on) and stops when cancelled.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { useFlakyHop } from "./_test/flaky-hop.js";
import { useInProcessWeft } from "./_test/in-process-weft.js";
import { useSeededChain } from "./_test/seeded-chain.js";
import { paginateResponses } from "./paginate.js";
import { createIndexerClient, type WeftClient } from "./weft-client.js";

const TXS = 10_000;
// Reads must see what ingestion wrote a moment ago, not a cached page.
const weft = useInProcessWeft({ cacheTtlMs: { list: 0, item: 0 } });
const chain = useSeededChain(weft, { txs: TXS });
const hop = useFlakyHop(weft);

function walkTxs(client: WeftClient, query: { limit: number; reverse: boolean }, signal?: AbortSignal) {
  return paginateResponses(
    (key, pageSignal) =>
      client.GET("/indexer/tx/v1/txs", {
        params: {
          query: {
            "pagination.key": key,
            "pagination.limit": query.limit,
            "pagination.reverse": query.reverse,
            "pagination.count_total": false,
          },
        },
        signal: pageSignal,
      }),
    (data) => data.txs,
    signal ? { signal } : {},
  );
}

async function hashes(walk: AsyncIterable<{ txhash: string }>): Promise<string[]> {
  const out: string[] = [];
  for await (const tx of walk) out.push(tx.txhash);
  return out;
}

describe(`paginate over ${TXS} ingested txs`, () => {
  it("seeded the chain through real ingestion", () => {
    // Typically 5-9 s (Postgres or PGlite); the seeding itself fails past its deadline. Wall time
    // is reported, not asserted here, so a loaded machine does not fail a correctness test.
    console.info(`seeded ${chain.hashes().length} txs in ${chain.seedMs()} ms`);
    expect(chain.hashes().length).toBeGreaterThanOrEqual(TXS);
  });

  it("yields each tx exactly once, oldest first, in chain order", async () => {
    const got = await hashes(
      walkTxs(createIndexerClient({ baseUrl: weft() }), { limit: 1000, reverse: false }),
    );
    expect(got).toHaveLength(chain.hashes().length);
    expect(new Set(got).size).toBe(got.length);
    expect(got).toEqual(chain.hashes());
  });

  it("yields each tx exactly once, newest first, with pages that split blocks", async () => {
    const got = await hashes(
      walkTxs(createIndexerClient({ baseUrl: weft() }), { limit: 333, reverse: true }),
    );
    expect(got).toEqual([...chain.hashes()].reverse());
  });
});

describe("paginate against the real server, through a flaky hop", () => {
  const PATH = "/indexer/tx/v1/txs";
  const BUSY = { status: 503, body: { code: 14, message: "busy", details: [] } };

  beforeEach(() => hop.reset());

  it("retries failed pages and still yields every tx exactly once, in order", async () => {
    // Every third request fails, a 503 and a reset connection in turn, four times.
    for (let i = 0; i < 4; i++) hop.fail(PATH, "pass", "pass", i % 2 === 0 ? BUSY : "drop");
    const client = createIndexerClient({
      baseUrl: hop.url(),
      retry: { retries: 3, baseDelayMs: 1, maxDelayMs: 2 },
    });
    const got = await hashes(walkTxs(client, { limit: 1000, reverse: false }));
    expect(got).toEqual(chain.hashes());
    // 11 pages (the last one short), 4 of them asked twice.
    expect(hop.seen.filter((r) => !r.forwarded)).toHaveLength(4);
    expect(hop.seen).toHaveLength(15);
  });

  it("without retry, the first failed page ends the walk with the status", async () => {
    hop.fail(PATH, "pass", "pass", BUSY);
    const client = createIndexerClient({ baseUrl: hop.url() });
    const seen: string[] = [];
    const walking = (async () => {
      for await (const tx of walkTxs(client, { limit: 1000, reverse: false })) seen.push(tx.txhash);
    })();
    await expect(walking).rejects.toThrow("page request failed with HTTP 503: busy");
    expect(seen).toEqual(chain.hashes().slice(0, 2000));
  });

  it("stops at once when cancelled, in the wait before a retry", async () => {
    hop.fail(PATH, "pass", "pass", BUSY);
    const controller = new AbortController();
    const client = createIndexerClient({
      baseUrl: hop.url(),
      // Long waits: only the abort can end them.
      retry: { retries: 3, baseDelayMs: 60_000, maxDelayMs: 60_000 },
    });
    const seen: string[] = [];
    const started = Date.now();
    const walking = (async () => {
      for await (const tx of walkTxs(client, { limit: 1000, reverse: false }, controller.signal)) {
        seen.push(tx.txhash);
        // The third page request fails and waits a minute to retry: abort during that wait.
        if (seen.length === 2000) setTimeout(() => controller.abort(new Error("user left the page")), 50);
      }
    })();
    await expect(walking).rejects.toThrow("user left the page");
    // The retry wait is a minute: anything well under it means the abort cut it short.
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(seen).toHaveLength(2000);
    // Two pages and the failed third; the retry was never sent.
    expect(hop.seen).toHaveLength(3);
  });

  it("aborts the page request in flight when cancelled", async () => {
    hop.fail(PATH, "pass", { hangMs: 60_000 });
    const controller = new AbortController();
    const seen: string[] = [];
    const started = Date.now();
    const walking = (async () => {
      for await (const tx of walkTxs(
        createIndexerClient({ baseUrl: hop.url() }),
        { limit: 1000, reverse: false },
        controller.signal,
      )) {
        seen.push(tx.txhash);
        // The second page hangs for a minute upstream: abort while it is in flight.
        if (seen.length === 1000) setTimeout(() => controller.abort(new Error("user scrolled away")), 50);
      }
    })();
    await expect(walking).rejects.toThrow("user scrolled away");
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(seen).toEqual(chain.hashes().slice(0, 1000));
    expect(hop.seen).toHaveLength(2);
  });
});
