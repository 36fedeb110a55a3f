import { describe, expect, it } from "vitest";
import { useIngestedEvmChain } from "../_test/ingested-evm-chain.js";
import { type KeyPagination, pageWalker } from "../_test/page-walk.js";
import { createTestApp, serveForTests } from "../_test/test-app.js";
import { useTestDatabase } from "../_test/test-database.js";

const BLOCKS = 50;
const database = useTestDatabase();
const chain = useIngestedEvmChain(database, { seed: 9, blocks: BLOCKS });
const url = serveForTests(() =>
  createTestApp({ db: database().db, chain: { chainId: chain.chainId, prefix: "init", vmType: "evm" } }),
);
const txs = () => Array.from({ length: BLOCKS }, (_, i) => chain.evm(i + 1).truth).flat();
/** Every frame in indexing order: the ground truth of the internal-tx lists. */
const frames = () =>
  txs().flatMap((t) =>
    t.internalTxs.map((f) => ({
      height: t.height,
      hash: t.hash,
      parent_index: f.parentIndex,
      index: f.index,
      type: f.type,
      from: f.from,
      to: f.to,
      accounts: f.accounts,
    })),
  );
const key = (f: { hash: string; index: number }) => `${f.hash}/${f.index}`;

interface Frame {
  height: number;
  hash: string;
  parent_index: number;
  index: number;
  type: string;
  from: string;
  to: string;
}
interface Page {
  internal_txs: Frame[];
  pagination: KeyPagination;
}

const { get, walk: walkList } = pageWalker(url);
const walk = (path: string) => walkList<Frame>(path, "internal_txs");

describe("GET /indexer/tx/v1/evm-internal-txs", () => {
  it("visits every frame once, both ways, equal to the ground truth, with an exact total", async () => {
    const expected = frames().map(({ accounts: _a, ...f }) => f);
    const forwards = await walk(
      "/indexer/tx/v1/evm-internal-txs?pagination.reverse=false&pagination.limit=9",
    );
    const pick = (f: Frame) => ({
      height: f.height,
      hash: f.hash,
      parent_index: f.parent_index,
      index: f.index,
      type: f.type,
      from: f.from,
      to: f.to,
    });
    expect(forwards.map(pick)).toEqual(expected);
    const backwards = await walk("/indexer/tx/v1/evm-internal-txs?pagination.limit=13");
    expect(backwards).toEqual([...forwards].reverse());
    const { body } = await get<Page>("/indexer/tx/v1/evm-internal-txs?pagination.limit=1");
    expect(body.pagination.total).toBe(String(expected.length));
  });

  it("lists one tx's frames depth-first by hash, and 404s an unknown hash with the whole body", async () => {
    const tx = txs().find((t) => t.internalTxs.length >= 4);
    const { body } = await get<Page>(`/indexer/tx/v1/evm-internal-txs/${tx?.hash}?pagination.reverse=false`);
    expect(body.internal_txs.map((f) => [f.index, f.parent_index, f.type])).toEqual(
      tx?.internalTxs.map((f) => [f.index, f.parentIndex, f.type]),
    );
    expect(body.internal_txs[0]).toMatchObject({ parent_index: -1, output: "0x" });
    expect(body.pagination.total).toBe(String(tx?.internalTxs.length));
    expect(await get(`/indexer/tx/v1/evm-internal-txs/0x${"cd".repeat(32)}`)).toEqual({
      status: 404,
      body: { code: 5, message: "transaction not found", details: [] },
    });
  });

  it("lists a block's frames by height and an account's frames by from/to", async () => {
    const height = txs().find((t) => t.internalTxs.length > 2)?.height ?? 1;
    const atHeight = frames()
      .filter((f) => f.height === height)
      .map(key);
    const byHeight = await walk(
      `/indexer/tx/v1/evm-internal-txs/by_height/${height}?pagination.reverse=false`,
    );
    expect(byHeight.map(key)).toEqual(atHeight);
    const account = chain.evmAccounts[1]?.address ?? "";
    const mine = frames()
      .filter((f) => f.accounts.includes(account))
      .map(key);
    const byAccount = await walk(`/indexer/tx/v1/evm-internal-txs/by_account/${account}?pagination.limit=3`);
    expect(byAccount.map(key)).toEqual([...mine].reverse());
    expect(mine.length).toBeGreaterThan(0);
    const viaBech32 = await walk(
      `/indexer/tx/v1/evm-internal-txs/by_account/${chain.evmAccounts[1]?.bech32}`,
    );
    expect(viaBech32.map(key)).toEqual([...mine].reverse());
    const first = await get<{ pagination: { total: string } }>(
      `/indexer/tx/v1/evm-internal-txs/by_account/${account}?pagination.limit=1`,
    );
    expect(first.body.pagination.total).toBe(String(mine.length));
  });
});
