/**
 * One page of a sequence-keyed list (Cosmos txs, EVM txs, EVM internal txs): a keyset scan on
 * `sequence` over an edge table or the table itself, joined to the stored JSON text, which is
 * spliced into the response without a parse.
 */
import { RawJson } from "../api/operation.js";
import type { IndexerDeps } from "./indexer-deps.js";
import { keyset } from "./keyset.js";
import { buildPagination, type PageRequest } from "./pagination.js";

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
   * `from` already yields each sequence once (a single key of a unique edge index, or `ranges` that
   * cannot overlap): no DISTINCT, so the planner streams the index in order and stops after the
   * page, whatever its statistics say.
   * @default false
   */
  unique?: boolean;
  /**
   * Several ranges of `from`'s index, merged in sequence order: each is a further `AND ...` that,
   * with `where`, selects one range (one message type, one signer value). Each range is read in
   * order for at most offset + limit + 1 entries of its own and the ranges are merged (Merge
   * Append), so a filter on several types costs a few index seeks, not a sort of every match.
   */
  ranges?: string[];
}

/** The filter part of a sequence page, what each list endpoint decides. */
export type SequenceFilter = Pick<
  SequencePageQuery,
  "table" | "from" | "where" | "params" | "unique" | "ranges"
>;

/**
 * The page's statement: `limit + 1` rows of `(sequence, data)` in the requested order. Exported
 * through the internal entry point (internal.ts) so the benchmarks' raw baseline runs exactly this SQL.
 */
export function sequencePageSql(
  request: PageRequest,
  query: SequenceFilter,
): { sql: string; params: unknown[] } {
  const page = keyset(request, "s.sequence", "sequence", query.params.length + 1);
  const dir = request.reverse ? "DESC" : "ASC";
  const distinct = query.unique ? "" : "DISTINCT ";
  let keys = `SELECT ${distinct}s.sequence FROM ${query.from} WHERE true ${query.where} ${page.where} ${page.tail}`;
  if (query.ranges) {
    // keyset's last two parameters are the page's LIMIT and OFFSET: a range needs at most their sum.
    const [limit, offset] = [page.params.length - 1, page.params.length].map(
      (i) => `$${query.params.length + i}`,
    );
    const range = (r: string) =>
      `(SELECT s.sequence FROM ${query.from} WHERE true ${query.where} ${r} ${page.where} ORDER BY s.sequence ${dir} LIMIT ${limit}::bigint + ${offset}::bigint)`;
    keys = `SELECT ${distinct}s.sequence FROM (${query.ranges.map(range).join(" UNION ALL ")}) s ${page.tail}`;
  }
  const sql = `SELECT s.sequence::text AS sequence, t.data FROM (${keys}) s
    JOIN ${query.table} t ON t.sequence = s.sequence ORDER BY s.sequence ${dir}`;
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
