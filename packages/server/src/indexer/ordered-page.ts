/**
 * Pages of the lists ordered by something other than a sequence (NFT collections and tokens, rich
 * list). `next_key` is the page's last record as a JSON cursor compared as a row value
 * (`(height, addr) < (N, A)`, `(token_id, height, collection) < (T, N, C)`, `(amount, account) <
 * (A, H)`), whatever key the request came with: the next page is an index seek, however deep. Offset
 * requests (the reference's keys for these lists) are still served, with its offset `previous_key`.
 * The ORDER BY ends in a unique column so neither a cursor nor an offset skips or repeats a row; the
 * reference has no tie-break there.
 */

import type { IndexerDeps } from "./indexer-deps.js";
import { buildPagination, type PageRequest, type PaginationBody } from "./pagination.js";

export interface OrderedPageQuery<Row> {
  /** `SELECT ... FROM ... WHERE true ...`, using $1..$n of `params`. */
  select: string;
  params: unknown[];
  /** Ordering columns, most significant first; the last must make rows unique. */
  order: string[];
  /** When the request carries a cursor this endpoint honours: the row value it compares with. */
  cursor?: { columns: string[]; values: unknown[] } | undefined;
  /** The cursor of a page's last row: `next_key`, for every request. */
  nextCursor: (row: Row) => Record<string, string | number | bigint>;
  /** `SELECT count(*)::text AS n ...` of the filtered set. */
  count: { sql: string; params: unknown[] };
  /**
   * A deferred join: `select` then only reads the ordering key columns (so an index-only scan can
   * skip `OFFSET` entries without touching the table), and this wraps that key page, aliased `k`,
   * into the statement that fetches the rows. `orderBy` is the ORDER BY to repeat outside.
   */
  outer?: (keys: string, orderBy: string) => string;
}

/**
 * The page's statement (`limit + 1` rows) and the offset it starts at. Exported through the internal
 * entry point (internal.ts) so the benchmarks' raw baseline runs exactly this SQL.
 */
export function orderedPageSql<Row extends object>(
  request: PageRequest,
  query: OrderedPageQuery<Row>,
): { sql: string; params: unknown[]; offset: number } {
  const dir = request.reverse ? "DESC" : "ASC";
  const params = [...query.params];
  let where = "";
  const cursor = query.cursor;
  if (cursor) {
    const placeholders = cursor.values.map((v) => {
      params.push(v);
      return `$${params.length}`;
    });
    where = ` AND (${cursor.columns.join(", ")}) ${request.reverse ? "<" : ">"} (${placeholders.join(", ")})`;
  }
  const offset = !cursor && request.position.kind === "offset" ? request.position.offset : 0;
  params.push(request.limit + 1, offset);
  const orderBy = (alias?: string) =>
    query.order.map((c) => `${alias ? c.replace(/^\w+\./, `${alias}.`) : c} ${dir}`).join(", ");
  const page = `${query.select}${where} ORDER BY ${orderBy()}
    LIMIT $${params.length - 1} OFFSET $${params.length}`;
  const sql = query.outer ? query.outer(page, orderBy("k")) : page;
  return { sql, params, offset };
}

/**
 * The page and its `pagination` from the statement's rows (`limit + 1` of them). Exported for the
 * raw baseline, which writes the same keys.
 */
export function orderedPageOf<Row extends object>(
  request: PageRequest,
  query: OrderedPageQuery<Row>,
  result: { rows: Row[]; offset: number; total: bigint },
): { rows: Row[]; pagination: PaginationBody } {
  const page = result.rows.slice(0, request.limit);
  const last = page.at(-1);
  return {
    rows: page,
    pagination: buildPagination({
      // A cursor request has no offset.
      request: query.cursor ? request : { ...request, position: { kind: "offset", offset: result.offset } },
      hasMore: result.rows.length > request.limit,
      total: result.total,
      nextCursor: last ? query.nextCursor(last) : undefined,
      offsetPreviousKey: true,
    }),
  };
}

export async function orderedPage<Row extends object>(
  deps: IndexerDeps,
  request: PageRequest,
  query: OrderedPageQuery<Row>,
): Promise<{ rows: Row[]; pagination: PaginationBody }> {
  const { sql, params, offset } = orderedPageSql(request, query);
  const [{ rows }, total] = await Promise.all([
    deps.pool.query(sql, params),
    request.countTotal ? deps.pool.query<{ n: string }>(query.count.sql, query.count.params) : undefined,
  ]);
  return orderedPageOf(request, query, {
    rows: rows as Row[],
    offset,
    total: total ? BigInt(total.rows[0]?.n ?? "0") : 0n,
  });
}
