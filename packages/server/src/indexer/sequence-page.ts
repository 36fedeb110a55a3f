/**
 * One page of a sequence-keyed list (Cosmos txs, EVM txs, EVM internal txs): a keyset scan on
 * `sequence` over an edge table or the table itself, joined to the stored JSON text, which is
 * spliced into the response without a parse.
 */
import { RawJson } from "../http/operations.js";
import { buildPagination, type PageRequest } from "../http/pagination.js";
import type { IndexerDeps } from "./indexer-deps.js";
import { keyset } from "./keyset.js";

export interface SequencePageQuery {
  /** Table holding the stored JSON (`data`) by `sequence`. */
  table: "tx" | "evm_tx" | "evm_internal_tx";
  /** Key of the list in the response body. */
  listKey: "txs" | "internal_txs";
  /** `FROM` clause whose alias `s` has a `sequence` column. */
  from: string;
  /** Filters as `AND ...` using $1..$n of `params`. */
  where: string;
  params: unknown[];
  /** The exact total, asked only when `count_total` is on. */
  count: () => Promise<bigint>;
  /**
   * `from` already yields each sequence once (a single key of a unique edge index): no DISTINCT, so
   * the planner streams the index in order and stops after the page, whatever its statistics say.
   * @default false
   */
  unique?: boolean;
}

/** The filter part of a sequence page, what each list endpoint decides. */
export type SequenceFilter = Pick<SequencePageQuery, "table" | "from" | "where" | "params" | "unique">;

/**
 * The page's statement: `limit + 1` rows of `(sequence, data)` in the requested order. Exported so
 * the raw baseline of the benchmarks (bench/raw-baseline.ts) runs exactly this SQL.
 */
export function sequencePageSql(
  request: PageRequest,
  query: SequenceFilter,
): { sql: string; params: unknown[] } {
  const page = keyset(request, "s.sequence", "sequence", query.params.length + 1);
  const sql = `SELECT s.sequence::text AS sequence, t.data FROM (SELECT ${query.unique ? "" : "DISTINCT "}s.sequence FROM ${query.from} WHERE true ${query.where} ${page.where} ${page.tail}) s
    JOIN ${query.table} t ON t.sequence = s.sequence ORDER BY s.sequence ${request.reverse ? "DESC" : "ASC"}`;
  return { sql, params: [...query.params, ...page.params] };
}

export async function sequencePage(
  deps: IndexerDeps,
  request: PageRequest,
  query: SequencePageQuery,
): Promise<RawJson> {
  const { sql, params } = sequencePageSql(request, query);
  const [{ rows }, total] = await Promise.all([
    deps.pool.query<{ sequence: string; data: string }>(sql, params),
    request.countTotal ? query.count() : Promise.resolve(0n),
  ]);
  const hasMore = rows.length > request.limit;
  const items = rows.slice(0, request.limit);
  const last = items.at(-1);
  const pagination = buildPagination({
    request,
    hasMore,
    total,
    nextCursor: last ? { sequence: BigInt(last.sequence) } : undefined,
  });
  return new RawJson(
    `{"${query.listKey}":[${items.map((r) => r.data).join(",")}],"pagination":${JSON.stringify(pagination)}}`,
  );
}

/** Runs a `SELECT ... AS n` count query. */
export async function countOf(deps: IndexerDeps, sql: string, params: unknown[]): Promise<bigint> {
  const { rows } = await deps.pool.query<{ n: string }>(sql, params);
  return BigInt(rows[0]?.n ?? "0");
}
