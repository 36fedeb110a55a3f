/**
 * Names for the service's parameterized SQL, so that each pooled connection prepares a statement once
 * and then only binds and executes it: Postgres keeps the parsed statement and, for the queries whose
 * plan does not depend on the values (after five executions it compares a generic plan with the ones
 * made for the values so far), the plan too. pg sends an unnamed statement otherwise, parsed and
 * planned again on every request.
 *
 * Measured with `bench:deep-pages` on a 52k-tx EVM dataset (Weft / raw baseline req/s, same run
 * conditions, 3 s per row): an account's txs of a type it has none of 0.96 -> 1.70, tx by hash
 * 0.92 -> 1.13, an account's EVM txs 0.90 -> 1.38; lists 0.84-1.03 -> 0.96-1.24. Reusing only the
 * parse (plan_cache_mode=force_custom_plan) kept little of it (0.98, 0.84, 0.94): planning is the cost.
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
