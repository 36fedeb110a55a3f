/**
 * Defaults of settings that code outside config.ts reads too, stated once. config.ts falls back to
 * them (and the README's Configuration table is tested against it); ingestion, the router and
 * createApp read them here, so config.ts imports no server folder (packages/server/README.md: the
 * import table).
 */

/** The chain's VM when VM_TYPE is unset. */
export const DEFAULT_VM_TYPE = "move";

/** The chain's bech32 account prefix when BECH32_PREFIX is unset: Initia's. */
export const DEFAULT_BECH32_PREFIX = "init";

/** Largest JSON body accepted when BODY_LIMIT is unset (router requests carry signed op-hooks of at most ~10 KiB). */
export const DEFAULT_BODY_LIMIT = "256kb";

/**
 * Connections of each chain's pool when a deployment serves or indexes several (CHAINS_FILE; both
 * `weft ingest --chains` and `weft serve --chains` open one per chain): its writer lock's, its
 * writes', and a spare for the checkpoint reads and the initial balances (20 chains stay under
 * Postgres's default max_connections of 100).
 */
export const CHAIN_POOL_MAX = 4;

/** The registries shipped with the server, in packages/server/registries (ROUTER_REGISTRY). */
export const BUNDLED_REGISTRIES = ["devnet", "initia-testnet"] as const;

/*
 * The backfill's defaults: `weft ingest`'s settings fall back to them, and so do the callers of
 * runIngest that have no settings (ingest/run-ingest.ts, the benchmarks). Each is measured in
 * BENCHMARKS.md, "Ingestion".
 */

/**
 * Blocks fetched in parallel while backfilling (INGEST_CONCURRENCY). A block takes two round trips
 * to the node one after the other (its `block` and `block_results`, then its txs from REST), so the
 * backfill is bound by the node's latency until enough blocks are in flight: on the loopback devnet
 * 8 -> 16 took grouped writes from 944-1 015 to 1 039-1 208 blocks/s (alternating runs; 70-76% ->
 * 79-91% of the bulk insert); against a node across a network each round trip is longer and it
 * matters more.
 */
export const INGEST_CONCURRENCY = 16;

/** Most blocks one transaction carries while backfilling (INGEST_COMMIT_BLOCKS; ingest/ingest-loop.ts). */
export const COMMIT_BLOCKS = 64;

/**
 * Block writes pipelined on the writer's connection while backfilling (INGEST_WRITES_IN_FLIGHT;
 * db/query-pipeline.ts): 1 / 2 / 4 / 8 in flight = 285 / 345 / 453 / 396 blocks/s with a transaction
 * per block. The embedded Postgres serves every connection from one session: it always gets one.
 */
export const WRITES_IN_FLIGHT = 4;
