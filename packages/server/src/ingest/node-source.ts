/**
 * Reads blocks from a real node: CometBFT RPC `/status`, `/block`, `/block_results` and Cosmos REST
 * `/cosmos/tx/v1beta1/txs/block/{h}` (following its pagination), with timeouts and retries; on EVM
 * chains (a JSON-RPC URL given) also `eth_getBlockReceipts` and `debug_traceBlockByNumber` with the
 * callTracer, so a block is written with its EVM rows or not at all.
 *
 * During a backfill, `block` and `block_results` of the next heights travel as one CometBFT JSON-RPC
 * batch (POST): a request per block pair costs the node and the indexer more CPU than the blocks
 * themselves on a loopback. A node (or proxy) that refuses batches is read with GETs from then on.
 */

import { createHttpJson, type HttpJson, HttpStatusError } from "../chain/http-json.js";
import { JsonRpcError } from "../chain/json-rpc-error.js";
import type { EvmBlockPayload, EvmReceipt, TraceEntry } from "./derive/evm-payloads.js";
import type { BlockPayload, CometBlock, CometBlockResults, RestTx } from "./derive/node-payloads.js";
import type { BlockSource } from "./ingest-loop.js";

const REST_PAGE_LIMIT = 100;
/** Heights whose `block` and `block_results` one JSON-RPC batch asks for. */
const COMET_BATCH_HEIGHTS = 8;
/** A real minievm node's answer to tracing its genesis height (JSON-RPC -32000). */
const GENESIS_NOT_TRACEABLE = /genesis is not traceable/i;

export interface NodeSourceOptions {
  rpcUrl: string;
  restUrl: string;
  /** EVM JSON-RPC of the node; set on EVM chains only. */
  jsonRpcUrl?: string | undefined;
  http?: HttpJson;
}

interface RpcEnvelope<T> {
  id?: unknown;
  result?: T;
  error?: { code: number; message: string; data?: string };
}

type CometPair = { block: CometBlock; results: CometBlockResults };

/** The node does not take JSON-RPC batches over POST (a 4xx, or an answer that is not a batch). */
class BatchRefused extends Error {}

