/**
 * What the recorder does on a minievm chain: the txs that make its blocks worth recording (a Cosmos
 * bank send, an EVM contract deploy, a call into it with a log and an internal call, a native value
 * transfer) and then every node method Weft calls, asked about those blocks.
 */
import { createPublicClient, createWalletClient, defineChain, type Hex, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { NodeCli } from "../node/node-cli.js";
import { type NodeUrls, type RecordedRequest, rpcCall } from "./record-http.js";

/** The well-known first account of `test test ... junk`: the genesis validator's key on the recorded chain. */
const TEST_PRIVATE_KEY: Hex = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
/** A topic the deployed contract logs on every call. */
export const CALL_TOPIC = `0x${"11".repeat(32)}`;
const GAS_LIMIT = 500_000n;
/** The test account's own valoper: a valid address opchild does not know (its validator is the consensus key's). */
const UNKNOWN_VALOPER = "initvaloper17w0adeg64ky0daxwd2ugyuneellmjgnxewzcwj";

/**
 * Runtime code: LOG1(topic CALL_TOPIC, no data), then CALL the identity precompile (0x04) with
 * all gas and no value, POP, STOP. Init code copies it out and returns it.
 */
const RUNTIME = `7f${CALL_TOPIC.slice(2)}60006000a16000600060006000600060045af15000`;
const INIT_CODE: Hex = `0x60${(RUNTIME.length / 2).toString(16)}80600b6000396000f3${RUNTIME}`;

export interface MinievmFacts {
  chainId: string;
  sender: { bech32: string; hex: string };
  receiver: string;
  valoper: string;
  send: { height: number; hash: string };
  deploy: { height: number; hash: string; contract: string };
  call: { height: number; hash: string };
  value: { height: number; hash: string };
  feeToken: string;
  emptyHeight: number;
  head: number;
}

export interface Case {
  name: string;
  about: string;
  request: RecordedRequest;
}

interface Ctx {
  cli: NodeCli;
  home: string;
  urls: NodeUrls & { jsonRpc: string };
  chainId: string;
  /** Key names in the home's test keyring. */
  from: string;
  to: string;
}

const getJson = async <T>(url: string): Promise<T> => (await (await fetch(url)).json()) as T;

/** Sends the txs and learns what the cases ask about. */
export async function runMinievmTxs(ctx: Ctx): Promise<MinievmFacts> {
  const { cli, home, urls } = ctx;
  const keyring = ["--keyring-backend", "test", "--home", home];
  const sender = (await cli.run(["keys", "show", ctx.from, "-a", ...keyring])).trim();
  const receiver = (await cli.run(["keys", "show", ctx.to, "-a", ...keyring])).trim();
  const sent = await cli.json<{ txhash: string }>([
    ...["tx", "bank", "send", ctx.from, receiver, "1000000GAS", ...keyring],
    ...["--chain-id", ctx.chainId, "--node", urls.rpc.replace(/^http/, "tcp"), "--gas", "200000"],
    ...["--fees", "0GAS", "--yes", "--output", "json"],
  ]);
  const sendHeight = await txHeight(urls.rpc, sent.txhash);

  const chainIdAnswer = (await (await fetch(urls.jsonRpc, post(rpcCall("eth_chainId", [])))).json()) as {
    result: string;
  };
  const evmChainId = Number.parseInt(chainIdAnswer.result, 16);
  const chain = defineChain({
    id: evmChainId,
    name: ctx.chainId,
    nativeCurrency: { name: "GAS", symbol: "GAS", decimals: 18 },
    rpcUrls: { default: { http: [urls.jsonRpc] } },
  });
  const account = privateKeyToAccount(TEST_PRIVATE_KEY);
  const wallet = createWalletClient({ account, chain, transport: http(urls.jsonRpc) });
  const pub = createPublicClient({ chain, transport: http(urls.jsonRpc) });
  const mined = async (hash: Hex) => pub.waitForTransactionReceipt({ hash, timeout: 60_000 });
  const deploy = await mined(await wallet.sendTransaction({ data: INIT_CODE, gas: GAS_LIMIT }));
  if (!deploy.contractAddress) throw new Error("the deploy created no contract");
  const call = await mined(await wallet.sendTransaction({ to: deploy.contractAddress, gas: GAS_LIMIT }));
  const value = await mined(
    await wallet.sendTransaction({ to: `0x${"22".repeat(20)}`, value: 12_345n, gas: GAS_LIMIT }),
  );
  const feeToken = (
    await getJson<{ address: string }>(`${urls.rest}/minievm/evm/v1/contracts/by_denom?denom=GAS`)
  ).address;
  const status = await getJson<{
    result: { sync_info: { latest_block_height: string }; node_info: { network: string } };
  }>(`${urls.rpc}/status`);
  const validator = await getJson<{ validators: { operator_address: string }[] }>(
    `${urls.rest}/opinit/opchild/v1/validators`,
  );
  return {
    chainId: status.result.node_info.network,
    sender: { bech32: sender, hex: account.address.toLowerCase() },
    receiver,
    valoper: validator.validators[0]?.operator_address ?? "",
    send: { height: sendHeight, hash: sent.txhash },
    deploy: {
      height: Number(deploy.blockNumber),
      hash: deploy.transactionHash,
      contract: deploy.contractAddress,
    },
    call: { height: Number(call.blockNumber), hash: call.transactionHash },
    value: { height: Number(value.blockNumber), hash: value.transactionHash },
    feeToken,
    emptyHeight: sendHeight - 1,
    head: Number(status.result.sync_info.latest_block_height),
  };
}

const post = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

/** The height of a committed Cosmos tx, polled from CometBFT `/tx`. */
export async function txHeight(rpc: string, hash: string): Promise<number> {
  for (const until = Date.now() + 60_000; Date.now() < until; ) {
    const env = await getJson<{ result?: { height: string } }>(`${rpc}/tx?hash=0x${hash}`).catch(() => ({}));
    if ("result" in env && env.result) return Number(env.result.height);
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`tx ${hash} was not committed within 60 s`);
}

const q = (n: number) => `0x${n.toString(16)}`;
const get = (port: "rpc" | "rest", path: string): RecordedRequest => ({ port, method: "GET", path });
const evm = (method: string, params: unknown[]): RecordedRequest => ({
  port: "json-rpc",
  method: "POST",
  path: "",
  body: rpcCall(method, params),
});

/** Every node method Weft calls on a minievm chain, as the cases the fixtures keep. */
export function minievmCases(f: MinievmFacts): Case[] {
  const future = f.head + 100_000;
  const trace = (h: number | string) => evm("debug_traceBlockByNumber", [h, { tracer: "callTracer" }]);
  return [
    ...cometCases(f.send.height, future),
    {
      name: "block_results.evm-call",
      about: "block_results of the block with the EVM call (MsgCall events, evm logs)",
      request: get("rpc", `/block_results?height=${f.call.height}`),
    },
    {
      name: "tx.bank-send",
      about: "CometBFT /tx of the bank send (the transfer tracker)",
      request: get("rpc", `/tx?hash=0x${f.send.hash}`),
    },
    {
      name: "tx.not-found",
      about: "CometBFT /tx of a hash the node never saw",
      request: get("rpc", `/tx?hash=0x${"AB".repeat(32)}`),
    },
    {
      name: "tx_search.bank-send",
      about: "CometBFT /tx_search by a transfer event (the transfer tracker)",
      request: get(
        "rpc",
        `/tx_search?query=${encodeURIComponent(`"transfer.recipient='${f.receiver}'"`)}&order_by=%22asc%22`,
      ),
    },
    ...restCases(f.send.height, future, f.valoper),
    {
      name: "txs-by-block.evm-call",
      about: "REST txs of the block with the EVM call (a MsgCall)",
      request: get(
        "rest",
        `/cosmos/tx/v1beta1/txs/block/${f.call.height}?pagination.limit=100&pagination.offset=0`,
      ),
    },
    ...bankCases(f.sender.bech32, "GAS"),
    {
      name: "contracts-by-denom.fee-denom",
      about: "minievm's ERC-20 of the fee denom",
      request: get("rest", "/minievm/evm/v1/contracts/by_denom?denom=GAS"),
    },
    {
      name: "contracts-by-denom.unknown",
      about: "a denom minievm maps to no contract",
      request: get("rest", "/minievm/evm/v1/contracts/by_denom?denom=nope"),
    },
    { name: "eth_blockNumber", about: "the head (the ingest probe)", request: evm("eth_blockNumber", []) },
    ...(
      [
        ["bank-send", f.send.height, "a Cosmos bank send (a receipt from 0x0 with the fee token's Transfer)"],
        ["evm-create", f.deploy.height, "an EVM contract deploy"],
        ["evm-call", f.call.height, "an EVM call that logs and calls a precompile"],
        ["evm-value", f.value.height, "a native value transfer (the fee token's Transfer)"],
        ["empty", f.emptyHeight, "a block without txs"],
      ] as const
    ).flatMap(([what, height, about]) => [
      { name: `eth_getBlockReceipts.${what}`, about, request: evm("eth_getBlockReceipts", [q(height)]) },
      { name: `debug_traceBlockByNumber.${what}`, about, request: trace(q(height)) },
    ]),
    {
      name: "eth_getBlockReceipts.future-height",
      about: "receipts of a height above the head",
      request: evm("eth_getBlockReceipts", [q(future)]),
    },
    {
      name: "debug_traceBlockByNumber.genesis",
      about: "tracing height 1 (Weft's default start height)",
      request: trace("0x1"),
    },
    {
      name: "debug_traceBlockByNumber.future-height",
      about: "tracing a height above the head",
      request: trace(q(future)),
    },
    {
      name: "eth_getBlockByNumber.evm-call",
      about: "the EVM block of the call (its timestamp; the transfer tracker)",
      request: evm("eth_getBlockByNumber", [q(f.call.height), false]),
    },
    {
      name: "eth_getLogs.call-topic",
      about: "eth_getLogs by topic over the whole chain (the transfer tracker's OFT read)",
      request: evm("eth_getLogs", [{ fromBlock: "earliest", toBlock: "latest", topics: [CALL_TOPIC] }]),
    },
    {
      name: "cosmos_cosmosTxHashByTxHash.evm-call",
      about: "the Cosmos tx hash of the EVM call",
      request: evm("cosmos_cosmosTxHashByTxHash", [f.call.hash]),
    },
    {
      name: "eth_call.fee-token-balance-of",
      about: "ERC-20 balanceOf(sender) on the fee token (router balances)",
      request: evm("eth_call", [
        { to: f.feeToken, data: `0x70a08231${f.sender.hex.slice(2).padStart(64, "0")}` },
        "latest",
      ]),
    },
    {
      name: "eth_call.revert",
      about: "a call the contract reverts (an unknown selector on the fee token)",
      request: evm("eth_call", [{ to: f.feeToken, data: "0xdeadbeef" }, "latest"]),
    },
    {
      name: "eth_getBalance.sender",
      about: "the sender's native balance (router balances)",
      request: evm("eth_getBalance", [f.sender.hex, "latest"]),
    },
  ];
}

/** CometBFT RPC cases every chain shares, about a block with a bank send. */
export function cometCases(height: number, future: number): Case[] {
  return [
    { name: "status", about: "the node's status (head, chain id)", request: get("rpc", "/status") },
    {
      name: "block.bank-send",
      about: "the block with the bank send",
      request: get("rpc", `/block?height=${height}`),
    },
    {
      name: "block_results.bank-send",
      about: "block_results of the block with the bank send",
      request: get("rpc", `/block_results?height=${height}`),
    },
    {
      name: "block.future-height",
      about: "a block above the head",
      request: get("rpc", `/block?height=${future}`),
    },
    {
      name: "block_results.future-height",
      about: "block_results above the head",
      request: get("rpc", `/block_results?height=${future}`),
    },
    {
      name: "batch.block-and-results",
      about: "CometBFT JSON-RPC batch (POST) of block and block_results, as Weft's backfill sends it",
      request: {
        port: "rpc",
        method: "POST",
        path: "/",
        body: [
          rpcCall("block", { height: String(height) }, 0),
          rpcCall("block_results", { height: String(height) }, 1),
        ],
      },
    },
  ];
}

/** Cosmos REST cases every chain shares. */
export function restCases(height: number, future: number, valoper: string): Case[] {
  return [
    {
      name: "txs-by-block.bank-send",
      about: "REST txs of the block with the bank send",
      request: get("rest", `/cosmos/tx/v1beta1/txs/block/${height}?pagination.limit=100&pagination.offset=0`),
    },
    {
      name: "txs-by-block.future-height",
      about: "REST txs of a height above the head",
      request: get("rest", `/cosmos/tx/v1beta1/txs/block/${future}?pagination.limit=100&pagination.offset=0`),
    },
    {
      name: "opchild-validator.proposer",
      about: "the block proposer's opchild validator (moniker, operator address)",
      request: get("rest", `/opinit/opchild/v1/validator/${valoper}`),
    },
    {
      name: "opchild-validator.unknown",
      about: "a valoper opchild does not know",
      request: get("rest", `/opinit/opchild/v1/validator/${UNKNOWN_VALOPER}`),
    },
    {
      name: "auth-accounts.first-page",
      about: "the first page of accounts (the rich list's initial scan)",
      request: get("rest", "/cosmos/auth/v1beta1/accounts?pagination.limit=2"),
    },
  ];
}

/** Bank balance cases about `address`. */
export function bankCases(address: string, denom: string): Case[] {
  return [
    {
      name: "bank-balances.sender",
      about: "every balance of the sender (the rich list's initial scan)",
      request: get("rest", `/cosmos/bank/v1beta1/balances/${address}?pagination.limit=100`),
    },
    {
      name: "bank-balance-by-denom.sender",
      about: "the sender's balance of the fee denom (router balances)",
      request: get("rest", `/cosmos/bank/v1beta1/balances/${address}/by_denom?denom=${denom}`),
    },
    {
      name: "bank-balance-by-denom.empty",
      about: "a denom the sender holds none of",
      request: get("rest", `/cosmos/bank/v1beta1/balances/${address}/by_denom?denom=unheld`),
    },
  ];
}
