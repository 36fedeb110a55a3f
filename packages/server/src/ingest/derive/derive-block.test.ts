import { describe, expect, it } from "vitest";
import { readFixture, resultOf } from "../../_test/real-rpc.js";
import { toBech32 } from "../../chain/addresses.js";
import { deriveBlock, sumCoins, truncateToMicros } from "./derive-block.js";
import type { CometBlock, CometBlockResults, RestTx } from "./node-payloads.js";

/** cometbft's JSON leaves out `index: false`; the REST tx_response spells it. */
function withoutFalseIndex(events: unknown): unknown {
  return (events as { type: string; attributes: { index?: boolean }[] }[]).map((e) => ({
    ...e,
    attributes: e.attributes.map(({ index, ...a }) => (index ? { ...a, index } : a)),
  }));
}

interface TxByHash {
  tx: RestTx;
  tx_response: Record<string, unknown> & { txhash: string; events: unknown[] };
}

describe("deriveBlock on a real Cronos block (CometBFT 0.37, one IBC acknowledgement tx)", () => {
  const prefix = "tcrc";
  const base = "ibc/legacy/cronos-testnet-338-3_h18211106_acknowledge_packet";
  const block = resultOf<CometBlock>(`${base}.block.json`);
  const results = resultOf<CometBlockResults>(`${base}.block_results.json`);
  const byHash = readFixture<TxByHash>(`${base}.txs_by_hash.json`);
  const bundle = deriveBlock({ block, results, txs: [byHash.tx] }, prefix);

  it("derives the block row", () => {
    expect(bundle.block).toMatchObject({
      height: 18211106n,
      hash: Buffer.from("113291BBC79921190219833525D0FA0D46F5BD0DD925DC1AA5B3D9601A63A520", "hex"),
      // The node's 2024-02-07T23:10:53.120968693Z to the microsecond, as Postgres stores it.
      timestamp: "2024-02-07T23:10:53.120968Z",
      proposer: Buffer.from("0421821D46C46F86F1EAD79EEB31CFA88A5578CB", "hex"),
      txCount: 1,
      gasUsed: BigInt(byHash.tx_response.gas_used as string),
      gasWanted: BigInt(byHash.tx_response.gas_wanted as string),
    });
    expect(bundle.block.totalFee).toEqual(byHash.tx.auth_info.fee?.amount);
  });

  it("builds the tx object the node itself reports, with the 13 keys in order and no tx @type", () => {
    const [tx] = bundle.txs;
    const { tx: nodeTx, ...nodeRest } = byHash.tx_response as unknown as Record<string, unknown> & {
      tx: Record<string, unknown>;
    };
    const { "@type": txType, ...nodeTxNoType } = nodeTx;
    expect(txType).toBe("/cosmos.tx.v1beta1.Tx");
    expect(Object.keys(tx?.response ?? {})).toEqual([
      "txhash",
      "height",
      "codespace",
      "code",
      "data",
      "raw_log",
      "logs",
      "info",
      "gas_wanted",
      "gas_used",
      "tx",
      "timestamp",
      "events",
    ]);
    // Two deliberate differences from the node's own tx_response, both the reference's: the
    // timestamp keeps the block time's nanoseconds, and `index` appears only when true.
    expect(tx?.response.timestamp).toBe("2024-02-07T23:10:53.120968693Z");
    expect({ ...tx?.response, tx: undefined, timestamp: undefined }).toEqual({
      ...nodeRest,
      tx: undefined,
      timestamp: undefined,
      events: withoutFalseIndex(nodeRest.events),
    });
    expect(tx?.response.tx).toEqual(nodeTxNoType);
    expect(JSON.parse(tx?.data ?? "")).toEqual(tx?.response);
  });

  it("finds the accounts in events and the message types", () => {
    const [tx] = bundle.txs;
    const accounts = tx?.accounts.map((a) => toBech32(a.account, prefix)) ?? [];
    expect(accounts).toContain("tcrc1j6xhntmfqauwn0rqhqc89yr9a2xqe8vxthedhp");
    expect(new Set(accounts).size).toBe(accounts.length);
    expect(tx?.msgTypes).toEqual(["ethermint.evm.v1.MsgEthereumTx"]);
  });
});

