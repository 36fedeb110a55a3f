/**
 * Reads blocks from a real node: CometBFT RPC `/status`, `/block`, `/block_results` and Cosmos REST
 * `/cosmos/tx/v1beta1/txs/block/{h}` (following its pagination), with timeouts and retries.
 */
import type { BlockPayload, CometBlock, CometBlockResults, RestTx } from "./derive/node-payloads.js";
import type { BlockSource } from "./ingest-loop.js";
import { type HttpJson, createHttpJson } from "./http-json.js";

const REST_PAGE_LIMIT = 100;

export interface NodeSourceOptions {
  rpcUrl: string;
  restUrl: string;
  http?: HttpJson;
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
      const txs = count === 0 ? [] : await restTxs(height, count, signal);
      return { block, results, txs };
    },
  };
}
