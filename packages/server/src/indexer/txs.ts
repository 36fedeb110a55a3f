/**
 * Cosmos tx routes (spec tag Tx): the whole list, by account, by height, by hash. Pages are keyset
 * scans on `sequence` over the edge tables' primary keys; tx bodies are stored as JSON text and
 * spliced into the response without a parse.
 */

import { notFound } from "../api/errors.js";
import { type OperationHandlers, RawJson } from "../api/operation.js";
import { parseAddress, parseTxHash } from "./address-params.js";
import { heightParam } from "./height-param.js";
import type { IndexerDeps } from "./indexer-deps.js";
import { listTotal } from "./list-total.js";
import { type PageRequest, parsePageRequest } from "./pagination.js";
import { countOf, type SequenceFilter, type SequencePageQuery, sequencePage } from "./sequence-page.js";

/**
 * The `msgs` query value: repeated (`msgs=a&msgs=b`, an array) or comma-separated (`msgs=a,b`);
 * both mean OR. Exported through the internal entry point (internal.ts) for the benchmarks' raw
 * baseline.
 */
export function msgTypesOf(raw: string | string[] | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  const values = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => v.split(","));
  const types = [...new Set(values.map((v) => v.trim().replace(/^\//, "")).filter(Boolean))];
  return types.length > 0 ? types : undefined;
}

/** A page of Cosmos txs (`tx` rows) selected through `from`/`where`. */
const txPage = (deps: IndexerDeps, request: PageRequest, query: Omit<SequencePageQuery, "listKey">) =>
  sequencePage(deps, request, { ...query, table: "tx", listKey: "txs" });

/**
 * Most ranges merged for one page; a filter naming more message types than this reads them with
 * one `= ANY()` scan and sorts the matches instead (correct, slower; no client sends that many).
 */
const MAX_RANGES = 16;

/** `AND <column> = $n` for each type, numbered from `$first`: one index range per type. */
const typeRanges = (column: string, types: string[], first: number) =>
  types.map((_, i) => `AND ${column} = $${first + i}`);

/**
 * GET /txs, all or by message types (OR). Exported through the internal entry point (internal.ts) for
 * the benchmarks' raw baseline.
 */
export function txListFilter(types: string[] | undefined): SequenceFilter {
  if (!types) return { table: "tx", from: "tx s", where: "", params: [] };
  // (msg_type, sequence) is the primary key: each type's range is read in order and stops after
  // the page; one type names each tx once, several may name one tx twice.
  if (types.length > MAX_RANGES)
    return { table: "tx", from: "tx_msg_type s", where: "AND s.msg_type = ANY($1)", params: [types] };
  const [one] = types;
  if (types.length === 1)
    return { table: "tx", from: "tx_msg_type s", where: "AND s.msg_type = $1", params: [one], unique: true };
  return {
    table: "tx",
    from: "tx_msg_type s",
    where: "",
    params: types,
    ranges: typeRanges("s.msg_type", types, 1),
  };
}

/**
 * GET /txs/by_account/{account}. Exported through the internal entry point (internal.ts) for
 * the benchmarks' raw baseline.
 */
export function txsByAccountFilter(
  account: Buffer,
  signerOnly: boolean,
  types: string[] | undefined,
): SequenceFilter {
  const signer = signerOnly ? " AND s.signer = true" : "";
  // (account, sequence) is the primary key, (account, signer, sequence) an index.
  if (!types)
    return {
      table: "tx",
      from: "tx_account s",
      where: `AND s.account = $1${signer}`,
      params: [account],
      unique: true,
    };
  // (account, msg_type, signer, sequence) is the primary key of the account x type edges: one range
  // per type and signer value, disjoint for one type.
  const signers = signerOnly ? ["AND s.signer = true"] : ["AND s.signer = false", "AND s.signer = true"];
  const ranges = typeRanges("s.msg_type", types, 2).flatMap((t) => signers.map((v) => `${t} ${v}`));
  if (ranges.length > MAX_RANGES)
    return {
      table: "tx",
      from: "tx_account_msg_type s",
      where: `AND s.account = $1 AND s.msg_type = ANY($2)${signer}`,
      params: [account, types],
    };
  return {
    table: "tx",
    from: "tx_account_msg_type s",
    where: "AND s.account = $1",
    params: [account, ...types],
    unique: types.length === 1,
    ranges,
  };
}

/** A tx of the block has one of the types (`$2`): a block's few txs are checked one by one. */
const TYPE_FILTER =
  " AND EXISTS (SELECT 1 FROM tx_msg_type m WHERE m.sequence = s.sequence AND m.msg_type = ANY($2))";

/** GET /txs/{tx_hash}: the stored JSON of one tx. */
export const TX_BY_HASH_SQL = "SELECT data FROM tx WHERE hash = $1";

export function createTxHandlers(deps: IndexerDeps): OperationHandlers {
  return {
    listTxs: (input) => {
      const request = parsePageRequest(input.query, "tx");
      const types = msgTypesOf(input.query.msgs);
      return txPage(deps, request, {
        ...txListFilter(types),
        count: () =>
          !types
            ? // Sequences are dense from 1: the largest is the exact count, read off the primary key.
              countOf(deps, "SELECT coalesce(max(sequence), 0)::text AS n FROM tx", [])
            : types.length === 1
              ? listTotal(deps, "tx", Buffer.alloc(0), types[0])
              : // A tx of two listed types is one tx: per-type totals would count it twice.
                countOf(
                  deps,
                  "SELECT count(DISTINCT sequence)::text AS n FROM tx_msg_type WHERE msg_type = ANY($1)",
                  [types],
                ),
      });
    },

    listTxsByAccount: (input) => {
      const account = parseAddress(input.path.account, deps.prefix, "account");
      const request = parsePageRequest(input.query, "tx");
      // Only the literal "true" filters, as the reference.
      const signerOnly = input.query.is_signer === "true";
      const types = msgTypesOf(input.query.msgs);
      return txPage(deps, request, {
        ...txsByAccountFilter(account, signerOnly, types),
        count: () =>
          !types || types.length === 1
            ? listTotal(deps, signerOnly ? "tx_signer" : "tx", account, types?.[0])
            : countOf(
                deps,
                `SELECT count(DISTINCT sequence)::text AS n FROM tx_account_msg_type
                 WHERE account = $1 AND msg_type = ANY($2)${signerOnly ? " AND signer" : ""}`,
                [account, types],
              ),
      });
    },

    listTxsByHeight: (input) => {
      const height = heightParam(input.path.height);
      const request = parsePageRequest(input.query, "tx");
      const types = msgTypesOf(input.query.msgs);
      const typeFilter = types ? TYPE_FILTER : "";
      const params: unknown[] = types ? [height, types] : [height];
      return txPage(deps, request, {
        table: "tx",
        from: "tx s",
        where: `AND s.height = $1${typeFilter}`,
        params,
        count: () =>
          countOf(deps, `SELECT count(*)::text AS n FROM tx s WHERE s.height = $1${typeFilter}`, params),
      });
    },

    getTx: async (input) => {
      const hash = parseTxHash(input.path.tx_hash);
      const { rows } = await deps.pool.query<{ data: string }>(TX_BY_HASH_SQL, [hash]);
      const row = rows[0];
      if (!row) throw notFound("transaction not found");
      return new RawJson(`{"tx":${row.data}}`);
    },
  };
}
