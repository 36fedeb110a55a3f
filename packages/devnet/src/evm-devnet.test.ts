import { createHash, ECDH } from "node:crypto";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bech32 } from "bech32";
import { AuthInfo, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { getAddress, keccak256, serializeTransaction } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFixture } from "./_test/real-rpc.js";
import { createChain } from "./chain/create-chain.js";
import { contractsOf, TRANSFER_TOPIC } from "./chain/evm-scenarios.js";
import { ZERO_ADDRESS } from "./chain/evm-trace-root.js";
import { cosmosTxEthHash } from "./chain/evm-view-txs.js";
import { type DevnetNode, startDevnetNode } from "./node-server.js";

const realResult = <T>(file: string) =>
  readFixture<{ response: { result: T } }[]>(`evm/${file}`)[0]?.response.result as T;
const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const BLOCKS = 40;

let node: DevnetNode;
const chain = createChain({ seed: 11, vm: "evm" });
beforeAll(async () => {
  node = await startDevnetNode({ chain, initialBlocks: BLOCKS });
});
afterAll(() => node.close());

async function rpc(method: string, params: unknown[]): Promise<{ result?: unknown; error?: unknown }> {
  const res = await fetch(node.url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 7, method, params }),
  });
  return (await res.json()) as { result?: unknown; error?: unknown };
}

const heights = Array.from({ length: BLOCKS }, (_, i) => i + 1);
const allTruth = heights.flatMap((h) => chain.evm(h).truth);

