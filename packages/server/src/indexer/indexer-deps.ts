import type pg from "pg";

/** What the indexer routes need: the database and the chain they serve. */
export interface IndexerDeps {
  pool: pg.Pool;
  /** Chain id served (and written by ingestion under this id). */
  chainId: string;
  /** The chain's VM: EVM routes exist only on `evm` chains. */
  vmType: "evm" | "move" | "wasm";
  /** bech32 account prefix of the chain (`init`). */
  prefix: string;
  /** Build identity for /status. */
  version: string;
  commitHash: string;
}