describe("deriveBlock on a real Cronos block with 5 txs (CometBFT 0.38 finalize_block_events)", () => {
  const block = resultOf<CometBlock>("cometbft/cronos-testnet-338-3_h27101811.block.json");
  const results = resultOf<CometBlockResults>("cometbft/cronos-testnet-338-3_h27101811.block_results.json");
  const byHash = readFixture<TxByHash>("cosmos-rest/cronos-testnet-338-3_h27101811.txs_by_hash.json");
  // Only one REST tx of the block was recorded; the other positions reuse its body (derivation
  // takes fees and messages from REST, hashes, results and events from CometBFT).
  const txs = Array.from({ length: 5 }, () => byHash.tx);
  const bundle = deriveBlock({ block, results, txs }, "tcrc");

  it("hashes every raw tx, and the recorded one matches the node's txhash and events", () => {
    expect(bundle.txs).toHaveLength(5);
    const match = bundle.txs.find((t) => t.response.txhash === byHash.tx_response.txhash);
    expect(match).toBeDefined();
    expect(match?.response.events).toEqual(withoutFalseIndex(byHash.tx_response.events));
    expect(match?.response.code).toBe(byHash.tx_response.code);
  });

  it("sums gas over the block's results", () => {
    const sum = (k: "gas_used" | "gas_wanted") =>
      (results.txs_results ?? []).reduce((n, r) => n + BigInt(r[k] ?? "0"), 0n);
    expect(bundle.block.gasUsed).toBe(sum("gas_used"));
    expect(bundle.block.gasWanted).toBe(sum("gas_wanted"));
  });
});

describe("deriveBlock on a real empty block whose lists are null", () => {
  it("derives an empty block", () => {
    const block = resultOf<CometBlock>("cometbft/kvstore-v0.38_block_h10_empty.json");
    const results = resultOf<CometBlockResults>("cometbft/kvstore-v0.38_block_results_h10_empty_nulls.json");
    const bundle = deriveBlock({ block, results, txs: [] }, "init");
    expect(bundle.txs).toEqual([]);
    expect(bundle.block).toMatchObject({ height: 10n, txCount: 0, gasUsed: 0n, gasWanted: 0n, totalFee: [] });
    expect(bundle.block.hash).toHaveLength(32);
  });

  it("refuses payloads that disagree", () => {
    const block = resultOf<CometBlock>("cometbft/cronos-testnet-338-3_h27101811.block.json");
    const results = resultOf<CometBlockResults>("cometbft/cronos-testnet-338-3_h27101811.block_results.json");
    expect(() => deriveBlock({ block, results, txs: [] }, "init")).toThrow(
      "block 27101811: 5 txs in /block, 5 results, 0 REST txs",
    );
  });
});

describe("truncateToMicros", () => {
  it.each([
    ["2026-01-01T00:03:20.029201123Z", "2026-01-01T00:03:20.029201Z"],
    ["2026-01-01T00:03:20.999999999Z", "2026-01-01T00:03:20.999999Z"],
    ["2026-01-01T00:03:20.0331Z", "2026-01-01T00:03:20.033100Z"],
    ["2026-01-01T00:03:20Z", "2026-01-01T00:03:20.000000Z"],
    ["2026-01-01T02:03:20.5+02:00", "2026-01-01T02:03:20.500000+02:00"],
  ])("truncates %s to %s (never rounds up)", (time, expected) => {
    expect(truncateToMicros(time)).toBe(expected);
  });

  it("refuses what is not RFC 3339", () => {
    expect(() => truncateToMicros("2026-01-01 00:03:20")).toThrow(
      'not an RFC 3339 time: "2026-01-01 00:03:20"',
    );
  });
});

describe("sumCoins (a block's total_fee)", () => {
  it("adds coins as the SDK does: one per denom, zeros dropped, denoms in byte order", () => {
    // An EVM block: bank sends pay uinit, EVM calls pay GAS; the reference prints GAS first.
    expect(
      sumCoins([
        { denom: "uinit", amount: "4761" },
        { denom: "GAS", amount: "847091250000" },
        { denom: "uinit", amount: "2222" },
        { denom: "ibc/AB", amount: "0" },
        { denom: "GAS", amount: "851006250000" },
      ]),
    ).toEqual([
      { denom: "GAS", amount: "1698097500000" },
      { denom: "uinit", amount: "6983" },
    ]);
  });
});
