import { summarize } from "../report/summary.js";
import type { CheckResult, ConformanceReport } from "../types.js";

/** A small report with a pass, a failure (with an exchange) and skips, built fresh per test. */
export function sampleReport(): ConformanceReport {
  const results: CheckResult[] = [
    {
      id: "contract.listBlocks",
      class: "blocks",
      kind: "contract",
      title: "GET /indexer/block/v1/blocks answers",
      operationId: "listBlocks",
      status: "pass",
      durationMs: 12,
      exchanges: [],
    },
    {
      id: "pagination.chain.listBlocks",
      class: "blocks",
      kind: "pagination",
      title: "listBlocks next_key chaining visits every record once, in order",
      operationId: "listBlocks",
      status: "fail",
      reason: "record 7 appears on page 1 and again on page 2 <script>",
      durationMs: 30,
      exchanges: [
        {
          method: "GET",
          url: "http://indexer.test/indexer/block/v1/blocks?pagination.limit=2&pagination.key=eyJoZWlnaHQiOjZ9",
          status: 200,
          contentType: "application/json",
          durationMs: 4,
          bodyExcerpt: '{"blocks":[{"height":"7"}],"pagination":{"next_key":"eyJoZWlnaHQiOjZ9"}}',
          operationId: "listBlocks",
        },
      ],
    },
    {
      id: "contract.listNftCollections",
      class: "nft",
      kind: "contract",
      title: "GET /indexer/nft/v1/collections answers",
      operationId: "listNftCollections",
      status: "skip",
      reason: "not implemented by this deployment (501: listNftCollections)",
      durationMs: 3,
      exchanges: [],
    },
    {
      id: "router.info-chains",
      class: "router",
      kind: "router",
      title: "GET /v2/info/chains",
      status: "skip",
      reason: "no router URL given (--router-url)",
      durationMs: 0,
      exchanges: [],
    },
  ];
  return {
    indexerUrl: "http://indexer.test",
    profile: "strict",
    startedAt: "2026-01-01T00:00:00.000Z",
    durationMs: 1234,
    discovery: { chain_id: "weft-devnet-1", tx_hash: "AB".repeat(32) },
    summary: summarize(results),
    operations: [
      { operationId: "listBlocks", method: "GET", path: "/indexer/block/v1/blocks", class: "blocks" },
      { operationId: "listNftCollections", method: "GET", path: "/indexer/nft/v1/collections", class: "nft" },
    ],
    results,
    ok: false,
  };
}
