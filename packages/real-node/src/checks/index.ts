/** The checks of Weft's Indexer API against a scenario's ledger and its node (`@weft/real-node/checks/index`). */

export {
  type Ledger,
  type LedgerNftCollection,
  type LedgerNftToken,
  type LedgerRichList,
  type LedgerTx,
  lastLedgerHeight,
} from "./ledger.js";
export { describeMismatches, type Mismatch, Mismatches } from "./mismatches.js";
export type { NodeEndpoints } from "./node-truth.js";
export { type CheckGroup, type RunChecksOptions, runChecks } from "./run-checks.js";
