/**
 * Reads blocks from a real node: CometBFT RPC `/status`, `/block`, `/block_results` and Cosmos REST
 * `/cosmos/tx/v1beta1/txs/block/{h}` (following its pagination), with timeouts and retries; on EVM
 * chains (a JSON-RPC URL given) also `eth_getBlockReceipts` and `debug_traceBlockByNumber` with the
 * callTracer, so a block is written with its EVM rows or not at all.
 */
import type { EvmBlockPayload, EvmReceipt, TraceEntry } from "./derive/evm-payloads.js";
import type { BlockPayload, CometBlock, CometBlockResults, RestTx } from "./derive/node-payloads.js";
import type { BlockSource } from "./ingest-loop.js";
import { type HttpJson, createHttpJson } from "./http-json.js";

const REST_PAGE_LIMIT = 100;

export interface NodeSourceOptions {
  rpcUrl: string;
  restUrl: string;
  /** EVM JSON-RPC of the node; set on EVM chains only. */
  jsonRpcUrl?: string | undefined;
  http?: HttpJson;
}

/** A JSON-RPC error answer. Thrown as a value the loop retries from its checkpoint (the HTTP layer does not). */
export class JsonRpcError extends Error {
  constructor(
    readonly method: string,
    readonly code: number,
    message: string,
  ) {
    super(`JSON-RPC ${method}: ${code} ${message}`);
    this.name = "JsonRpcError";
  }
}

interface RpcEnvelope<T> {
  result?: T;
  error?: { code: number; message: string; data?: string };
}

export function createNodeSource(options: NodeSourceOptions): BlockSource<BlockPayload> {
  const http = options.http ?? createHttpJson();
  const rpc = options.rpcUrl.replace(/\/+$/, "");
  const rest = options.restUrl.replace(/\/+$/, "");

  async function rpcResult<T>(path: string, signal: AbortSignal): Promise<T> {
    const body = await http.get<RpcEnvelope<T>>(`${rpc}${path}`, signal);
    if (body.error || body.result === undefined) {
      throw new Error(
        `CometBFT ${path}: ${body.error ? `${body.error.message} ${body.error.data ?? ""}` : "no result"}`,
      );
    }
    return body.result;
  }

  async function restTxs(height: bigint, expected: number, signal: AbortSignal): Promise<RestTx[]> {
    const txs: RestTx[] = [];
    let key: string | null | undefined;
    // Page by key; some nodes answer a null next_key before the end, then fall back to offsets.
    while (txs.length < expected) {
      const query = key
        ? `pagination.limit=${REST_PAGE_LIMIT}&pagination.key=${encodeURIComponent(key)}`
        : `pagination.limit=${REST_PAGE_LIMIT}&pagination.offset=${txs.length}`;
      const page = await http.get<{
        txs?: RestTx[] | null;
        pagination?: { next_key?: string | null } | null;
      }>(`${rest}/cosmos/tx/v1beta1/txs/block/${height}?${query}`, signal);
      const got = page.txs ?? [];
      if (got.length === 0) break;
      txs.push(...got);
      key = page.pagination?.next_key;
    }
    if (txs.length !== expected)
      throw new Error(`REST served ${txs.length} of ${expected} txs of block ${height}`);
    return txs;
  }

  let rpcId = 0;
  async function jsonRpc<T>(method: string, params: unknown[], signal: AbortSignal): Promise<T> {
    const url = options.jsonRpcUrl ?? "";
    const body = await http.post<RpcEnvelope<T>>(
      url,
      { jsonrpc: "2.0", id: ++rpcId, method, params },
      signal,
    );
    if (body.error) throw new JsonRpcError(method, body.error.code, body.error.message);
    // A null result means the node does not have the block yet (e.g. its EVM indexer lags).
    if (body.result === undefined || body.result === null)
      throw new JsonRpcError(method, 0, `no result for ${JSON.stringify(params[0])}`);
    return body.result;
  }

  async function evm(height: bigint, signal: AbortSignal): Promise<EvmBlockPayload> {
    const tag = `0x${height.toString(16)}`;
    const [receipts, traces] = await Promise.all([
      jsonRpc<EvmReceipt[]>("eth_getBlockReceipts", [tag], signal),
      jsonRpc<TraceEntry[]>("debug_traceBlockByNumber", [tag, { tracer: "callTracer" }], signal),
    ]);
    return { receipts, traces };
  }

  return {
    async head(signal) {
      const status = await rpcResult<{ sync_info: { latest_block_height: string } }>("/status", signal);
      return BigInt(status.sync_info.latest_block_height);
    },
    async fetch(height, signal) {
      const [block, results] = await Promise.all([
        rpcResult<CometBlock>(`/block?height=${height}`, signal),
        rpcResult<CometBlockResults>(`/block_results?height=${height}`, signal),
      ]);
      const count = block.block.data.txs?.length ?? 0;
      const [txs, evmPayload] = await Promise.all([
        count === 0 ? [] : restTxs(height, count, signal),
        options.jsonRpcUrl ? evm(height, signal) : undefined,
      ]);
      return { block, results, txs, evm: evmPayload };
    },
  };
}
