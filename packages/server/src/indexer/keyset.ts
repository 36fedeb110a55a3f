/**
 * Keyset paging over a bigint column (`sequence`, `height`): the SQL fragments for "after the
 * cursor, in the requested order", falling back to OFFSET for offset keys. Reading one row more
 * than the page tells whether another page follows.
 */
import type { PageRequest } from "./pagination.js";

export interface KeysetSql {
  /** `AND col < $n` (or `>`), or "" for offset mode. */
  where: string;
  /** `ORDER BY col DESC LIMIT $n OFFSET $m` */
  tail: string;
  params: unknown[];
}

/**
 * @param column the ordering column, qualified as the query needs it.
 * @param firstParam number of the first placeholder these fragments may use.
 */
export function keyset(
  request: PageRequest,
  column: string,
  cursorKind: "sequence" | "height",
  firstParam: number,
): KeysetSql {
  const dir = request.reverse ? "DESC" : "ASC";
  const p = request.position;
  const params: unknown[] = [];
  let where = "";
  let offset = 0;
  if (p.kind === cursorKind) {
    params.push(
      String(
        cursorKind === "sequence" && p.kind === "sequence" ? p.sequence : p.kind === "height" ? p.height : 0n,
      ),
    );
    where = `AND ${column} ${request.reverse ? "<" : ">"} $${firstParam}`;
  } else if (p.kind === "offset") {
    offset = p.offset;
  }
  params.push(request.limit + 1, offset);
  const n = firstParam + params.length - 2;
  return { where, tail: `ORDER BY ${column} ${dir} LIMIT $${n} OFFSET $${n + 1}`, params };
}
