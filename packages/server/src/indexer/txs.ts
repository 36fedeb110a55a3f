/**
 * Cosmos tx routes (spec tag Tx): the whole list, by account, by height, by hash. Pages are keyset
 * scans on `sequence` over the edge tables' primary keys; tx bodies are stored as JSON text and
 * spliced into the response without a parse.
 */
import type { Request } from "express";
import { parseAddress, parseTxHash } from "../http/addresses.js";
import { notFound } from "../http/errors.js";
import { type OperationHandlers, RawJson } from "../http/operations.js";
import { type PageRequest, type PaginationQuery, parsePageRequest } from "../http/pagination.js";
import type { IndexerDeps } from "./indexer-deps.js";
import { countOf, type SequenceFilter, type SequencePageQuery, sequencePage } from "./sequence-page.js";

/** `msgs` arrives repeated (`msgs=a&msgs=b`) or comma-separated (`msgs=a,b`); both mean OR. */
export function msgTypesOf(req: Request): string[] | undefined {
  const raw = req.query.msgs;
  if (raw === undefined) return undefined;
  const values = (Array.isArray(raw) ? raw : [raw]).flatMap((v) => String(v).split(","));
  const types = [...new Set(values.map((v) => v.trim().replace(/^\//, "")).filter(Boolean))];
  return types.length > 0 ? types : undefined;
}

/** A page of Cosmos txs (`tx` rows) selected through `from`/`where`. */
const txPage = (deps: IndexerDeps, request: PageRequest, query: Omit<SequencePageQuery, "listKey">) =>
  sequencePage(deps, request, { ...query, table: "tx", listKey: "txs" });

/** GET /txs, all or by message types (OR). Exported for the raw baseline (bench/raw-baseline.ts). */
export function txListFilter(types: string[] | undefined): SequenceFilter {
  if (!types) return { table: "tx", from: "tx s", where: "", params: [] };
  // One type (the common case) is an equality, so the (msg_type, sequence) key is read in order
  // and the page stops after `limit` rows; ANY() of several types sorts every match first.
  const one = types.length === 1;
  return {
    table: "tx",
    from: "tx_msg_type s",
    where: one ? "AND s.msg_type = $1" : "AND s.msg_type = ANY($1)",
    params: [one ? types[0] : types],
    // (msg_type, sequence) is the primary key: one type names each tx once.
    unique: one,
  };
}

const TYPE_FILTER =
  " AND EXISTS (SELECT 1 FROM tx_msg_type m WHERE m.sequence = s.sequence AND m.msg_type = ANY($2))";

/** GET /txs/by_account/{account}. Exported for the raw baseline (bench/raw-baseline.ts). */
export function txsByAccountFilter(
  account: Buffer,
  signerOnly: boolean,
  types: string[] | undefined,
): SequenceFilter {
  return {
    table: "tx",
    from: "tx_account s",
    where: `AND s.account = $1${signerOnly ? " AND s.signer" : ""}${types ? TYPE_FILTER : ""}`,
    params: types ? [account, types] : [account],
  };
}

/** GET /txs/{tx_hash}: the stored JSON of one tx. */
export const TX_BY_HASH_SQL = "SELECT data FROM tx WHERE hash = $1";

export function createTxHandlers(deps: IndexerDeps): OperationHandlers {
  return {
    listTxs: (req) => {
      const request = parsePageRequest(req.query as PaginationQuery);
      const types = msgTypesOf(req);
      const filter = txListFilter(types);
      return txPage(deps, request, {
        ...filter,
        count: () =>
          types
            ? countOf(
                deps,
                "SELECT count(DISTINCT sequence)::text AS n FROM tx_msg_type WHERE msg_type = ANY($1)",
                [types],
              )
            : // Sequences are dense from 1: the largest is the exact count, read off the primary key.
              countOf(deps, "SELECT coalesce(max(sequence), 0)::text AS n FROM tx", []),
      });
    },

    listTxsByAccount: (req) => {
      const account = parseAddress(String(req.params.account ?? ""), deps.prefix, "account");
      const request = parsePageRequest(req.query as PaginationQuery);
      // Only the literal "true" filters, as the reference.
      const filter = txsByAccountFilter(account, req.query.is_signer === "true", msgTypesOf(req));
      return txPage(deps, request, {
        ...filter,
        count: () =>
          countOf(
            deps,
            `SELECT count(*)::text AS n FROM ${filter.from} WHERE true ${filter.where}`,
            filter.params,
          ),
      });
    },

    listTxsByHeight: (req) => {
      const height = String(req.params.height);
      const request = parsePageRequest(req.query as PaginationQuery);
      const types = msgTypesOf(req);
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

    getTx: async (req) => {
      const hash = parseTxHash(String(req.params.tx_hash ?? ""));
      const { rows } = await deps.pool.query<{ data: string }>(TX_BY_HASH_SQL, [hash]);
      const row = rows[0];
      if (!row) throw notFound("transaction not found");
      return new RawJson(`{"tx":${row.data}}`);
    },
  };
}
