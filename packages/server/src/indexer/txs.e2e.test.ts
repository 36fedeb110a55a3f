import { describe, expect, it } from "vitest";
import { useIngestedChain } from "../_test/ingested-chain.js";
import { type KeyPagination, pageWalker } from "../_test/page-walk.js";
import { SYNTHETIC_CHAIN_ID, syntheticAccounts, syntheticPayload } from "../_test/synthetic-chain.js";
import { createTestApp, serveForTests } from "../_test/test-app.js";
import { useTestDatabase } from "../_test/test-database.js";
import { decodeAddress } from "../chain/addresses.js";
import { txHashOf } from "../ingest/derive/tx-response.js";
import { encodeOffset } from "./pagination.js";

const BLOCKS = 40;
const options = { blocks: BLOCKS };
const database = useTestDatabase();
useIngestedChain(database, options);
const url = serveForTests(() =>
  createTestApp({
    db: database().db,
    chain: { chainId: SYNTHETIC_CHAIN_ID, prefix: "init", vmType: "move" },
  }),
);

interface Tx {
  txhash: string;
  height: string;
  tx: { body: { messages: { "@type": string }[] }; auth_info: unknown };
  events: { type: string; attributes: { key: string; value?: string }[] }[];
}
interface Page {
  txs: Tx[];
  pagination: KeyPagination;
}

/** Every synthetic tx in indexing order (height, then position): the ground truth. */
const truth = Array.from({ length: BLOCKS }, (_, i) => syntheticPayload(i + 1, options)).flatMap((p) =>
  (p.block.block.data.txs ?? []).map((raw, j) => ({
    hash: txHashOf(raw),
    height: p.block.block.header.height,
    tx: p.txs[j],
  })),
);

const { get, walk: walkList } = pageWalker(url);
const walk = (path: string) => walkList<Tx>(path, "txs");

describe("GET /indexer/tx/v1/txs", () => {
  it("visits every tx once, in indexing order, both ways, with an exact total", async () => {
    const newestFirst = await walk("/indexer/tx/v1/txs?pagination.limit=4");
    expect(newestFirst.map((t) => t.txhash)).toEqual(truth.map((t) => t.hash).reverse());
    const oldestFirst = await walk("/indexer/tx/v1/txs?pagination.limit=7&pagination.reverse=false");
    expect(oldestFirst.map((t) => t.txhash)).toEqual(truth.map((t) => t.hash));
    const { body } = await get<Page>("/indexer/tx/v1/txs?pagination.limit=1");
    expect(body.pagination.total).toBe(String(truth.length));
  });

  it("agrees between key and offset paging, and honours count_total=false", async () => {
    const first = await get<Page>("/indexer/tx/v1/txs?pagination.limit=6&pagination.count_total=false");
    expect(first.body.pagination.total).toBe("0");
    const byKey = await get<Page>(
      `/indexer/tx/v1/txs?pagination.limit=6&pagination.key=${encodeURIComponent(first.body.pagination.next_key ?? "")}`,
    );
    const byOffset = await get<Page>(
      `/indexer/tx/v1/txs?pagination.limit=6&pagination.key=${encodeOffset(6)}`,
    );
    expect(byOffset.body.txs.map((t) => t.txhash)).toEqual(byKey.body.txs.map((t) => t.txhash));
  });

  it("filters by message type, repeated or comma-separated, and an unknown type matches nothing", async () => {
    const delegates = truth.filter(
      (t) => t.tx?.body.messages[0]?.["@type"] === "/cosmos.staking.v1beta1.MsgDelegate",
    );
    const one = await walk("/indexer/tx/v1/txs?msgs=cosmos.staking.v1beta1.MsgDelegate&pagination.limit=3");
    expect(one.map((t) => t.txhash)).toEqual(delegates.map((t) => t.hash).reverse());
    const both = await get<Page>(
      "/indexer/tx/v1/txs?msgs=cosmos.staking.v1beta1.MsgDelegate,cosmos.bank.v1beta1.MsgSend&pagination.limit=1000",
    );
    const repeated = await get<Page>(
      "/indexer/tx/v1/txs?msgs=cosmos.staking.v1beta1.MsgDelegate&msgs=cosmos.bank.v1beta1.MsgSend&pagination.limit=1000",
    );
    expect(both.body.txs).toHaveLength(truth.length);
    expect(both.body.pagination.total).toBe(String(truth.length));
    expect(repeated.body).toEqual(both.body);
    const unknown = await get<Page>("/indexer/tx/v1/txs?msgs=no.such.MsgType");
    expect(unknown.body).toEqual({ txs: [], pagination: { previous_key: null, next_key: null, total: "0" } });
  });
});

