import type { AddressInfo } from "node:net";
import { type Chain, createChain, type DevnetNode, type NodeExtension, startDevnetNode } from "@weft/devnet";
import { bech32 } from "bech32";
import type { Pool } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { derivedTableProblems } from "../_test/derived-tables.js";
import { createTestApp } from "../_test/test-app.js";
import { silentLogger, useTestDatabase } from "../_test/test-database.js";
import { runIngest } from "./run-ingest.js";

/** The first indexed height: the index starts mid-chain, after balances have moved. */
const START = 40;
const HEAD = 150;

function ingest(pool: Pool, node: DevnetNode, options: { stopAt: number; signal: AbortSignal }) {
  return runIngest({
    db: { pool },
    logger: silentLogger,
    rpcUrl: node.url,
    restUrl: node.url,
    ...(node.chain.vm === "evm" ? { jsonRpcUrl: node.url } : {}),
    prefix: "init",
    startHeight: BigInt(START),
    concurrency: 4,
    stopAtHeight: BigInt(options.stopAt),
    signal: options.signal,
  });
}

const hexOf = (address: string) =>
  Buffer.from(bech32.fromWords(bech32.decode(address, 90).words)).toString("hex");

/** The devnet's non-zero bank balances after `height`, keyed `<stored denom>/<account hex>`. */
function truthAt(chain: Chain, height: number): string[] {
  const denom = chain.vm === "evm" ? (chain.contractByDenom("uinit") as string) : "uinit";
  const balances = chain.bank?.balances(height) ?? new Map<string, bigint>();
  return [...balances]
    .filter(([, amount]) => amount !== 0n)
    .map(([address, amount]) => `${denom}/${hexOf(address)}=${amount}`)
    .sort();
}

async function storedRows(pool: Pool): Promise<string[]> {
  const { rows } = await pool.query<{ row: string }>(
    "SELECT denom || '/' || encode(account, 'hex') || '=' || amount::text AS row FROM rich_list_balance WHERE amount <> 0",
  );
  return rows.map((r) => r.row).sort();
}

/** `/indexer/richlist/v1/uinit`, every holder, from the real app. */
async function richList(pool: Pool, node: DevnetNode): Promise<{ account: string; amount: string }[]> {
  const app = createTestApp({
    db: { pool },
    chain: { chainId: node.chain.chainId, prefix: "init", vmType: node.chain.vm, restUrl: node.url },
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/indexer/richlist/v1/uinit?pagination.limit=1000`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      holders: { account: string; amount: string }[];
      pagination: { total: string };
    };
    expect(body.pagination.total).toBe(String(body.holders.length));
    return body.holders;
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe.each(["move", "wasm", "evm"] as const)("a %s chain indexed from height 40", (vm) => {
  const database = useTestDatabase();
  let node: DevnetNode;
  beforeAll(async () => {
    node = await startDevnetNode({ chain: createChain({ seed: 7, vm }), initialBlocks: HEAD });
  });
  afterAll(() => node.close());

  it("starts the rich list from the node's bank balances after that block", async ({ signal }) => {
    const { pool } = database().db;
    expect(await ingest(pool, node, { stopAt: START, signal })).toBe(BigInt(START));
    const truth = truthAt(node.chain, START);
    // Genesis holders and more: a rich list of deltas alone could not hold them.
    expect(truth.length).toBeGreaterThanOrEqual(8);
    expect(await storedRows(pool)).toEqual(truth);
  }, 60_000);

  it(`then, ${HEAD - START} blocks on, /indexer/richlist/v1/uinit lists every holder with the node's balance`, async ({
    signal,
  }) => {
    const { pool } = database().db;
    expect(await ingest(pool, node, { stopAt: HEAD, signal })).toBe(BigInt(HEAD));
    expect(await storedRows(pool)).toEqual(truthAt(node.chain, HEAD));
    const expected = [...(node.chain.bank?.balances(HEAD) ?? [])]
      .filter(([, amount]) => amount > 0n)
      .sort(([a, x], [b, y]) =>
        x === y ? Buffer.compare(Buffer.from(hexOf(b), "hex"), Buffer.from(hexOf(a), "hex")) : x > y ? -1 : 1,
      )
      .map(([address, amount]) => ({
        account: vm === "evm" ? `0x${hexOf(address)}` : address,
        amount: String(amount),
      }));
    expect(await richList(pool, node)).toEqual(expected);
    expect(await derivedTableProblems(pool)).toEqual([]);
  }, 60_000);
});

