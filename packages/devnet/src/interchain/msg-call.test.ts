/**
 * Cosmos txs of minievm MsgCalls on the rollup, signed as a wallet's Cosmos signer signs them: they
 * run through the EVM gateway's contract model (the one eth_sendRawTransaction uses), and their
 * effects reach the other chains (an OPinit withdrawal finalized on the L1, an OFT send delivered by
 * LayerZero on the EVM chain).
 */
import { encodeFunctionData, pad, parseAbi } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evmKey, OFT_RECEIVED_TOPIC } from "./evm-l1.js";
import { msgCallCodec, TYPE_MSG_CALL } from "./initia-protos.js";
import { EVM_L1, EVM_WRAPPER, type Interchain, LAYER_ZERO_WETH, startInterchain } from "./interchain.js";
import { createTestKey, signTx, type TestKey } from "./test-keys.js";

const ROLLUP = "weft-evm-1";
const ABI = parseAbi([
  "function approve(address spender, uint256 amount)",
  "function toRemoteAndOPWithdraw(string receiver, string localDenom, uint256 localAmount)",
  "function send((uint32 dstEid, bytes32 to, uint256 amountLD, uint256 minAmountLD, bytes extraOptions, bytes composeMsg, bytes oftCmd) sendParam, (uint256 nativeFee, uint256 lzTokenFee) fee, address refundAddress) payable",
]);
const FEE = 20_000_000_000_000_000n;
const E18 = 10n ** 18n;

let net: Interchain;
let alice: TestKey;
const rollup = () => net.chains.get(ROLLUP)?.chain;
const evmChain = () => net.chains.get(EVM_L1.chainId)?.chain;

beforeAll(async () => {
  alice = await createTestKey("alice");
  net = await startInterchain({
    genesis: {
      "weft-devnet-1": { "escrow/opinit/1": { uinit: 50_000_000n } },
      [ROLLUP]: {
        [alice.bech32("init")]: {
          [EVM_WRAPPER.localDenom]: 10n * E18,
          [LAYER_ZERO_WETH.rollup.denom]: 5n * E18,
        },
      },
    },
    withdrawalDelayBlocks: 1,
  });
  net.produce(1);
});
afterAll(async () => net?.close());

const call = (contract: string, input: `0x${string}`, value = 0n) => ({
  typeUrl: TYPE_MSG_CALL,
  value: msgCallCodec.encode({
    sender: alice.bech32("init"),
    contractAddr: contract,
    input,
    value: value.toString(),
  }),
});

/** Signs `messages` as one Cosmos tx (SIGN_MODE_DIRECT) and broadcasts it over REST. */
async function send(messages: ReturnType<typeof call>[]) {
  const account = rollup()?.account(alice.bech32("init")) ?? { number: 0n, sequence: 0n };
  const raw = await signTx({
    key: alice,
    chainId: ROLLUP,
    accountNumber: account.number,
    sequence: account.sequence,
    messages,
  });
  const res = await fetch(`${net.urls[ROLLUP]}/cosmos/tx/v1beta1/txs`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ tx_bytes: Buffer.from(raw).toString("base64"), mode: "BROADCAST_MODE_SYNC" }),
  });
  const { tx_response } = (await res.json()) as { tx_response: { code: number; txhash: string } };
  expect(tx_response.code).toBe(0);
  net.produce(1);
  const tx = rollup()?.findTx(tx_response.txhash);
  if (!tx) throw new Error("tx not included");
  return tx;
}

const oftSend = (amountLD: bigint, minAmountLD: bigint, to: string) =>
  encodeFunctionData({
    abi: ABI,
    functionName: "send",
    args: [
      {
        dstEid: LAYER_ZERO_WETH.evm.eid,
        to: pad(to as `0x${string}`, { size: 32 }),
        amountLD,
        minAmountLD,
        extraOptions: "0x",
        composeMsg: "0x",
        oftCmd: "0x",
      },
      { nativeFee: FEE, lzTokenFee: 0n },
      alice.hex as `0x${string}`,
    ],
  });