describe("GET /indexer/tx/v1/txs/by_account/{account}", () => {
  const account = syntheticAccounts()[2] ?? "";
  const hex = `0x${decodeAddress(account, "init")?.toString("hex").toUpperCase()}`;
  const mentions = (t: Tx) => t.events.some((e) => e.attributes.some((a) => a.value === account));

  it("returns exactly the txs naming the account, the same for bech32 and hex", async () => {
    const txs = await walk(`/indexer/tx/v1/txs/by_account/${account}?pagination.limit=5`);
    const all = await walk("/indexer/tx/v1/txs?pagination.limit=1000");
    expect(txs.map((t) => t.txhash)).toEqual(all.filter(mentions).map((t) => t.txhash));
    expect(txs.length).toBeGreaterThan(0);
    const viaHex = await walk(`/indexer/tx/v1/txs/by_account/${hex}?pagination.limit=5`);
    expect(viaHex).toEqual(txs);
    const { body } = await get<Page>(`/indexer/tx/v1/txs/by_account/${account}`);
    expect(body.pagination.total).toBe(String(txs.length));
  });

  it("keeps only txs the account signed with is_signer=true", async () => {
    const signed = await walk(`/indexer/tx/v1/txs/by_account/${account}?is_signer=true`);
    const expected = truth.filter((t) => {
      const m = t.tx?.body.messages[0] as { from_address?: string; delegator_address?: string } | undefined;
      return (m?.from_address ?? m?.delegator_address) === account;
    });
    expect(signed.map((t) => t.txhash)).toEqual(expected.map((t) => t.hash).reverse());
    const notLiteral = await walk(`/indexer/tx/v1/txs/by_account/${account}?is_signer=1`);
    expect(notLiteral.length).toBeGreaterThan(signed.length);
  });

  it("combines msgs (one or several types) with is_signer: ranges merged in order, offsets and totals exact", async () => {
    // The first account delegates (signer) and receives sends (not signer): both types interleave.
    const delegator = syntheticAccounts()[0] ?? "";
    const named = (t: Tx) => t.events.some((e) => e.attributes.some((a) => a.value === delegator));
    const all = await walk("/indexer/tx/v1/txs?pagination.limit=1000");
    const signed = new Set(
      (await walk(`/indexer/tx/v1/txs/by_account/${delegator}?is_signer=true`)).map((t) => t.txhash),
    );
    const typeOf = (t: Tx) => t.tx.body.messages[0]?.["@type"].slice(1) ?? "";
    const DELEGATE = "cosmos.staking.v1beta1.MsgDelegate";
    const SEND = "cosmos.bank.v1beta1.MsgSend";
    const cases: [string[], boolean, number][] = [
      [[DELEGATE], false, 2],
      [[SEND], false, 2],
      [[DELEGATE, SEND], false, 4],
      [[SEND, DELEGATE], true, 2],
      [[SEND], true, 0],
    ];
    for (const [types, signerOnly, atLeast] of cases) {
      const expected = all
        .filter((t) => named(t) && types.includes(typeOf(t)) && (!signerOnly || signed.has(t.txhash)))
        .map((t) => t.txhash);
      expect(expected.length).toBeGreaterThanOrEqual(atLeast);
      if (atLeast === 0) expect(expected).toEqual([]);
      const path = `/indexer/tx/v1/txs/by_account/${delegator}?msgs=${types.join(",")}${signerOnly ? "&is_signer=true" : ""}`;
      const newest = await walk(`${path}&pagination.limit=2`);
      expect(newest.map((t) => t.txhash)).toEqual(expected);
      const oldest = await walk(`${path}&pagination.limit=3&pagination.reverse=false`);
      expect(oldest.map((t) => t.txhash)).toEqual([...expected].reverse());
      const page = await get<Page>(`${path}&pagination.limit=2&pagination.offset=1`);
      expect(page.body.txs.map((t) => t.txhash)).toEqual(expected.slice(1, 3));
      expect(page.body.pagination.total).toBe(String(expected.length));
    }
  });

  it("answers an unknown account with an empty page and a malformed one with 400", async () => {
    const unknown = await get<Page>(`/indexer/tx/v1/txs/by_account/0x${"ab".repeat(20)}`);
    expect(unknown).toEqual({
      status: 200,
      body: { txs: [], pagination: { previous_key: null, next_key: null, total: "0" } },
    });
    const bad = await get("/indexer/tx/v1/txs/by_account/not_an_address");
    expect(bad).toEqual({
      status: 400,
      body: {
        code: 3,
        message:
          "invalid account: expected a bech32 address (init1...) or 20- or 32-byte hex, with or without 0x",
        details: [{ field: "account", description: "not a bech32 or hex address" }],
      },
    });
  });
});

describe("GET /indexer/tx/v1/txs/by_height/{height} and /txs/{hash}", () => {
  it("lists a block's txs in block order with reverse=false, total = tx_count", async () => {
    const height = 39;
    const expected = truth.filter((t) => t.height === String(height)).map((t) => t.hash);
    const { body } = await get<Page>(`/indexer/tx/v1/txs/by_height/${height}?pagination.reverse=false`);
    expect(body.txs.map((t) => t.txhash)).toEqual(expected);
    const block = await get<{ block: { tx_count: string } }>(`/indexer/block/v1/blocks/${height}`);
    expect(body.pagination.total).toBe(block.body.block.tx_count);
  });

  it("finds a tx by hash with or without 0x in any case, and equals its list entry", async () => {
    const target = truth[5];
    const lower = await get<{ tx: Tx }>(`/indexer/tx/v1/txs/0x${target?.hash.toLowerCase()}`);
    const upper = await get<{ tx: Tx }>(`/indexer/tx/v1/txs/${target?.hash}`);
    expect(lower.status).toBe(200);
    expect(lower.body).toEqual(upper.body);
    const list = await walk("/indexer/tx/v1/txs?pagination.limit=1000");
    expect(list.find((t) => t.txhash === target?.hash)).toEqual(upper.body.tx);
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
    ["AB".repeat(32), 404, { code: 5, message: "transaction not found", details: [] }],
  ])("answers /txs/%s with %i", async (hash, status, body) => {
    expect(await get(`/indexer/tx/v1/txs/${hash}`)).toEqual({ status, body });
  });
});
