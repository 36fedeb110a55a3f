/**
 * Pages of the offset-keyed lists (NFT collections and tokens, rich list), as the reference serves
 * them: offset keys by default (`next_key` only when a full page was read), and, where the endpoint
 * takes them, JSON cursor keys compared as a row value (`(height) < (N)`,
 * `(token_id, height) < (T, N)`). The ORDER BY ends in a unique column so offsets never skip or
 * repeat a row; the reference has no tie-break there.
 */
import { buildPagination, type PageRequest } from "../http/pagination.js";
import type { IndexerDeps } from "./indexer-deps.js";

export interface OrderedPageQuery<Row> {
  /** `SELECT ... FROM ... WHERE true ...`, using $1..$n of `params`. */
  select: string;
  params: unknown[];
  /** Ordering columns, most significant first; the last must make rows unique. */
  order: string[];
  /** When the request carries a cursor this endpoint honours: the row value it compares with. */
  cursor?: { columns: string[]; values: unknown[] } | undefined;
  /** Next cursor from the page's last row, emitted only for cursor requests. */
  nextCursor?: (row: Row) => Record<string, string | number | bigint>;
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
 * The page's statement (`limit + 1` rows) and the offset it starts at. Exported so the raw baseline
 * of the benchmarks (bench/raw-baseline.ts) runs exactly this SQL.
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

export async function orderedPage<Row extends object>(
  deps: IndexerDeps,
  request: PageRequest,
  query: OrderedPageQuery<Row>,
): Promise<{ rows: Row[]; pagination: ReturnType<typeof buildPagination> }> {
  const { sql, params, offset } = orderedPageSql(request, query);
  const cursor = query.cursor;
  const [{ rows }, total] = await Promise.all([
    deps.pool.query(sql, params),
    request.countTotal ? deps.pool.query<{ n: string }>(query.count.sql, query.count.params) : undefined,
  ]);
  const hasMore = rows.length > request.limit;
  const page = rows.slice(0, request.limit) as Row[];
  const last = page.at(-1);
  return {
    rows: page,
    pagination: buildPagination({
      request: cursor ? request : { ...request, position: { kind: "offset", offset } },
      hasMore,
      total: total ? BigInt(total.rows[0]?.n ?? "0") : 0n,
      nextCursor: cursor && last && query.nextCursor ? query.nextCursor(last) : undefined,
    }),
  };
}
