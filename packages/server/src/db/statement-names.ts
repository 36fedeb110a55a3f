/**
 * Names for the service's parameterized SQL, so that each pooled connection prepares a statement once
 * and then only binds and executes it: Postgres keeps the parsed statement and, for the queries whose
 * plan does not depend on the values (after five executions it compares a generic plan with the ones
 * made for the values so far), the plan too. pg sends an unnamed statement otherwise, parsed and
 * planned again on every request.
 *
 * Measured with `bench:deep-pages` on the 1M-tx EVM dataset, one build, DATABASE_PREPARED_STATEMENTS
 * off then on (BENCHMARKS.md): tx by hash 7 291 -> 9 449-9 505 req/s, an account's txs of a type it
 * has none of 4 526 -> 6 956-8 442; lists within their run-to-run spread. Reusing only the parse
 * (plan_cache_mode=force_custom_plan, on a 52k-tx dataset) kept little of it: planning is the cost.
 *
 * Only statements with parameters get a name: they are the service's fixed query texts. A text
 * without parameters may carry literals (DDL naming a partition, a migration's statements) and would
 * use up names for statements that never come back. The names are bounded: past `limit` distinct texts
 * a statement runs unnamed, as before, so Postgres's per-connection memory for prepared statements
 * stays bounded whatever texts callers build.
 */

/** Most distinct statements named per pool; the service's own read and tracker queries are far fewer. */
export const STATEMENT_NAME_LIMIT = 256;

/** Returns the name for `text` (stable for the life of the pool), or undefined to run it unnamed. */
export type StatementNamer = (text: string, values: readonly unknown[] | undefined) => string | undefined;

export function createStatementNamer(limit = STATEMENT_NAME_LIMIT): StatementNamer {
  const names = new Map<string, string>();
  return (text, values) => {
    if (!values || values.length === 0) return undefined;
    const known = names.get(text);
    if (known !== undefined || names.size >= limit) return known;
    // A prefix of our own: a connection shared with other code (none today) never meets it by chance.
    const name = `weft_${names.size}`;
    names.set(text, name);
    return name;
  };
}
