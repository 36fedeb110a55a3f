/**
 * The EVM JSON-RPC a minievm node serves, as far as an indexer reads it: `eth_chainId`,
 * `eth_blockNumber`, `eth_getBlockByNumber`, `eth_getBlockReceipts`, `debug_traceBlockByNumber`
 * (callTracer only) and `eth_call` (the ERC-721's `name()` and `tokenURI(id)`, the fee denom's ERC-20
 * `balanceOf` at the block asked; others revert).
 * Single and batch requests; errors in go-ethereum's codes and wording. The node answers
 * CometBFT's methods over the same JSON-RPC (`other`), as a CometBFT RPC port does for POST.
 */
import { FEE_DENOM } from "./chain/chain-bank.js";
import type { Chain } from "./chain/chain-types.js";

export interface JsonRpcRequest {
  jsonrpc?: string;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

export type Outcome = { result: unknown } | { error: { code: number; message: string; data?: string } };

/** Methods the node answers besides the EVM ones (CometBFT's, over the same JSON-RPC); undefined: not one. */
export type OtherMethods = (method: unknown, params: unknown) => Outcome | undefined;

const hex = (n: number | bigint) => `0x${n.toString(16)}`;

/** A block tag or quantity to a height; null when it names no block the node has. */
function heightOf(tag: unknown, head: number): number | undefined | null {
  if (tag === "latest" || tag === "safe" || tag === "finalized" || tag === "pending") return head;
  if (tag === "earliest") return 1;
  if (typeof tag !== "string" || !/^0x[0-9a-fA-F]+$/.test(tag)) return undefined;
  const height = Number.parseInt(tag.slice(2), 16);
  return height >= 1 && height <= head ? height : null;
}

function call(chain: Chain, head: number, method: unknown, params: unknown[]): Outcome {
  const invalid = (what: string) => ({ error: { code: -32602, message: `invalid argument 0: ${what}` } });
  switch (method) {
    case "eth_chainId":
      return { result: hex(chain.evmChainId) };
    case "eth_blockNumber":
      return { result: hex(head) };
    case "eth_getBlockByNumber":
    case "eth_getBlockReceipts": {
      const height = heightOf(params[0], head);
      if (height === undefined) return invalid("hex string without 0x prefix or invalid block tag");
      if (height === null) return { result: null };
      const block = chain.evm(height);
      return { result: method === "eth_getBlockReceipts" ? block.receipts : block.block(params[1] === true) };
    }
    case "eth_getBalance": {
      const height = heightOf(params[1] ?? "latest", head);
      if (height === undefined) return invalid("hex string without 0x prefix or invalid block tag");
      if (height === null) return { error: { code: -32000, message: "header not found" } };
      if (typeof params[0] !== "string" || !/^0x[0-9a-fA-F]{40}$/.test(params[0]))
        return invalid("hex string has length 40, want 40 for common.Address");
      // minievm's native balance is the fee denom's ERC-20 balance.
      const token = chain.contractByDenom(FEE_DENOM) ?? "";
      const word = chain.evmCall(token, `0x70a08231${params[0].slice(2).padStart(64, "0")}`, height);
      return { result: hex(BigInt(word ?? "0x0")) };
    }
    case "eth_call": {
      const height = heightOf(params[1] ?? "latest", head);
      if (height === undefined) return invalid("hex string without 0x prefix or invalid block tag");
      if (height === null) return { error: { code: -32000, message: "header not found" } };
      const tx = params[0] as { to?: unknown; data?: unknown; input?: unknown } | undefined;
      const data = tx?.input ?? tx?.data;
      if (typeof tx?.to !== "string" || typeof data !== "string") return invalid("to and data are required");
      const output = chain.evmCall(tx.to, data, height);
      return output === undefined
        ? { error: { code: 3, message: "execution reverted" } }
        : { result: output };
    }
    case "debug_traceBlockByNumber": {
      const height = heightOf(params[0], head);
      if (height === undefined) return invalid("hex string without 0x prefix or invalid block tag");
      // minievm v1.2.18's wording for a height above the head, and for its genesis height.
      if (height === null)
        return {
          error: { code: -32000, message: "requested height is greater than the latest block height" },
        };
      if (height === 1) return { error: { code: -32000, message: "genesis is not traceable" } };
      const tracer = (params[1] as { tracer?: unknown } | undefined)?.tracer;
      if (tracer !== "callTracer")
        return { error: { code: -32000, message: 'devnet traces with {tracer: "callTracer"} only' } };
      return { result: chain.evm(height).traces };
    }
    default:
      return {
        error: { code: -32601, message: `the method ${String(method)} does not exist/is not available` },
      };
  }
}

/** Answers one JSON-RPC request object (or a batch): the response body to send. */
export function answerJsonRpc(chain: Chain, head: number, body: unknown, other?: OtherMethods): unknown {
  const one = (req: JsonRpcRequest) => {
    const base = { jsonrpc: "2.0", id: req.id ?? null };
    const answered = other?.(req.method, req.params);
    if (answered) return { ...base, ...answered };
    if (chain.vm !== "evm")
      return { ...base, error: { code: -32601, message: "this devnet chain has no EVM" } };
    return { ...base, ...call(chain, head, req.method, Array.isArray(req.params) ? req.params : []) };
  };
  if (Array.isArray(body)) return body.map((r) => one(r as JsonRpcRequest));
  if (body && typeof body === "object") return one(body as JsonRpcRequest);
  return { jsonrpc: "2.0", id: null, error: { code: -32600, message: "invalid request" } };
}
