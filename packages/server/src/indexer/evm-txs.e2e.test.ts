import { describe, expect, it } from "vitest";
import { useIngestedEvmChain } from "../_test/ingested-evm-chain.js";
import { type KeyPagination, pageWalker } from "../_test/page-walk.js";
import { createTestApp, serveForTests } from "../_test/test-app.js";
import { useTestDatabase } from "../_test/test-database.js";
import { toBech32 } from "../chain/addresses.js";
import { encodeOffset } from "./pagination.js";

const BLOCKS = 60;
const database = useTestDatabase();
const chain = useIngestedEvmChain(database, { seed: 3, blocks: BLOCKS });
const url = serveForTests(() =>
  createTestApp({ db: database().db, chain: { chainId: chain.chainId, prefix: "init", vmType: "evm" } }),
);
const truth = () => Array.from({ length: BLOCKS }, (_, i) => chain.evm(i + 1).truth).flat();

interface EvmTx {
  transactionHash: string;
  from: string;
  to: string;
  blockNumber: string;
}
interface Page {
  txs: EvmTx[];
  pagination: KeyPagination;
}

const { get, walk: walkList } = pageWalker(url);
const walk = (path: string) => walkList<EvmTx>(path, "txs");

describe("GET /indexer/tx/v1/evm-txs", () => {
  it("visits every EVM tx once, in indexing order, both ways, with an exact total", async () => {
    const hashes = truth().map((t) => t.hash);
    const newestFirst = await walk("/indexer/tx/v1/evm-txs?pagination.limit=7");
    expect(newestFirst.map((t) => t.transactionHash)).toEqual([...hashes].reverse());
    const oldestFirst = await walk("/indexer/tx/v1/evm-txs?pagination.limit=5&pagination.reverse=false");
    expect(oldestFirst.map((t) => t.transactionHash)).toEqual(hashes);
    const { body } = await get<Page>("/indexer/tx/v1/evm-txs?pagination.limit=1");
    expect(body.pagination.total).toBe(String(hashes.length));
  });

  it("serves the receipts the node returned, in the reference key order", async () => {
    const receipts = Array.from({ length: BLOCKS }, (_, i) => chain.evm(i + 1).receipts).flat();
    const { body } = await get<Page>("/indexer/tx/v1/evm-txs?pagination.limit=1000&pagination.reverse=false");
    expect(body.txs).toEqual(receipts.map((r) => ({ ...r, to: r.to ?? "" })));
  });

  it("agrees between cursor keys and offset keys, and honours count_total=false", async () => {
    const first = await get<Page>("/indexer/tx/v1/evm-txs?pagination.limit=6&pagination.count_total=false");
    expect(first.body.pagination.total).toBe("0");
    const byKey = await get<Page>(
      `/indexer/tx/v1/evm-txs?pagination.limit=6&pagination.key=${encodeURIComponent(first.body.pagination.next_key ?? "")}`,
    );
    const byOffset = await get<Page>(
      `/indexer/tx/v1/evm-txs?pagination.limit=6&pagination.key=${encodeOffset(6)}`,
    );
    const byOffsetParam = await get<Page>("/indexer/tx/v1/evm-txs?pagination.limit=6&pagination.offset=6");
    expect(byOffset.body.txs.map((t) => t.transactionHash)).toEqual(
      byKey.body.txs.map((t) => t.transactionHash),
    );
    expect(byOffsetParam.body.txs).toEqual(byOffset.body.txs);
    // Cursor-keyed lists never carry a previous_key, as the reference's cursor pages.
    expect(byOffset.body.pagination.previous_key).toBeNull();
  });

  // The request validator answers out-of-range values before the handler, naming the parameter.
  const KEY_BASE64 =
    "must be a valid base64 encoded string; pass the next_key of a previous page, or no key for the first page";
  it.each([
    ["pagination.limit=0", "pagination.limit", "must be an integer from 1 to 1000"],
    ["pagination.limit=1001", "pagination.limit", "must be an integer from 1 to 1000"],
    ["pagination.offset=-1", "pagination.offset", "must be a nonnegative integer"],
    ["pagination.key=A", "pagination.key", KEY_BASE64],
    ["pagination.key=%25%25%25", "pagination.key", KEY_BASE64],
  ])("answers %s with the whole 400 body", async (query, name, description) => {
    const { status, body } = await get(`/indexer/tx/v1/evm-txs?${query}`);
    expect({ status, body }).toEqual({
      status: 400,
      body: {
        code: 3,
        message: `invalid ${name}: ${description}`,
        details: [{ field: `query.${name}`, description }],
      },
    });
  });
});

