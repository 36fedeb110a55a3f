import { createChain, startDevnetNode } from "@weft/devnet";
import { describe, expect, it } from "vitest";
import { startPayloadNode } from "../_test/payload-node.js";
import { syntheticPayload } from "../_test/synthetic-chain.js";
import { createHttpJson } from "../chain/http-json.js";
import { createNodeSource } from "./node-source.js";
import { fetchInOrder } from "./ordered-fetch.js";

const HEIGHTS = 40;

async function fetchAll(url: string) {
  const source = createNodeSource({ rpcUrl: url, restUrl: url });
  const signal = new AbortController().signal;
  await source.head(signal);
  const out = [];
  for await (const { value } of fetchInOrder({
    from: 1n,
    to: BigInt(HEIGHTS),
    concurrency: 8,
    fetch: source.fetch,
  })) {
    out.push(value);
  }
  return out;
}

describe("node source", () => {
  it("reads block and block_results of several heights in one JSON-RPC batch", async () => {
    const chain = createChain({ seed: 11 });
    const node = await startDevnetNode({ chain, initialBlocks: HEIGHTS });
    try {
      const blocks = await fetchAll(node.url);
      blocks.forEach((b, i) => {
        const truth = chain.block(i + 1);
        expect(b.block).toEqual(truth.block);
        expect(b.results).toEqual(truth.results);
        expect(b.txs).toEqual(truth.txs);
      });
      const withTxs = blocks.filter((b) => (b.block.block.data.txs?.length ?? 0) > 0).length;
      // One status, one batch per 8 heights, one REST page per block with txs: not 2 GETs per block.
      expect(node.requests).toBe(1 + HEIGHTS / 8 + withTxs);
    } finally {
      await node.close();
    }
  });

  it("falls back to GETs when the node refuses JSON-RPC batches", async () => {
    const node = await startPayloadNode({
      payload: (h) => syntheticPayload(h, { blocks: HEIGHTS }),
      head: HEIGHTS,
    });
    try {
      const blocks = await fetchAll(node.url);
      expect(blocks.map((b) => b.block.block.header.height)).toEqual(
        Array.from({ length: HEIGHTS }, (_, i) => String(i + 1)),
      );
      blocks.forEach((b, i) => {
        expect(b.results).toEqual(syntheticPayload(i + 1, { blocks: HEIGHTS }).results);
      });
    } finally {
      await node.close();
    }
  });

  it("asks no EVM payload of a block without txs, and takes a genesis height the node cannot trace", async () => {
    // A real minievm node answers debug_traceBlockByNumber of height 1 with -32000 "genesis is not
    // traceable" (shared realnode notes); ingestion on its default start height retried it forever.
    // The transport answers that for height 1 over a seeded EVM devnet; the rest is the devnet's.
    const chain = createChain({ seed: 5, vm: "evm" });
    const node = await startDevnetNode({ chain, initialBlocks: 12 });
    const real = createHttpJson();
    const asked: string[] = [];
    const http = {
      get: real.get,
      async post<T>(url: string, body: unknown, signal?: AbortSignal): Promise<T> {
        const call = body as { method?: string; params?: unknown[] };
        if (call.method?.startsWith("eth_") || call.method?.startsWith("debug_")) {
          asked.push(`${call.method} ${String(call.params?.[0])}`);
          if (call.method === "debug_traceBlockByNumber" && call.params?.[0] === "0x1")
            return {
              jsonrpc: "2.0",
              id: 1,
              error: { code: -32000, message: "genesis is not traceable" },
            } as T;
        }
        return real.post<T>(url, body, signal);
      },
    };
    try {
      const source = createNodeSource({ rpcUrl: node.url, restUrl: node.url, jsonRpcUrl: node.url, http });
      const signal = new AbortController().signal;
      const withTxs: number[] = [];
      for (let h = 1; h <= 12; h++) {
        const payload = await source.fetch(BigInt(h), signal);
        const count = payload.block.block.data.txs?.length ?? 0;
        if (count > 0) withTxs.push(h);
        if (count === 0) expect(payload.evm).toEqual({ receipts: [], traces: [] });
        else expect(payload.evm?.receipts).toEqual(chain.evm(h).receipts);
      }
      expect(withTxs.length).toBeGreaterThan(0);
      // Only heights with txs are asked, each for its receipts and its trace.
      const expected = withTxs.flatMap((h) => [
        `eth_getBlockReceipts 0x${h.toString(16)}`,
        `debug_traceBlockByNumber 0x${h.toString(16)}`,
      ]);
      expect(asked.sort()).toEqual(expected.sort());
    } finally {
      await node.close();
    }
  });
});
