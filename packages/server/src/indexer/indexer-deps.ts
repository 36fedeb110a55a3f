import type pg from "pg";
import type { ChainHead } from "../db/chain-head.js";
import type { NodeLookups } from "./node-lookups.js";

/**
 * The chain id served before one is known: nothing configures it and ingestion has recorded none in
 * the database yet (`weft serve` started beside a first `weft ingest`, commands/serve-app.ts).
 */
export const CHAIN_NOT_YET_KNOWN = "unknown";

/** What the indexer routes need: the database and the chain they serve. */
export interface IndexerDeps {
  /** Where reads go: the primary's pool, or read replicas in front of it (db/read-replicas.ts). */
  pool: Pick<pg.Pool, "query">;
  /** Chain id served (and written by ingestion under this id). */
  chainId: string;
  /** The chain's VM: EVM routes exist only on `evm` chains. */
  vmType: "evm" | "move" | "wasm";
  /** bech32 account prefix of the chain (`init`). */
  prefix: string;
  /** Build identity for /status. */
  version: string;
  commitHash: string;
  /** What the read API asks the chain's node (cached): an EVM denom's ERC-20 contract. */
  node: NodeLookups;
  /** The head followed in memory: `/status` reads the database only when it does not follow. */
  head?: ChainHead;
}