describe("a write of the first block that fails after the balances were read", () => {
  const database = useTestDatabase();

  it("is retried whole: the balances are neither lost nor counted twice", async ({ signal }) => {
    const { pool } = database().db;
    const node = await startDevnetNode({ chain: createChain({ seed: 7 }), initialBlocks: 80 });
    try {
      // The first insert of a block aborts its statement, as a crash before the commit would: the
      // sequence is not transactional, so only the first attempt fails.
      await pool.query(`
        CREATE SEQUENCE crash_once;
        CREATE FUNCTION crash_once() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF nextval('crash_once') = 1 THEN RAISE EXCEPTION 'simulated crash in the first write'; END IF;
          RETURN NEW;
        END $$;
        CREATE TRIGGER crash_once BEFORE INSERT ON block FOR EACH ROW EXECUTE FUNCTION crash_once();`);
      expect(await ingest(pool, node, { stopAt: 60, signal })).toBe(60n);
      const { rows } = await pool.query<{ n: string }>("SELECT last_value::text AS n FROM crash_once");
      expect(Number(rows[0]?.n)).toBeGreaterThan(1);
      expect(await storedRows(pool)).toEqual(truthAt(node.chain, 60));
    } finally {
      await pool.query(
        "DROP TRIGGER IF EXISTS crash_once ON block; DROP FUNCTION IF EXISTS crash_once(); DROP SEQUENCE IF EXISTS crash_once",
      );
      await node.close();
    }
  }, 60_000);
});

describe("a process stopped during the account scan, then restarted", () => {
  const database = useTestDatabase();

  it("reads the balances again and counts them once", async () => {
    const { pool } = database().db;
    let balanceReads = 0;
    // Balance reads are slowed so the stop lands in the middle of the scan.
    const extension: NodeExtension = {
      route: async (_method, url) => {
        if (url.pathname.startsWith("/cosmos/bank/")) {
          balanceReads++;
          await new Promise((r) => setTimeout(r, 50));
        }
        return undefined;
      },
    };
    const node = await startDevnetNode({ chain: createChain({ seed: 7 }), initialBlocks: 80, extension });
    try {
      const stop = new AbortController();
      const first = ingest(pool, node, { stopAt: 60, signal: stop.signal });
      const deadline = Date.now() + 10_000;
      while (balanceReads < 3) {
        if (Date.now() > deadline) throw new Error("the ingest never read a balance");
        await new Promise((r) => setTimeout(r, 5));
      }
      stop.abort();
      expect(await first).toBeNull();
      expect(await storedRows(pool)).toEqual([]);
      const again = balanceReads;
      expect(await ingest(pool, node, { stopAt: 60, signal: new AbortController().signal })).toBe(60n);
      expect(balanceReads).toBeGreaterThan(again);
      expect(await storedRows(pool)).toEqual(truthAt(node.chain, 60));
    } finally {
      await node.close();
    }
  }, 60_000);
});

describe("a node that does not serve the account list", () => {
  const database = useTestDatabase();

  it("does not stop ingestion: the rich list counts what moves from the first block on", async ({
    signal,
  }) => {
    const { pool } = database().db;
    const extension: NodeExtension = {
      route: async (_method, url) =>
        url.pathname.startsWith("/cosmos/auth/")
          ? { status: 501, body: { code: 12, message: "Not Implemented", details: [] } }
          : undefined,
    };
    const chain = createChain({ seed: 7 });
    const node = await startDevnetNode({ chain, initialBlocks: 80, extension });
    try {
      expect(await ingest(pool, node, { stopAt: 60, signal })).toBe(60n);
      const deltas = new Map<string, bigint>();
      for (let h = START; h <= 60; h++)
        for (const t of chain.truth(h))
          for (const m of t.moved ?? []) {
            deltas.set(m.from, (deltas.get(m.from) ?? 0n) - BigInt(m.amount));
            deltas.set(m.to, (deltas.get(m.to) ?? 0n) + BigInt(m.amount));
          }
      expect(await storedRows(pool)).toEqual(
        [...deltas]
          .filter(([, amount]) => amount !== 0n)
          .map(([address, amount]) => `uinit/${hexOf(address)}=${amount}`)
          .sort(),
      );
    } finally {
      await node.close();
    }
  }, 60_000);
});
