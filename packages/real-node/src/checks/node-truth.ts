/**
 * The node's own answers the checks compare Weft with: blocks and their txs (CometBFT RPC), tx events
 * and balances (Cosmos REST), receipts, traces and ERC-20 balances (JSON-RPC). Generic over VMs; the
 * JSON-RPC readers are used only when the node has one.
 */
import { createHash } from "node:crypto";
import { getJson, jsonRpc } from "../node/node-queries.js";

/** Where a node answers (a RealNode fits). */
export interface NodeEndpoints {
  rpcUrl: string;
  restUrl: string;
  jsonRpcUrl: string | undefined;
}

export interface NodeBlock {
  height: number;
  /** Upper-case hex. */
  hash: string;
  /** RFC3339 with nanoseconds, as the header carries it. */
  time: string;
  /** Upper-case hex sha256 of each tx, in block order. */
  txHashes: string[];
}

interface RpcBlock {
  result: {
    block_id: { hash: string };
    block: { header: { height: string; time: string }; data: { txs: string[] | null } };
  };
}

export async function nodeBlock(node: NodeEndpoints, height: number): Promise<NodeBlock> {
  const { result } = await getJson<RpcBlock>(`${node.rpcUrl}/block?height=${height}`);
  return {
    height,
    hash: result.block_id.hash.toUpperCase(),
    time: result.block.header.time,
    txHashes: (result.block.data.txs ?? []).map((tx) =>
      createHash("sha256").update(Buffer.from(tx, "base64")).digest("hex").toUpperCase(),
    ),
  };
}

/** Nanoseconds since the epoch of an RFC3339 time with up to nine fractional digits. */
export function epochNanos(time: string): bigint {
  const m = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d+))?(Z|[+-]\d\d:\d\d)$/.exec(time);
  if (!m?.[1] || !m[3]) throw new Error(`not an RFC3339 time: ${time}`);
  const seconds = BigInt(Date.parse(`${m[1]}${m[3]}`)) / 1000n;
  return seconds * 1_000_000_000n + BigInt((m[2] ?? "").padEnd(9, "0").slice(0, 9));
}

export interface NodeEvent {
  type: string;
  attributes: { key: string; value: string }[];
}

/** A committed tx's events as the node's REST serves them (keys and values only). */
export async function nodeTxEvents(node: NodeEndpoints, hash: string): Promise<NodeEvent[]> {
  const body = await getJson<{ tx_response: { events: NodeEvent[] } }>(
    `${node.restUrl}/cosmos/tx/v1beta1/txs/${hash}`,
  );
  return body.tx_response.events.map((e) => ({
    type: e.type,
    attributes: e.attributes.map((a) => ({ key: a.key, value: a.value })),
  }));
}

/** An account's bank balance of `denom` at `height` (0 when it holds none). */
export async function nodeBankBalance(
  node: NodeEndpoints,
  account: string,
  denom: string,
  height: number,
): Promise<bigint> {
  const res = await fetch(`${node.restUrl}/cosmos/bank/v1beta1/balances/${account}?pagination.limit=1000`, {
    headers: { "x-cosmos-block-height": String(height) },
  });
  if (!res.ok) throw new Error(`bank balances of ${account} at ${height}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { balances: { denom: string; amount: string }[] };
  return BigInt(body.balances.find((b) => b.denom === denom)?.amount ?? "0");
}

const BALANCE_OF = "0x70a08231";

/** `balanceOf(holder)` of an ERC-20 at `height`, by eth_call. */
export async function nodeErc20Balance(
  node: NodeEndpoints,
  contract: string,
  holderHex: string,
  height: number,
): Promise<bigint> {
  const data = `${BALANCE_OF}${holderHex.replace(/^0x/, "").toLowerCase().padStart(64, "0")}`;
  const out = await jsonRpc<string>(node.jsonRpcUrl!, "eth_call", [
    { to: contract, data },
    `0x${height.toString(16)}`,
  ]);
  return BigInt(out === "0x" ? 0 : out);
}

export type Receipt = Record<string, unknown> & { transactionHash: string; to: string | null };

export function nodeReceipt(node: NodeEndpoints, evmHash: string): Promise<Receipt> {
  return jsonRpc<Receipt>(node.jsonRpcUrl!, "eth_getTransactionReceipt", [evmHash]);
}

export function nodeBlockReceipts(node: NodeEndpoints, height: number): Promise<Receipt[]> {
  return jsonRpc<Receipt[]>(node.jsonRpcUrl!, "eth_getBlockReceipts", [`0x${height.toString(16)}`]);
}

export interface CallFrame {
  type: string;
  from: string;
  to?: string;
  input: string;
  output?: string;
  value?: string;
  gas: string;
  gasUsed: string;
  calls?: CallFrame[];
}

export function nodeCallTrace(node: NodeEndpoints, evmHash: string): Promise<CallFrame> {
  return jsonRpc<CallFrame>(node.jsonRpcUrl!, "debug_traceTransaction", [evmHash, { tracer: "callTracer" }]);
}