describe("EVM devnet chain", () => {
  it("is deterministic per seed, and EVM mode leaves the Cosmos txs of the Move chain as they were", () => {
    const dump = (c: ReturnType<typeof createChain>) =>
      sha(JSON.stringify(heights.map((h) => [c.block(h), c.evm(h).receipts, c.evm(h).traces])));
    expect(dump(createChain({ seed: 11, vm: "evm" }))).toBe(dump(chain));
    expect(dump(createChain({ seed: 12, vm: "evm" }))).not.toBe(dump(chain));
    // The Move chain's bank txs; its NFT txs (Move only) come after them.
    const move = createChain({ seed: 11, nftTxs: false });
    for (const h of heights.slice(0, 10)) {
      const n = move.block(h).txs.length;
      expect(chain.block(h).txs.slice(0, n)).toEqual(move.block(h).txs);
      expect(move.evm(h).receipts).toEqual([]);
    }
  });

  it("covers the scenarios an indexer must handle", () => {
    const frames = allTruth.flatMap((t) => t.internalTxs);
    expect(new Set(frames.map((f) => f.type))).toEqual(
      new Set(["CALL", "STATICCALL", "DELEGATECALL", "CREATE"]),
    );
    expect(allTruth.filter((t) => t.status === "0x0").length).toBeGreaterThan(0);
    expect(allTruth.filter((t) => t.contractAddress !== null).length).toBeGreaterThan(0);
    const logs = heights.flatMap((h) =>
      chain.evm(h).receipts.flatMap((r) => r.logs as { topics: string[]; data: string }[]),
    );
    expect(logs.some((l) => l.topics.length === 3)).toBe(true); // ERC-20 Transfer
    expect(logs.some((l) => l.topics.length === 4 && l.data === "0x")).toBe(true); // ERC-721 Transfer
    expect(Math.max(...frames.map((f) => f.index))).toBeGreaterThanOrEqual(4);
  });

  it("carries each EVM tx as a Cosmos tx with one MsgCall or MsgCreate, signed by the same account", () => {
    let checked = 0;
    for (const h of heights) {
      const block = chain.block(h);
      const evm = chain.evm(h);
      const cosmos = chain.truth(h).map((t) => t.hash);
      evm.truth.forEach((truth, i) => {
        if (truth.from === ZERO_ADDRESS) return;
        const position = cosmos.indexOf(truth.cosmosHash);
        const rest = block.txs[position];
        const msg = rest?.body.messages[0] as Record<string, string>;
        const receipt = evm.receipts[i] as { from: string; to: string | null; transactionHash: string };
        expect(msg["@type"]).toBe(
          receipt.to === null ? "/minievm.evm.v1.MsgCreate" : "/minievm.evm.v1.MsgCall",
        );
        if (receipt.to !== null) expect(msg.contract_addr).toBe(receipt.to);
        const sender = Buffer.from(bech32.fromWords(bech32.decode(msg.sender ?? "").words)).toString("hex");
        expect(`0x${sender}`).toBe(receipt.from);
        // The signer a node derives from the ethsecp256k1 key is the receipt's `from`.
        const raw = TxRaw.decode(Buffer.from(block.block.block.data.txs[position] ?? "", "base64"));
        const key = AuthInfo.decode(raw.authInfoBytes).signerInfos[0]?.publicKey?.value.subarray(2);
        const uncompressed = ECDH.convertKey(
          Buffer.from(key ?? []),
          "secp256k1",
          undefined,
          undefined,
          "uncompressed",
        ) as Buffer;
        expect(
          `0x${Buffer.from(keccak_256(uncompressed.subarray(1)))
            .subarray(12)
            .toString("hex")}`,
        ).toBe(receipt.from);
        expect(receipt.transactionHash).toBe(truth.hash);
        checked++;
      });
    }
    expect(checked).toBeGreaterThan(20);
  });

  it("gives each successful bank send an Ethereum face, as minievm's EVM indexer does", () => {
    // The recorded pair (minievm-v1.2.18 eth_getBlockReceipts.bank-send and _recording.json).
    expect(cosmosTxEthHash("187D2ED25B0AEB9BDF9F9F18E251448F82D14548D57D9B5E059708CBBAE3AE26")).toBe(
      "0xb982c012ed7a1b66f72e2c42c0a80ffb40c5e0e3a713e82731df1467e3fc2610",
    );
    const token = chain.contractByDenom("uinit");
    let checked = 0;
    for (const h of heights) {
      const evm = chain.evm(h);
      const sends = chain.truth(h).filter((t) => t.code === 0 && t.msgType === "cosmos.bank.v1beta1.MsgSend");
      const faces = evm.truth.filter((t) => t.from === ZERO_ADDRESS);
      // Receipts follow block order: the bank stream's txs come before the EVM stream's.
      expect(faces.map((t) => t.cosmosHash)).toEqual(sends.map((t) => t.hash));
      expect(evm.truth.slice(0, faces.length)).toEqual(faces);
      for (const face of faces) {
        const receipt = evm.receipts[face.index] as Record<string, unknown>;
        const send = sends.find((t) => t.hash === face.cosmosHash);
        const moved = send?.moved?.[0];
        const hexOf = (a: string) =>
          `0x${Buffer.from(bech32.fromWords(bech32.decode(a).words)).toString("hex")}`;
        expect(receipt).toMatchObject({
          contractAddress: null,
          effectiveGasPrice: "0x0",
          from: ZERO_ADDRESS,
          status: "0x1",
          to: null,
          transactionHash: cosmosTxEthHash(face.cosmosHash),
          type: "0x0",
          logs: [
            {
              address: token,
              topics: [
                TRANSFER_TOPIC,
                `0x${hexOf(moved?.from ?? "")
                  .slice(2)
                  .padStart(64, "0")}`,
                `0x${hexOf(moved?.to ?? "")
                  .slice(2)
                  .padStart(64, "0")}`,
              ],
              data: `0x${BigInt(moved?.amount ?? 0)
                .toString(16)
                .padStart(64, "0")}`,
            },
          ],
        });
        expect(face.accounts).toEqual([
          ZERO_ADDRESS,
          token,
          hexOf(moved?.from ?? ""),
          hexOf(moved?.to ?? ""),
        ]);
        expect((evm.block(false).transactions as string[])[face.index]).toBe(face.hash);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it("traces every tx under minievm's wrapper root, the fee token's decimals() first", () => {
    const token = chain.contractByDenom("uinit");
    let checked = 0;
    for (const h of heights.slice(1)) {
      const { traces, truth } = chain.evm(h);
      traces.forEach(({ result }, i) => {
        const signed = truth[i]?.from !== ZERO_ADDRESS;
        expect(Object.keys(result)).toEqual(["from", "gas", "gasUsed", "to", "input", "calls", "type"]);
        expect(result).toMatchObject({ from: ZERO_ADDRESS, to: ZERO_ADDRESS, input: "0x", type: "CALL" });
        const calls = result.calls as Record<string, unknown>[];
        const decimals = calls.slice(0, signed ? 2 : 1);
        for (const d of decimals)
          expect(d).toMatchObject({ from: ZERO_ADDRESS, to: token, input: "0x313ce567", type: "STATICCALL" });
        const own = calls[decimals.length] as Record<string, unknown>;
        if (signed) expect(own.from).toBe(truth[i]?.from);
        else
          expect(own).toMatchObject({ from: `0x${"0".repeat(39)}1`, to: token, type: "CALL", value: "0x0" });
        // Weft numbers the frames depth-first from the wrapper (index 0, parent -1).
        const frames = truth[i]?.internalTxs ?? [];
        expect(frames.slice(0, decimals.length + 2).map((f) => [f.index, f.parentIndex, f.type])).toEqual([
          [0, -1, "CALL"],
          ...decimals.map((_, j) => [j + 1, 0, "STATICCALL"]),
          [decimals.length + 1, 0, own.type],
        ]);
        expect(frames[0]?.accounts).toEqual([ZERO_ADDRESS]);
        checked++;
      });
    }
    expect(checked).toBeGreaterThan(40);
    expect(chain.evm(1).truth.every((t) => t.internalTxs.length === 0)).toBe(true);
  });

  it("hashes each EVM tx as keccak256 of its signed EIP-1559 serialisation", () => {
    let checked = 0;
    for (const h of heights.slice(0, 15)) {
      const block = chain.evm(h).block(true) as { transactions: Record<string, string>[] };
      for (const tx of block.transactions.filter((t) => t.type === "0x2")) {
        const serialized = serializeTransaction(
          {
            type: "eip1559",
            chainId: Number(tx.chainId),
            nonce: Number(tx.nonce),
            to: tx.to as `0x${string}` | null,
            data: tx.input as `0x${string}`,
            value: BigInt(tx.value ?? "0x0"),
            gas: BigInt(tx.gas ?? "0x0"),
            maxFeePerGas: BigInt(tx.maxFeePerGas ?? "0x0"),
            maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas ?? "0x0"),
          },
          { r: tx.r as `0x${string}`, s: tx.s as `0x${string}`, yParity: Number(tx.yParity) },
        );
        expect(keccak256(serialized)).toBe(tx.hash);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(5);
  });
});

describe("EVM JSON-RPC", () => {
  // A block with a signed tx whose own frame calls (wrapper, two decimals(), the tx, its calls).
  const height = heights.find((h) => chain.evm(h).truth.some((t) => t.internalTxs.length > 4)) ?? 1;

  it("serves blocks, receipts and callTracer traces in the shapes of real nodes", async () => {
    expect(await rpc("eth_blockNumber", [])).toEqual({
      jsonrpc: "2.0",
      id: 7,
      result: `0x${BLOCKS.toString(16)}`,
    });
    const realBlock = realResult<Record<string, unknown>>(
      "eth_getBlockByNumber_fullTx_mainnet_18000000.json",
    );
    const block = (await rpc("eth_getBlockByNumber", [`0x${height.toString(16)}`, true])).result as Record<
      string,
      unknown
    >;
    const withoutWithdrawals = Object.keys(realBlock).filter((k) => !k.startsWith("withdrawals"));
    expect(Object.keys(block)).toEqual(withoutWithdrawals);
    const realTx = (realBlock.transactions as Record<string, unknown>[]).find((t) => t.type === "0x2") ?? {};
    const tx = (block.transactions as Record<string, unknown>[]).find((t) => t.type === "0x2") ?? {};
    expect(Object.keys(tx)).toEqual(Object.keys(realTx).filter((k) => k !== "blockTimestamp"));
    expect(block.hash).toBe(`0x${chain.block(height).block.block_id.hash.toLowerCase()}`);

    const receipts = (await rpc("eth_getBlockReceipts", [`0x${height.toString(16)}`])).result as Record<
      string,
      unknown
    >[];
    const realReceipt =
      realResult<Record<string, unknown>[]>("eth_getBlockReceipts_mainnet_18000000.json")[9] ?? {};
    for (const r of receipts) expect(Object.keys(r)).toEqual(Object.keys(realReceipt));
    expect(receipts).toEqual(chain.evm(height).receipts);

    const traces = (
      await rpc("debug_traceBlockByNumber", [`0x${height.toString(16)}`, { tracer: "callTracer" }])
    ).result as { txHash: string; result: Record<string, unknown> }[];
    expect(traces.map((t) => t.txHash)).toEqual(receipts.map((r) => r.transactionHash));
    const allowed = [
      "from",
      "gas",
      "gasUsed",
      "to",
      "input",
      "output",
      "error",
      "revertReason",
      "calls",
      "value",
      "type",
    ];
    const walk = (f: Record<string, unknown>): void => {
      for (const k of Object.keys(f)) expect(allowed).toContain(k);
      for (const c of (f.calls as Record<string, unknown>[] | undefined) ?? []) walk(c);
    };
    for (const t of traces) walk(t.result);
  });

  it("answers like geth beyond the head, for unknown methods and other tracers", async () => {
    const beyond = `0x${(BLOCKS + 5).toString(16)}`;
    expect(await rpc("eth_getBlockReceipts", [beyond])).toEqual({ jsonrpc: "2.0", id: 7, result: null });
    expect(await rpc("debug_traceBlockByNumber", [beyond, { tracer: "callTracer" }])).toEqual({
      jsonrpc: "2.0",
      id: 7,
      error: { code: -32000, message: "requested height is greater than the latest block height" },
    });
    expect(await rpc("eth_foo", [])).toEqual({
      jsonrpc: "2.0",
      id: 7,
      error: { code: -32601, message: "the method eth_foo does not exist/is not available" },
    });
  });

  it("injects faults on JSON-RPC requests too", async () => {
    node.faults.errorRate = 0.3;
    let errors = 0;
    for (let i = 0; i < 100; i++) {
      const res = await fetch(node.url, {
        method: "POST",
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] }),
      });
      if (res.status === 500) errors++;
      await res.arrayBuffer();
    }
    node.faults.errorRate = 0;
    expect(errors).toBeGreaterThan(15);
    expect(errors).toBeLessThan(45);
  });
});

describe("REST routes an indexer's read API asks", () => {
  const ask = async (path: string) => {
    const res = await fetch(`${node.url}${path}`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it("maps a denom to its ERC-20 as minievm's contracts/by_denom: the fee denoms, evm/<hex>, else not found", async () => {
    const token = contractsOf(11).token;
    // minievm answers the address in its EIP-55 checksum case.
    expect(await ask("/minievm/evm/v1/contracts/by_denom?denom=uinit")).toEqual({
      status: 200,
      body: { address: getAddress(token) },
    });
    expect(await ask(`/minievm/evm/v1/contracts/by_denom?denom=evm/${token.slice(2).toUpperCase()}`)).toEqual(
      {
        status: 200,
        body: { address: getAddress(token) },
      },
    );
    // GAS, what the EVM txs pay their fees in, is an ERC-20 of its own.
    const gas = await ask("/minievm/evm/v1/contracts/by_denom?denom=GAS");
    expect(gas.status).toBe(200);
    expect(gas.body.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(String(gas.body.address).toLowerCase()).not.toBe(token);
    expect(await ask("/minievm/evm/v1/contracts/by_denom?denom=ufoo")).toEqual({
      status: 404,
      body: { code: 5, message: "collections: not found: key 'ufoo' of type bytes", details: [] },
    });
  });

  it("answers opchild's validator for the block proposer (its consensus address as valoper), 404 otherwise", async () => {
    const proposer = chain.block(1).block.block.header.proposer_address;
    const valoper = bech32.encode("initvaloper", bech32.toWords(Buffer.from(proposer, "hex")));
    const { status, body } = await ask(`/opinit/opchild/v1/validator/${valoper}`);
    expect(status).toBe(200);
    expect(body.validator).toMatchObject({
      moniker: "devnet-validator-11",
      operator_address: valoper,
      cons_power: "1",
    });
    expect(Object.keys(body.validator as object)).toEqual([
      "moniker",
      "operator_address",
      "consensus_pubkey",
      "cons_power",
    ]);
    const other = bech32.encode("initvaloper", bech32.toWords(Buffer.alloc(20, 9)));
    expect(await ask(`/opinit/opchild/v1/validator/${other}`)).toEqual({
      status: 404,
      body: { code: 5, message: `validator ${other} not found`, details: [] },
    });
  });
});
