/**
 * EVM internal tx routes (spec tag EVM Internal Tx): every call frame, by account (a frame's from
 * or to), by height, by tx hash. Frames are stored as JSON text in the reference key order, keyed
 * by a dense sequence in (height, tx, depth-first) order, so `reverse=false` on one tx's frames
 * lists them depth-first.
 */

import { notFound } from "../api/errors.js";
import type { OperationHandlers } from "../api/operation.js";
import { parseAddress, parseTxHash } from "./address-params.js";
import { heightParam } from "./height-param.js";
import type { IndexerDeps } from "./indexer-deps.js";
import { listTotal } from "./list-total.js";
import { type PageRequest, parsePageRequest } from "./pagination.js";
import { countOf, type SequencePageQuery, sequencePage } from "./sequence-page.js";

const internalPage = (
  deps: IndexerDeps,
  request: PageRequest,
  query: Omit<SequencePageQuery, "table" | "listKey">,
) => sequencePage(deps, request, { ...query, table: "evm_internal_tx", listKey: "internal_txs" });

export function createEvmInternalTxHandlers(deps: IndexerDeps): OperationHandlers {
  return {
    listEvmInternalTxs: (input) =>
      internalPage(deps, parsePageRequest(input.query, "tx"), {
        from: "evm_internal_tx s",
        where: "",
        params: [],
        count: () => countOf(deps, "SELECT coalesce(max(sequence), 0)::text AS n FROM evm_internal_tx", []),
      }),

    listEvmInternalTxsByAccount: (input) => {
      const account = parseAddress(input.path.account, deps.prefix, "account");
      return internalPage(deps, parsePageRequest(input.query, "tx"), {
        from: "evm_internal_tx_account s",
        where: "AND s.account = $1",
        params: [account],
        count: () => listTotal(deps, "evm_internal_tx", account),
      });
    },

    listEvmInternalTxsByHeight: (input) => {
      const height = heightParam(input.path.height);
      return internalPage(deps, parsePageRequest(input.query, "tx"), {
        from: "evm_internal_tx s",
        where: "AND s.height = $1",
        params: [height],
        count: () =>
          countOf(deps, "SELECT count(*)::text AS n FROM evm_internal_tx WHERE height = $1", [height]),
      });
    },

    listEvmInternalTxsByHash: async (input) => {
      const hash = parseTxHash(input.path.tx_hash);
      const request = parsePageRequest(input.query, "tx");
      // A known tx whose trace failed has no frames: an empty page. An unknown hash is a 404.
      const { rows } = await deps.pool.query<{ known: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM evm_tx WHERE hash = $1)
             OR EXISTS (SELECT 1 FROM evm_internal_tx WHERE hash = $1) AS known`,
        [hash],
      );
      if (!rows[0]?.known) throw notFound("transaction not found");
      return internalPage(deps, request, {
        from: "evm_internal_tx s",
        where: "AND s.hash = $1",
        params: [hash],
        count: () => countOf(deps, "SELECT count(*)::text AS n FROM evm_internal_tx WHERE hash = $1", [hash]),
      });
    },
  };
}
