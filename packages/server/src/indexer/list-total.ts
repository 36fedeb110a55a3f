/**
 * The exact totals the writer keeps in `list_total` (ingest/write-statement.ts) in the statement
 * that writes the rows they count: a list's `total` is one row read, however long the list.
 */
import type { IndexerDeps } from "./indexer-deps.js";
import { countOf } from "./sequence-page.js";

/** One total: `$1` list, `$2` account, `$3` key. */
export const LIST_TOTAL_SQL =
  "SELECT coalesce((SELECT n FROM list_total WHERE list = $1 AND account = $2 AND key = $3), 0)::text AS n";

export type TotalledList = "tx" | "tx_signer" | "evm_tx" | "evm_tx_signer" | "evm_internal_tx" | "rich_list";

/**
 * @param account empty for lists not filtered by account (message types, rich lists).
 * @param key the message type (`tx`, `tx_signer`), "" for any; the denom (`rich_list`).
 * @returns 0 for a list nothing was ever counted in.
 */
export function listTotal(deps: IndexerDeps, list: TotalledList, account: Buffer, key = ""): Promise<bigint> {
  return countOf(deps, LIST_TOTAL_SQL, [list, account, key]);
}