export function createNodeSource(options: NodeSourceOptions): BlockSource<BlockPayload> {
  const http = options.http ?? createHttpJson();
  const rpc = options.rpcUrl.replace(/\/+$/, "");
  const rest = options.restUrl.replace(/\/+$/, "");

  /**
   * The result of a CometBFT answer, or a JsonRpcError naming the method (`block`, `status`) and the
   * node's code, so the loop can tell a method the node lacks from a height it does not have yet.
   */
  const cometOf = <T>(method: string, what: string, body: RpcEnvelope<T> | undefined): T => {
    if (!body || body.error || body.result === undefined) {
      throw new JsonRpcError(
        method,
        body?.error?.code ?? 0,
        `CometBFT ${what}: ${body?.error ? `${body.error.message} ${body.error.data ?? ""}`.trim() : "no result"}`,
      );
    }
    return body.result;
  };

  async function rpcResult<T>(path: string, signal: AbortSignal): Promise<T> {
    const method = path.slice(1).split("?")[0] ?? path;
    return cometOf(method, path, await http.get<RpcEnvelope<T>>(`${rpc}${path}`, signal));
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

  const getPair = async (height: bigint, signal: AbortSignal): Promise<CometPair> => {
    const [block, results] = await Promise.all([
      rpcResult<CometBlock>(`/block?height=${height}`, signal),
      rpcResult<CometBlockResults>(`/block_results?height=${height}`, signal),
    ]);
    return { block, results };
  };

  let batching = true;
  let knownHead = 0n;
  const pending = new Map<bigint, Promise<CometPair>>();

  /** One POST for `block` + `block_results` of `from` and the next heights up to the known head. */
  function requestBatch(from: bigint, signal: AbortSignal): void {
    const heights: bigint[] = [];
    for (let h = from; h < from + BigInt(COMET_BATCH_HEIGHTS); h++) {
      if (h !== from && (h > knownHead || pending.has(h))) break;
      heights.push(h);
    }
    const body = heights.flatMap((h, i) => [
      { jsonrpc: "2.0", id: 2 * i, method: "block", params: { height: String(h) } },
      { jsonrpc: "2.0", id: 2 * i + 1, method: "block_results", params: { height: String(h) } },
    ]);
    const answers = http
      .post<RpcEnvelope<unknown>[]>(`${rpc}/`, body, signal)
      .then((answer) => {
        if (!Array.isArray(answer)) throw new BatchRefused("not a JSON-RPC batch answer");
        return new Map(answer.map((a) => [a.id, a]));
      })
      .catch((err: unknown) => {
        if (err instanceof BatchRefused || (err instanceof HttpStatusError && err.status < 500)) {
          batching = false;
          return undefined;
        }
        throw err;
      });
    heights.forEach((h, i) => {
      const one = answers.then(async (byId) => {
        if (!byId) return getPair(h, signal);
        return {
          block: cometOf("block", `block ${h}`, byId.get(2 * i) as RpcEnvelope<CometBlock> | undefined),
          results: cometOf(
            "block_results",
            `block_results ${h}`,
            byId.get(2 * i + 1) as RpcEnvelope<CometBlockResults> | undefined,
          ),
        };
      });
      // A failed height is asked again by the next round, not served from here.
      one.catch(() => {
        if (pending.get(h) === one) pending.delete(h);
      });
      pending.set(h, one);
    });
  }

  async function cometPair(height: bigint, signal: AbortSignal): Promise<CometPair> {
    if (!batching && !pending.has(height)) return getPair(height, signal);
    if (!pending.has(height)) requestBatch(height, signal);
    const pair = pending.get(height) as Promise<CometPair>;
    pending.delete(height);
    return pair;
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

  /**
   * The EVM half of a block. A block without Cosmos txs has no EVM txs (every EVM tx is a Cosmos tx
   * on minievm), so it is not asked for: the reference traces only heights with txs, and a real node
   * answers `debug_traceBlockByNumber` of the genesis height with -32000 "genesis is not traceable",
   * which would stop ingestion at height 1 forever. The same answer for a height with txs (a chain
   * whose first block carries txs) means there is nothing to trace there either.
   */
  async function evm(height: bigint, txCount: number, signal: AbortSignal): Promise<EvmBlockPayload> {
    if (txCount === 0) return { receipts: [], traces: [] };
    const tag = `0x${height.toString(16)}`;
    const [receipts, traces] = await Promise.all([
      jsonRpc<EvmReceipt[]>("eth_getBlockReceipts", [tag], signal),
      jsonRpc<TraceEntry[]>("debug_traceBlockByNumber", [tag, { tracer: "callTracer" }], signal).catch(
        (err: unknown) => {
          if (err instanceof JsonRpcError && GENESIS_NOT_TRACEABLE.test(err.message)) return [];
          throw err;
        },
      ),
    ]);
    return { receipts, traces };
  }

  return {
    async head(signal) {
      const status = await rpcResult<{ sync_info: { latest_block_height: string } }>("/status", signal);
      knownHead = BigInt(status.sync_info.latest_block_height);
      return knownHead;
    },
    async blockHash(height, signal) {
      return (await rpcResult<CometBlock>(`/block?height=${height}`, signal)).block_id.hash;
    },
    async fetch(height, signal) {
      const { block, results } = await cometPair(height, signal);
      const count = block.block.data.txs?.length ?? 0;
      const [txs, evmPayload] = await Promise.all([
        count === 0 ? [] : restTxs(height, count, signal),
        options.jsonRpcUrl ? evm(height, count, signal) : undefined,
      ]);
      return { block, results, txs, evm: evmPayload };
    },
  };
}
