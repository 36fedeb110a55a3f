/**
 * EVM tx routes (spec tag EVM Tx): the whole list, by account (`is_signer`), by height, by hash.
 * Receipts are stored as JSON text in the reference key order; pages are keyset scans on the dense
 * `evm_tx.sequence`, so the unfiltered total is MAX(sequence); an account's totals are the writer's
 * (`list_total`), a block's an index count.
 */

import { notFound } from "../api/errors.js";
import { type OperationHandlers, RawJson } from "../api/operation.js";
import { parseAddress, parseTxHash } from "./address-params.js";
import { heightParam } from "./height-param.js";
import type { IndexerDeps } from "./indexer-deps.js";
import { listTotal } from "./list-total.js";
import { type PageRequest, parsePageRequest } from "./pagination.js";
import { countOf, type SequenceFilter, type SequencePageQuery, sequencePage } from "./sequence-page.js";

const evmTxPage = (
  deps: IndexerDeps,
  request: PageRequest,
  query: Omit<SequencePageQuery, "table" | "listKey">,
) => sequencePage(deps, request, { ...query, table: "evm_tx", listKey: "txs" });

/**
 * GET /evm-txs/by_account/{account}. Exported through the internal entry point (internal.ts) for
 * the benchmarks' raw baseline.
 */
export function evmTxsByAccountFilter(account: Buffer, signerOnly: boolean): SequenceFilter {
  return {
    table: "evm_tx",
    from: "evm_tx_account s",
    // (account, sequence) is the primary key, (account, signer, sequence) an index.
    where: `AND s.account = $1${signerOnly ? " AND s.signer = true" : ""}`,
    params: [account],
    unique: true,
  };
}

export function createEvmTxHandlers(deps: IndexerDeps): OperationHandlers {
  return {
    listEvmTxs: (input) =>
      evmTxPage(deps, parsePageRequest(input.query, "tx"), {
        from: "evm_tx s",
        where: "",
        params: [],
        count: () => countOf(deps, "SELECT coalesce(max(sequence), 0)::text AS n FROM evm_tx", []),
      }),

    listEvmTxsByAccount: (input) => {
      const account = parseAddress(input.path.account, deps.prefix, "account");
      const request = parsePageRequest(input.query, "tx");
      // Only the literal "true" filters, as the reference; the signer is the receipt's `from`.
      const signerOnly = input.query.is_signer === "true";
      return evmTxPage(deps, request, {
        ...evmTxsByAccountFilter(account, signerOnly),
        count: () => listTotal(deps, signerOnly ? "evm_tx_signer" : "evm_tx", account),
      });
    },

    listEvmTxsByHeight: (input) => {
      const height = heightParam(input.path.height);
      return evmTxPage(deps, parsePageRequest(input.query, "tx"), {
        from: "evm_tx s",
        where: "AND s.height = $1",
        params: [height],
        count: () => countOf(deps, "SELECT count(*)::text AS n FROM evm_tx WHERE height = $1", [height]),
      });
    },

    getEvmTx: async (input) => {
      const hash = parseTxHash(input.path.tx_hash);
      const { rows } = await deps.pool.query<{ data: string }>("SELECT data FROM evm_tx WHERE hash = $1", [
        hash,
      ]);
      const row = rows[0];
      if (!row) throw notFound("tx not found");
      return new RawJson(`{"tx":${row.data}}`);
    },
  };
}