describe("MsgCall in a signed Cosmos tx on the minievm rollup", () => {
  it("approve + the wrapper's toRemoteAndOPWithdraw unwraps and withdraws to the L1", async () => {
    const amount = 3n * E18;
    const tx = await send([
      call(
        EVM_WRAPPER.localErc20,
        encodeFunctionData({
          abi: ABI,
          functionName: "approve",
          args: [EVM_WRAPPER.contract as `0x${string}`, amount],
        }),
      ),
      call(
        EVM_WRAPPER.contract,
        encodeFunctionData({
          abi: ABI,
          functionName: "toRemoteAndOPWithdraw",
          args: [alice.bech32("init"), EVM_WRAPPER.localDenom, amount],
        }),
      ),
    ]);
    expect(tx.result.code).toBe(0);
    expect(tx.result.events.map((e) => e.type)).toContain("initiate_token_withdrawal");
    expect(rollup()?.balance(alice.bech32("init"), EVM_WRAPPER.localDenom)).toBe(7n * E18);
    net.produce(4);
    expect(net.chains.get("weft-devnet-1")?.chain.balance(alice.bech32("init"), "uinit")).toBe(3_000_000n);
  });

  it("the OFT's payable send burns the tokens, pays the fee and LayerZero delivers on the EVM chain", async () => {
    const recipient = "0x00000000000000000000000000000000000000a1";
    const before = rollup()?.balance(alice.bech32("init"), EVM_WRAPPER.localDenom) ?? 0n;
    // 123 wei below the shared decimals stays with the sender.
    const tx = await send([
      call(LAYER_ZERO_WETH.rollup.contract, oftSend(2n * E18 + 123n, E18, recipient), FEE),
    ]);
    expect(tx.result.code).toBe(0);
    expect(tx.result.events.map((e) => e.type)).toEqual(["tx", "message", "evm", "layerzero_send"]);
    expect(rollup()?.balance(alice.bech32("init"), LAYER_ZERO_WETH.rollup.denom)).toBe(3n * E18);
    expect(rollup()?.balance(alice.bech32("init"), EVM_WRAPPER.localDenom)).toBe(before - FEE);
    expect(evmChain()?.balance(evmKey(recipient), evmKey(LAYER_ZERO_WETH.evm.token))).toBe(2n * E18);
    // A tracker sees the delivery as the OFT's OFTReceived log, by the send's guid, over JSON-RPC.
    const sent = tx.result.events.find((e) => e.type === "layerzero_send");
    const guid = sent?.attributes.find((a) => a.key === "guid")?.value ?? "";
    // biome-ignore lint/suspicious/noExplicitAny: JSON-RPC results are asserted field by field.
    const rpc = async (method: string, params: unknown[]): Promise<any> => {
      const res = await fetch(net.urls[EVM_L1.chainId] ?? "", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
      });
      return ((await res.json()) as { result: unknown }).result;
    };
    const [log, ...more] = await rpc("eth_getLogs", [{ topics: [OFT_RECEIVED_TOPIC, guid] }]);
    expect(more).toEqual([]);
    expect(log).toMatchObject({
      address: evmKey(LAYER_ZERO_WETH.evm.token),
      topics: [OFT_RECEIVED_TOPIC, guid, pad(recipient)],
      data: `0x${(40400).toString(16).padStart(64, "0")}${(2n * E18).toString(16).padStart(64, "0")}`,
      removed: false,
    });
    const delivered = evmChain()?.findTx(log.transactionHash.slice(2).toUpperCase());
    expect(delivered?.result.events.map((e) => e.type)).toContain("layerzero_receive");
    expect(await rpc("eth_getLogs", [{ topics: [OFT_RECEIVED_TOPIC, `0x${"0".repeat(64)}`] }])).toEqual([]);
  });

  it("reverts the whole tx, delivering nothing, when the fee is short or a non-payable call gets value", async () => {
    const recipient = "0x00000000000000000000000000000000000000b2";
    const short = await send([call(LAYER_ZERO_WETH.rollup.contract, oftSend(E18, E18, recipient), FEE - 1n)]);
    expect(short.result).toMatchObject({ code: 2, codespace: "evm" });
    expect(short.result.log).toContain("NotEnoughNative");
    const paid = await send([
      call(
        EVM_WRAPPER.localErc20,
        encodeFunctionData({
          abi: ABI,
          functionName: "approve",
          args: [EVM_WRAPPER.contract as `0x${string}`, 1n],
        }),
        1n,
      ),
    ]);
    expect(paid.result.log).toContain("approve is not payable");
    net.produce(1);
    expect(rollup()?.balance(alice.bech32("init"), LAYER_ZERO_WETH.rollup.denom)).toBe(3n * E18);
    expect(evmChain()?.balance(evmKey(recipient), evmKey(LAYER_ZERO_WETH.evm.token))).toBe(0n);
  });
});
