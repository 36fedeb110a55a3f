/** Block routes: list, single, average block time (spec tag Block). */

import { notFound } from "../api/errors.js";
import type { OperationHandlers, SuccessBody } from "../api/operation.js";
import { toBech32 } from "../chain/addresses.js";
import { heightParam } from "./height-param.js";
import type { IndexerDeps } from "./indexer-deps.js";
import { keyset } from "./keyset.js";
import { buildPagination, type PageRequest, parsePageRequest } from "./pagination.js";

type Block = SuccessBody<"getBlock">["block"];
type Proposer = Block["proposer"];

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

/**
 * The proposer's operator address as the reference forms it: the header's consensus address bytes
 * (`proposer_address`, stored as bytes) under `<prefix>valoper` (rollytics `ValAddressFromHex`).
 */
export function proposerValoper(proposerHex: string, prefix: string): string {
  return toBech32(Buffer.from(proposerHex, "hex"), `${prefix}valoper`);
}

/** The proposer when the node does not know the validator: no moniker, the valoper address. */
export function unresolvedProposer(proposerHex: string, prefix: string): Proposer {
  return { moniker: "", identity: "", operator_address: proposerValoper(proposerHex, prefix) };
}

/**
 * Each distinct proposer of `rows` resolved over the node's opchild validator route (cached there).
 * `known` holds the ones the node named (kept for good, as the lookups keep them), so a page of
 * known proposers is answered without a promise or a bech32 encoding.
 */
async function resolveProposers(
  deps: IndexerDeps,
  known: Map<string, Proposer>,
  rows: BlockRow[],
): Promise<Map<string, Proposer>> {
  const missing = [...new Set(rows.map((r) => r.proposer))].filter((hex) => !known.has(hex));
  if (missing.length === 0) return known;
  const out = new Map(known);
  await Promise.all(
    missing.map(async (hex) => {
      const valoper = proposerValoper(hex, deps.prefix);
      const v = await deps.node.validator(valoper);
      if (v) {
        const proposer = { moniker: v.moniker, identity: "", operator_address: v.operator_address };
        known.set(hex, proposer);
        out.set(hex, proposer);
      } else {
        out.set(hex, { moniker: "", identity: "", operator_address: valoper });
      }
    }),
  );
  return out;
}

/** A stored block row in the API's shape (the raw benchmark baseline writes it too). */
export function toBlock(chainId: string, r: BlockRow, proposer: Proposer): Block {
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
    proposer,
  };
}

/** The latest indexed height ($1: chain id): the checkpoint, which only moves with committed blocks. */
export const LATEST_HEIGHT_SQL = "SELECT height FROM ingest_checkpoint WHERE chain_id = $1";

/**
 * GET /blocks: one page of blocks. Exported through the internal entry point (internal.ts) for
 * the benchmarks' raw baseline.
 */
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

/**
 * Go's `Duration.Seconds()` of a whole number of microseconds: whole seconds plus the fraction,
 * each a float64. The reference divides that by the block count in float64, and the last digit of
 * its answer depends on these roundings (an exact decimal quotient differs in about a quarter of
 * cases, e.g. 1.0007787777777777 for its 1.000778777777778).
 */
function goSeconds(micros: bigint): number {
  const MICROS_PER_SECOND = 1_000_000n;
  const nanos = (micros % MICROS_PER_SECOND) * 1000n;
  return Number(micros / MICROS_PER_SECOND) + Number(nanos) / 1e9;
}

export function createBlockHandlers(deps: IndexerDeps): OperationHandlers {
  const known = new Map<string, Proposer>();
  return {
    listBlocks: async (input) => {
      const request = parsePageRequest(input.query, "block");
      const query = blockPageSql(request);
      const [{ rows }, latest] = await Promise.all([
        deps.pool.query<BlockRow>(query.sql, query.params),
        latestHeight(deps),
      ]);
      const hasMore = rows.length > request.limit;
      const page = rows.slice(0, request.limit);
      const proposers = await resolveProposers(deps, known, page);
      const blocks = page.map((r) => toBlock(deps.chainId, r, proposers.get(r.proposer) as Proposer));
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

    getBlock: async (input) => {
      const raw = heightParam(input.path.height);
      const { rows } = await deps.pool.query<BlockRow>(
        `SELECT ${BLOCK_COLUMNS} FROM block WHERE height = $1`,
        [raw],
      );
      const row = rows[0];
      if (!row) throw notFound("block not found");
      const proposers = await resolveProposers(deps, known, [row]);
      return { block: toBlock(deps.chainId, row, proposers.get(row.proposer) as Proposer) };
    },

    getAvgBlockTime: async () => {
      const { rows } = await deps.pool.query<{ micros: string | null; n: number }>(
        `SELECT (extract(epoch FROM max(timestamp) - min(timestamp)) * 1000000)::bigint::text AS micros,
                count(*)::int AS n
         FROM (SELECT timestamp FROM block ORDER BY height DESC LIMIT $1) latest`,
        [AVG_WINDOW_BLOCKS],
      );
      const { micros, n } = rows[0] ?? { micros: null, n: 0 };
      return { avg_block_time: n < 2 || micros === null ? 0 : goSeconds(BigInt(micros)) / (n - 1) };
    },
  };
}
