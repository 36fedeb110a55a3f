/**
 * Every check of Weft's Indexer API against a ledger and the node that made it. Generic over VMs: the
 * EVM group runs only when the ledger is an EVM one.
 */
import { checkBlocks } from "./block-checks.js";
import { checkEvm } from "./evm-checks.js";
import type { Ledger } from "./ledger.js";
import { type Mismatch, Mismatches } from "./mismatches.js";
import { checkNfts } from "./nft-checks.js";
import type { NodeEndpoints } from "./node-truth.js";
import { checkRichLists } from "./rich-list-checks.js";
import { checkTxs } from "./tx-checks.js";

export type CheckGroup = "blocks" | "txs" | "evm" | "nft" | "richlist";

export interface RunChecksOptions {
  /** Weft's base URL, e.g. http://127.0.0.1:PORT */
  weftUrl: string;
  node: NodeEndpoints;
  ledger: Ledger;
  /** @default every group that applies to the ledger's VM */
  only?: CheckGroup[];
}

/** Runs the groups and resolves with every mismatch found, by group (empty lists when Weft agrees). */
export async function runChecks(options: RunChecksOptions): Promise<Record<CheckGroup, Mismatch[]>> {
  const { weftUrl, node, ledger } = options;
  const wanted = (g: CheckGroup) => options.only === undefined || options.only.includes(g);
  const groups: Record<CheckGroup, (m: Mismatches) => Promise<void>> = {
    blocks: (m) => checkBlocks(m, weftUrl, node, ledger),
    txs: (m) => checkTxs(m, weftUrl, node, ledger),
    evm: (m) => (ledger.vm === "evm" ? checkEvm(m, weftUrl, node, ledger) : Promise.resolve()),
    nft: (m) => checkNfts(m, weftUrl, ledger),
    richlist: (m) => checkRichLists(m, weftUrl, node, ledger),
  };
  const result = { blocks: [], txs: [], evm: [], nft: [], richlist: [] } as Record<CheckGroup, Mismatch[]>;
  for (const [group, run] of Object.entries(groups) as [CheckGroup, (m: Mismatches) => Promise<void>][]) {
    if (!wanted(group)) continue;
    const m = new Mismatches();
    await run(m);
    result[group] = m.list;
  }
  return result;
}
