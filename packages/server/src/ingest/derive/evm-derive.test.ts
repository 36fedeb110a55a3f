import { describe, expect, it } from "vitest";
import { readFixture } from "../../_test/real-rpc.js";
import { deriveEvmInternalTxs, hexThroughBytes } from "./evm-internal-txs.js";
import type { CallFrame, EvmReceipt, TraceEntry } from "./evm-payloads.js";
import { deriveEvmTxs } from "./evm-txs.js";

type Exchange<T> = { request: unknown; response: { result: T } }[];
const receipts18m = readFixture<Exchange<EvmReceipt[]>>("evm/eth_getBlockReceipts_mainnet_18000000.json")[0]
  ?.response.result as EvmReceipt[];
const hex = (s: string) => Buffer.from(s.replace(/^0x/, ""), "hex");
const BLOCK_HASH = "0x95b198e154acbfc64109dfd22d8224fe927fd8dfdedfae01587674482ba4baf3";

describe("deriveEvmTxs on real mainnet receipts (block 18,000,000)", () => {
  const rows = deriveEvmTxs(receipts18m);

  it("keeps one row per receipt, in receipt order, keyed by the tx hash", () => {
    expect(rows).toHaveLength(94);
    expect(rows.map((r) => `0x${r.hash.toString("hex")}`)).toEqual(receipts18m.map((r) => r.transactionHash));
  });

  it('stores a contract creation exactly as the reference: to "", logs without blockTimestamp', () => {
    const creation = rows[9];
    const log = (logIndex: string, topic0: string, data: string) => ({
      address: "0x0a82fc64ecfd6669899857ae3bb4c85398721fdd",
      topics: [
        topic0,
        "0x0000000000000000000000000000000000000000000000000000000000000000",
        "0x000000000000000000000000c0f1c87de7d8235cb960ed8742659503a4881c73",
      ],
      data,
      blockNumber: "0x112a880",
      transactionHash: "0x24578bf2676fabd01269543dda61e53496a3282b1d9794ddb141319578052359",
      transactionIndex: "0x9",
      blockHash: BLOCK_HASH,
      logIndex,
      removed: false,
    });
    expect(creation?.data).toBe(
      JSON.stringify({
        blockHash: BLOCK_HASH,
        blockNumber: "0x112a880",
        contractAddress: "0x0a82fc64ecfd6669899857ae3bb4c85398721fdd",
        cumulativeGasUsed: "0x686a7a",
        effectiveGasPrice: "0x54a485839",
        from: "0xc0f1c87de7d8235cb960ed8742659503a4881c73",
        gasUsed: "0x2f8f53",
        logs: [
          log("0x36", "0x8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0", "0x"),
          log(
            "0x37",
            "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef",
            "0x0000000000000000000000000000000000000000000000008ac7230489e80000",
          ),
        ],
        logsBloom: receipts18m[9]?.logsBloom,
        status: "0x1",
        to: "",
        transactionHash: "0x24578bf2676fabd01269543dda61e53496a3282b1d9794ddb141319578052359",
        transactionIndex: "0x9",
        type: "0x2",
      }),
    );
    // from (signer), the created contract, and the zero address of the mint topics; deduplicated.
    expect(creation?.accounts).toEqual([
      { account: hex("c0f1c87de7d8235cb960ed8742659503a4881c73"), signer: true },
      { account: hex("0a82fc64ecfd6669899857ae3bb4c85398721fdd"), signer: false },
      { account: hex("0000000000000000000000000000000000000000"), signer: false },
    ]);
  });

  it("takes address-shaped topics after the first, and no other topic", () => {
    const tx = rows[19];
    const accounts = tx?.accounts.map((a) => a.account.toString("hex")) ?? [];
    // from, then to (here the emitting contract itself), then the log's indexed addresses.
    expect(receipts18m[19]?.to).toBe("0x00000000000000adc04c56bf30ac9d3c0aaf14dc");
    expect(accounts.slice(0, 3)).toEqual([
      "7d88160b804af6e973331ee1e42c2bded1a3132a",
      "00000000000000adc04c56bf30ac9d3c0aaf14dc",
      "84b4fe12c5af4d8e067041924601bbb5c3bfabb6",
    ]);
    expect(accounts).toContain("84b4fe12c5af4d8e067041924601bbb5c3bfabb6");
    // 0x000000e7ec00e7b3... starts with 12 zero bytes plus more zeros: still a 20-byte address.
    expect(accounts).toContain("000000e7ec00e7b300774b00001314b8610022b8");
    for (const row of rows) {
      expect(row.accounts.filter((a) => a.signer)).toHaveLength(1);
      const topic0s = (JSON.parse(row.data) as { logs: { topics: string[] }[] }).logs.map((l) => l.topics[0]);
      for (const t of topic0s) expect(accounts).not.toContain(t?.slice(26));
    }
  });
});

