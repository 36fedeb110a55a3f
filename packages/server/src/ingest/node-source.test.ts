import { createChain, startDevnetNode } from "@weft/devnet";
import { describe, expect, it } from "vitest";
import { startPayloadNode } from "../_test/payload-node.js";
import { syntheticPayload } from "../_test/synthetic-chain.js";
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
});
