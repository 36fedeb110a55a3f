/** Block routes: list, single, average block time (spec tag Block). */
import { badRequest, notFound } from "../http/errors.js";
import type { OperationHandlers, SuccessBody } from "../http/operations.js";
import {
  buildPagination,
  type PageRequest,
  type PaginationQuery,
  parsePageRequest,
} from "../http/pagination.js";
import type { IndexerDeps } from "./indexer-deps.js";
import { keyset } from "./keyset.js";

type Block = SuccessBody<"getBlock">["block"];

/** Every field as the reference formats it, computed in SQL so rows map 1:1 to JSON. */
const BLOCK_COLUMNS = `height::text AS height, upper(encode(hash, 'hex')) AS hash, block_time::text AS block_time,
  to_char(timestamp AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS timestamp, gas_used::text AS gas_used,
  gas_wanted::text AS gas_wanted, tx_count::text AS tx_count, total_fee, upper(encode(proposer, 'hex')) AS proposer`;

export interface BlockRow {
  height: string;
  hash: string;
  block_time: string;
  timestamp: string;
  gas_used: string;
  gas_wanted: string;
  tx_count: string;
  total_fee: { denom: string; amount: string }[];
  proposer: string;
}

/** A stored block row in the API's shape (the raw benchmark baseline writes it too). */
export function toBlock(chainId: string, r: BlockRow): Block {
  return {
    chain_id: chainId,
    height: r.height,
    hash: r.hash,
    block_time: r.block_time,
    timestamp: r.timestamp,
    gas_used: r.gas_used,
    gas_wanted: r.gas_wanted,
    tx_count: r.tx_count,
    total_fee: r.total_fee.map((c) => ({ denom: c.denom, amount: c.amount })),
    // No validator registry is indexed: the consensus address stands in for the operator.
    proposer: { moniker: "", identity: "", operator_address: r.proposer },
  };
}

/** The latest indexed height ($1: chain id): the checkpoint, which only moves with committed blocks. */
export const LATEST_HEIGHT_SQL = "SELECT height FROM ingest_checkpoint WHERE chain_id = $1";

/** GET /blocks: one page of blocks. Exported for the raw baseline (bench/raw-baseline.ts). */
export function blockPageSql(request: PageRequest): { sql: string; params: unknown[] } {
  const page = keyset(request, "block.height", "height", 1);
  return {
    sql: `SELECT ${BLOCK_COLUMNS} FROM block WHERE true ${page.where} ${page.tail}`,
    params: page.params,
  };
}

/** Latest indexed height: the checkpoint, which only moves with committed blocks. */
export async function latestHeight(deps: IndexerDeps): Promise<bigint | null> {
  const { rows } = await deps.pool.query<{ height: string }>(LATEST_HEIGHT_SQL, [deps.chainId]);
  return rows[0] ? BigInt(rows[0].height) : null;
}

/** Average seconds between blocks over the latest 100 (0 with fewer than two). */
const AVG_WINDOW_BLOCKS = 100;

export function createBlockHandlers(deps: IndexerDeps): OperationHandlers {
  return {
    listBlocks: async (req) => {
      const request = parsePageRequest(req.query as PaginationQuery);
      const page = blockPageSql(request);
      const [{ rows }, latest] = await Promise.all([
        deps.pool.query<BlockRow>(page.sql, page.params),
        latestHeight(deps),
      ]);
      const hasMore = rows.length > request.limit;
      const blocks = rows.slice(0, request.limit).map((r) => toBlock(deps.chainId, r));
      const last = blocks.at(-1);
      return {
        blocks,
        // The reference's total for blocks is always the latest height.
        pagination: buildPagination({
          request,
          hasMore,
          total: latest ?? 0n,
          nextCursor: last ? { height: BigInt(last.height) } : undefined,
        }),
      } satisfies SuccessBody<"listBlocks">;
    },

    getBlock: async (req) => {
      const raw = String(req.params.height ?? "");
      if (!/^\d{1,19}$/.test(raw) || BigInt(raw) < 1n || BigInt(raw) > 9_223_372_036_854_775_807n) {
        throw badRequest("invalid height: must be a positive integer", [
          { field: "path.height", description: "must be a positive integer" },
        ]);
      }
      const { rows } = await deps.pool.query<BlockRow>(
        `SELECT ${BLOCK_COLUMNS} FROM block WHERE height = $1`,
        [raw],
      );
      const row = rows[0];
      if (!row) throw notFound("block not found");
      return { block: toBlock(deps.chainId, row) };
    },

    getAvgBlockTime: async () => {
      const { rows } = await deps.pool.query<{ avg: string | null }>(
        `SELECT (extract(epoch FROM max(timestamp) - min(timestamp)) / nullif(count(*) - 1, 0))::text AS avg
         FROM (SELECT timestamp FROM block ORDER BY height DESC LIMIT $1) latest`,
        [AVG_WINDOW_BLOCKS],
      );
      return { avg_block_time: Number(rows[0]?.avg ?? 0) };
    },
  };
}