describe("GET /indexer/tx/v1/evm-txs/by_account/{account}", () => {
  it("lists exactly the txs the ground truth names the account in, bech32 and hex alike", async () => {
    const account = chain.evmAccounts[2];
    const expected = truth().filter((t) => t.accounts.includes(account?.address ?? ""));
    const viaHex = await walk(`/indexer/tx/v1/evm-txs/by_account/${account?.address}?pagination.limit=4`);
    expect(viaHex.map((t) => t.transactionHash)).toEqual(expected.map((t) => t.hash).reverse());
    const viaBech32 = await walk(`/indexer/tx/v1/evm-txs/by_account/${account?.bech32}?pagination.limit=4`);
    expect(viaBech32).toEqual(viaHex);
    const { body } = await get<Page>(`/indexer/tx/v1/evm-txs/by_account/${account?.address}`);
    expect(body.pagination.total).toBe(String(expected.length));
    const signed = await walk(`/indexer/tx/v1/evm-txs/by_account/${account?.address}?is_signer=true`);
    expect(signed.map((t) => t.transactionHash)).toEqual(
      expected
        .filter((t) => t.from === account?.address)
        .map((t) => t.hash)
        .reverse(),
    );
    expect(signed.length).toBeLessThan(viaHex.length);
    const signedPage = await get<Page>(
      `/indexer/tx/v1/evm-txs/by_account/${account?.address}?is_signer=true&pagination.limit=1`,
    );
    expect(signedPage.body.pagination.total).toBe(String(signed.length));
  });

  it("finds a contract through the logs it emitted, and answers an unknown account with an empty page", async () => {
    const contract = truth().find((t) => t.accounts.length > 3)?.accounts[2] ?? "";
    const expected = truth().filter((t) => t.accounts.includes(contract));
    const got = await walk(`/indexer/tx/v1/evm-txs/by_account/${contract}?pagination.reverse=false`);
    expect(got.map((t) => t.transactionHash)).toEqual(expected.map((t) => t.hash));
    const unknown = await get<Page>(
      `/indexer/tx/v1/evm-txs/by_account/${toBech32(Buffer.alloc(20, 7), "init")}`,
    );
    expect(unknown).toEqual({
      status: 200,
      body: { txs: [], pagination: { previous_key: null, next_key: null, total: "0" } },
    });
  });
});

describe("GET /indexer/tx/v1/evm-txs/by_height/{height} and /evm-txs/{tx_hash}", () => {
  it("lists a block's EVM txs in block order with reverse=false", async () => {
    const height =
      Array.from({ length: BLOCKS }, (_, i) => i + 1).find((h) => chain.evm(h).truth.length >= 2) ?? 1;
    const { body } = await get<Page>(`/indexer/tx/v1/evm-txs/by_height/${height}?pagination.reverse=false`);
    expect(body.txs.map((t) => t.transactionHash)).toEqual(chain.evm(height).truth.map((t) => t.hash));
    expect(body.pagination.total).toBe(String(chain.evm(height).truth.length));
  });

  it("finds a tx by hash with or without 0x in any case, equal to its list entry", async () => {
    const target = truth()[4];
    const lower = await get<{ tx: EvmTx }>(`/indexer/tx/v1/evm-txs/${target?.hash}`);
    const upper = await get<{ tx: EvmTx }>(`/indexer/tx/v1/evm-txs/${target?.hash.slice(2).toUpperCase()}`);
    expect(lower.status).toBe(200);
    expect(upper.body).toEqual(lower.body);
    const list = await walk("/indexer/tx/v1/evm-txs?pagination.limit=1000");
    expect(list.find((t) => t.transactionHash === target?.hash)).toEqual(lower.body.tx);
  });

  it.each([
    [
      "ZZZ",
      400,
      {
        code: 3,
        message: 'invalid tx_hash: must match pattern "^(0[xX])?[0-9a-fA-F]{64}$"',
        details: [{ field: "path.tx_hash", description: 'must match pattern "^(0[xX])?[0-9a-fA-F]{64}$"' }],
      },
    ],
    [`0x${"ab".repeat(32)}`, 404, { code: 5, message: "tx not found", details: [] }],
  ])("answers /evm-txs/%s with %i", async (hash, status, body) => {
    expect(await get(`/indexer/tx/v1/evm-txs/${hash}`)).toEqual({ status, body });
  });
});