describe("deriveEvmInternalTxs on real callTracer traces", () => {
  const revert = readFixture<{ result: CallFrame }>("evm/geth-calltracer_inner_revert_reason.json").result;
  const txHash = `0x${"ab".repeat(32)}`;

  it("numbers frames depth-first, forces the top output to 0x and keeps reverted frames", () => {
    const rows = deriveEvmInternalTxs(7, [{ txHash, result: revert }]);
    const created = revert.calls?.[0];
    expect(rows.map((r) => JSON.parse(r.data))).toEqual([
      {
        height: 7,
        hash: txHash,
        parent_index: -1,
        index: 0,
        type: "CREATE",
        from: "0x3623191d4ccfbbdf09e8ebf6382a1f8257417bc1",
        to: "",
        input: revert.input,
        output: "0x",
        value: "0x00",
        gas: "0x2dc6c0",
        gasUsed: "0x025590",
      },
      {
        height: 7,
        hash: txHash,
        parent_index: 0,
        index: 1,
        type: "CREATE",
        from: "0xdebfb4b387033eac57af7b3de5116dd60056803b",
        to: "0xd15abca351f79181dedfb6d019e382db90f3628a",
        input: created?.input,
        output: created?.output,
        value: "0x00",
        gas: "0x2ba851",
        gasUsed: "0xe557",
      },
      {
        height: 7,
        hash: txHash,
        parent_index: 0,
        index: 2,
        type: "STATICCALL",
        from: "0xdebfb4b387033eac57af7b3de5116dd60056803b",
        to: "0xd15abca351f79181dedfb6d019e382db90f3628a",
        input: "0xc0406226",
        output: revert.calls?.[1]?.output,
        value: "0x",
        gas: "0x2ac548",
        gasUsed: "0x01b2",
      },
    ]);
    expect(Object.keys(JSON.parse(rows[0]?.data ?? "{}"))).toEqual([
      "height",
      "hash",
      "parent_index",
      "index",
      "type",
      "from",
      "to",
      "input",
      "output",
      "value",
      "gas",
      "gasUsed",
    ]);
    expect(rows[0]?.accounts).toEqual([hex("3623191d4ccfbbdf09e8ebf6382a1f8257417bc1")]);
    expect(rows[2]?.accounts).toEqual([
      hex("debfb4b387033eac57af7b3de5116dd60056803b"),
      hex("d15abca351f79181dedfb6d019e382db90f3628a"),
    ]);
  });

  it("derives every frame of a whole mainnet block with consistent parents", () => {
    const entries = readFixture<Exchange<TraceEntry[]>>(
      "evm/debug_traceBlockByNumber_callTracer_mainnet_24298763.json",
    )[0]?.response.result as TraceEntry[];
    const rows = deriveEvmInternalTxs(24298763, entries);
    const count = (f: CallFrame): number => 1 + (f.calls ?? []).reduce((n, c) => n + count(c), 0);
    expect(rows).toHaveLength(entries.reduce((n, e) => n + (e.result ? count(e.result) : 0), 0));
    expect(rows).toHaveLength(1758);
    const first = entries[0];
    // Entry 0: the top CALL, then CALL > CALL > CALL > CALL: the first leaf is four levels down.
    expect(JSON.parse(rows[4]?.data ?? "{}")).toEqual({
      height: 24298763,
      hash: first?.txHash,
      parent_index: 3,
      index: 4,
      type: "CALL",
      from: "0x000000000004444c5dc75cb358380d2e3de08a90",
      to: "0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2",
      input:
        "0xa9059cbb0000000000000000000000000000000aa232009084bd71a5797d089aa4edfad400000000000000000000000000000000000000000000000000124be5086bd2a8",
      output: "0x0000000000000000000000000000000000000000000000000000000000000001",
      value: "0x00",
      gas: "0x047e5b",
      gasUsed: "0x323e",
    });
    // Within a tx, indexes are 0..n-1 and every parent precedes its child.
    const byTx = new Map<string, { index: number; parentIndex: number }[]>();
    for (const r of rows) byTx.set(r.hash.toString("hex"), [...(byTx.get(r.hash.toString("hex")) ?? []), r]);
    for (const frames of byTx.values()) {
      expect(frames.map((f) => f.index)).toEqual(frames.map((_, i) => i));
      for (const f of frames) expect(f.parentIndex).toBeLessThan(f.index);
    }
  });

  it("skips entries whose trace failed, as minievm reports them", () => {
    const failed = readFixture<{ result: TraceEntry[] }>(
      "initia/minievm-yominet-1/debug_traceBlockByNumber_error_entry.json",
    ).result;
    expect(deriveEvmInternalTxs(1, failed)).toEqual([]);
  });

  it.each([
    ["0x0", "0x00"],
    ["0x5208", "0x5208"],
    ["0xABC", "0x0abc"],
    ["", "0x"],
    [undefined, "0x"],
  ])("passes %s through bytes as %s", (input, output) => {
    expect(hexThroughBytes(input)).toBe(output);
  });
});
