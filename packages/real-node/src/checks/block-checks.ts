/**
 * Blocks and status: `/status` within what the node has made; block 1 (the first a default ingest
 * reads) and block 2's `block_time` (ms since block 1); every ledger height's block hash, time and tx
 * count as the node made them.
 */

import { latestHeight } from "../node/node-queries.js";
import { indexerGet } from "./indexer-client.js";
import { type Ledger, lastLedgerHeight } from "./ledger.js";
import type { Mismatches } from "./mismatches.js";
import { epochNanos, type NodeEndpoints, nodeBlock } from "./node-truth.js";

interface WeftBlock {
  height: string;
  hash: string;
  block_time: string;
  timestamp: string;
  tx_count: string;
  chain_id: string;
}

/** RFC3339 without fractional seconds, as the reference writes block timestamps. */
function toSeconds(time: string): string {
  return `${new Date(Number(epochNanos(time) / 1_000_000n)).toISOString().slice(0, 19)}Z`;
}

export async function checkBlocks(
  m: Mismatches,
  weft: string,
  node: NodeEndpoints,
  ledger: Ledger,
): Promise<void> {
  await m.guard("status", "/status", async () => {
    const status = await indexerGet<{ chain_id: string; height: number }>(weft, "/status");
    m.equal("status", "chain_id", ledger.chainId, status.body.chain_id);
    const head = await latestHeight(node.rpcUrl);
    m.require(
      "status",
      "height within [last ledger height, node head]",
      status.body.height >= lastLedgerHeight(ledger) && status.body.height <= head,
      {
        expected: `${lastLedgerHeight(ledger)}..${head}`,
        actual: status.body.height,
      },
    );
  });

  const heights = [...new Set([1, 2, ...ledger.txs.map((t) => t.height)])].sort((a, b) => a - b);
  for (const height of heights) {
    await m.guard("block", String(height), async () => {
      const answer = await indexerGet<{ block: WeftBlock }>(weft, `/indexer/block/v1/blocks/${height}`);
      if (!m.equal("block", `${height}: status`, 200, answer.status)) return;
      const got = answer.body.block;
      const block = await nodeBlock(node, height);
      m.equal("block", `${height}: height`, String(height), got.height);
      m.equal("block", `${height}: hash`, block.hash, got.hash);
      m.equal("block", `${height}: chain_id`, ledger.chainId, got.chain_id);
      m.equal("block", `${height}: timestamp`, toSeconds(block.time), got.timestamp);
      m.equal("block", `${height}: tx_count`, String(block.txHashes.length), got.tx_count);
      // Milliseconds since the previous block, truncated like Go's Duration.Milliseconds(); 0 at height 1.
      const expected =
        height === 1
          ? 0n
          : (epochNanos(block.time) - epochNanos((await nodeBlock(node, height - 1)).time)) / 1_000_000n;
      m.equal("block", `${height}: block_time`, String(expected), got.block_time);
    });
  }
}
