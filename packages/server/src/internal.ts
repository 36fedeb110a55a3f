/**
 * `@weft/server/internal`: what the benchmarks (@weft/bench) need from inside the server. NOT a
 * public API: no stability promise, no semver, used by no one else; `@weft/server` (index.ts) is the
 * public entry. It exists so the benches measure the code as shipped, above all so the raw baseline
 * (packages/bench/src/raw-baseline.ts) runs the very same SQL builders the API runs, instead of
 * copies that could drift. Every other import of the server from another package goes through
 * `@weft/server`; scripts/check-imports.mjs forbids any other `@weft/server/...` path.
 *
 * What it exposes, by the bench that needs it:
 * - raw baseline: the indexer's SQL builders and row mappers (blocks, txs, evm-txs, nft-tokens,
 *   rich-list, ordered and sequence pages), pagination parsing, address/hash parsing, `toBech32`;
 * - ingest and dataset benches: `deriveBlock`, `writeRows`, `withArrayLiterals`,
 *   `createInitialBalances`, the ingest's default concurrency, and (raw baseline's test) the
 *   Postgres sink that writes derived blocks;
 * - route, balances and tracking benches: the registry (parse, bind to endpoints, synthetic), the
 *   route search, the balance reads' limits, the cluster workers' Node flags;
 * - validation bench: the operation router and listener, the handlers' types;
 * - many-chains bench: the schema a chain's tables live in (to read its checkpoint);
 * - paths of the build: the CLI the benches spawn and the bundled registries.
 */
import { fileURLToPath } from "node:url";

export { type OperationHandlers, RawJson } from "./api/operation.js";
export { toBech32 } from "./chain/addresses.js";
export { WORKER_NODE_FLAGS } from "./cluster/worker-node-flags.js";
export { chainSchemaName } from "./db/chain-schema.js";
export { createApiListener } from "./http/api-listener.js";
export { createOperationRouter } from "./http/operations.js";
export { parseAddress, parseTxHash } from "./indexer/address-params.js";
export {
  type BlockRow,
  blockPageSql,
  LATEST_HEIGHT_SQL,
  toBlock,
  unresolvedProposer,
} from "./indexer/blocks.js";
export { evmTxsByAccountFilter } from "./indexer/evm-txs.js";
export { orderByOf, type TokenRow, tokenOf, tokenPageQuery } from "./indexer/nft-tokens.js";
export { orderedPageOf, orderedPageSql } from "./indexer/ordered-page.js";
export { buildPagination, type PaginationQuery, parsePageRequest } from "./indexer/pagination.js";
export { richListPage, storedDenom } from "./indexer/rich-list.js";
export { type SequenceFilter, sequencePageSql } from "./indexer/sequence-page.js";
export { msgTypesOf, TX_BY_HASH_SQL, txListFilter, txsByAccountFilter } from "./indexer/txs.js";
export { withArrayLiterals } from "./ingest/array-literal.js";
export type { BalanceDelta } from "./ingest/derive/balance-deltas.js";
export { type BlockBundle, deriveBlock } from "./ingest/derive/derive-block.js";
export type { EvmReceipt, TraceEntry } from "./ingest/derive/evm-payloads.js";
export type { BlockPayload } from "./ingest/derive/node-payloads.js";
export { createInitialBalances } from "./ingest/initial-balances.js";
export { createPostgresSink } from "./ingest/postgres-sink.js";
export { writeRows } from "./ingest/write-rows.js";
export { BALANCE_NODE_TIMEOUT_MS, BALANCE_READS_IN_FLIGHT } from "./router/balances/node-balances.js";
export { bindEndpoints } from "./router/registry/bind-endpoints.js";
export { type AssetNode, createRegistry } from "./router/registry/registry.js";
export { parseRegistryFile, type RegistryFile } from "./router/registry/registry-file.js";
export { syntheticRegistry } from "./router/registry/synthetic-registry.js";
export { findRoute } from "./router/route/find-route.js";
export { INGEST_CONCURRENCY } from "./setting-defaults.js";

/** The built CLI (dist/cli.js), which the benches run as `weft serve` / `weft ingest`. */
export const SERVER_CLI_PATH = fileURLToPath(new URL("./cli.js", import.meta.url));
/** The bundled router registries (registries/*.json), e.g. devnet.json. */
export const BUNDLED_REGISTRIES_DIR = fileURLToPath(new URL("../registries/", import.meta.url));
