/**
 * paginate() over 10 000 txs the real server serves from a real ingested devnet chain: every record
 * once, in order, in both directions and across page sizes that split blocks; and the walk survives a
 * flaky hop (with retry on) and stops when cancelled.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useInProcessWeft } from "./_test/in-process-weft.js";
import { useSeededChain } from "./_test/seeded-chain.js";
import { paginateResponses } from "./paginate.js";
import { createIndexerClient, type WeftClient } from "./weft-client.js";

const TXS = 10_000;
// Reads must see what ingestion wrote a moment ago, not a cached page.
const weft = useInProcessWeft({ cacheTtlMs: { list: 0, item: 0 } });
const chain = useSeededChain(weft, { txs: TXS });

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
  let proxy: Server;
  let proxyUrl = "";
  let requests = 0;
  let failed = 0;

  beforeAll(async () => {
    // Every third request fails: a 503, then a reset connection, in turn. Others are forwarded.
    proxy = createServer(async (req, res) => {
      requests++;
      if (requests % 3 === 0) {
        failed++;
        if (failed % 2 === 0) {
          req.socket.destroy();
          return;
        }
        res
          .writeHead(503, { "content-type": "application/json" })
          .end('{"code":14,"message":"busy","details":[]}');
        return;
      }
      const upstream = await fetch(`${weft()}${req.url}`);
      res.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "" });
      res.end(await upstream.text());
    });
    proxy.listen(0, "127.0.0.1");
    await new Promise((resolve) => proxy.once("listening", resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });

  // Each test starts at the same point of the failure pattern.
  beforeEach(() => {
    requests = 0;
    failed = 0;
  });

  afterAll(async () => {
    proxy.closeAllConnections();
    await new Promise<void>((resolve) => proxy.close(() => resolve()));
  });

  it("retries failed pages and still yields every tx exactly once, in order", async () => {
    const client = createIndexerClient({
      baseUrl: proxyUrl,
      retry: { retries: 3, baseDelayMs: 1, maxDelayMs: 2 },
    });
    const got = await hashes(walkTxs(client, { limit: 1000, reverse: false }));
    expect(got).toEqual(chain.hashes());
    expect(failed).toBeGreaterThanOrEqual(4);
  });

  it("without retry, the first failed page ends the walk with the status", async () => {
    const client = createIndexerClient({ baseUrl: proxyUrl });
    const seen: string[] = [];
    const walking = (async () => {
      for await (const tx of walkTxs(client, { limit: 1000, reverse: false })) seen.push(tx.txhash);
    })();
    await expect(walking).rejects.toThrow("page request failed with HTTP 503: busy");
    expect(seen).toEqual(chain.hashes().slice(0, 2000));
  });

  it("stops at once when cancelled, aborting the page in flight", async () => {
    const controller = new AbortController();
    const client = createIndexerClient({
      baseUrl: proxyUrl,
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
  });
});
