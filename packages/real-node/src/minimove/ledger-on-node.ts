/**
 * The ledger held to the node's own state before Weft is held to the ledger: each NFT's owner and URI
 * as the Move objects hold them (`0x1::object::ObjectCore`, `0x1::nft::Nft`), burned NFTs gone, and
 * every account's balance equal to its genesis balance plus the recorded movements. A disagreement
 * here is a fault of the scenario, not of Weft, and says so.
 */

import { nodeBankBalance } from "../checks/node-truth.js";
import { getJson, type RealNode } from "../node/index.js";
import { accountOfMoveAddress } from "./move-events.js";
import type { MinimoveLedger } from "./move-ledger.js";

const REQUEST_TIMEOUT_MS = 10_000;

interface Resource {
  resource: { move_resource: string };
}

/** The `data` of a Move resource of `address`, or undefined when the object holds none (deleted). */
async function resource(
  node: RealNode,
  address: string,
  structTag: string,
): Promise<Record<string, unknown> | undefined> {
  const url = `${node.restUrl}/initia/move/v1/accounts/${address}/resources/by_struct_tag?struct_tag=${structTag}`;
  const res = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  if (res.status === 404 || res.status === 500) {
    // A deleted object: the node answers "collections: not found" (code 2, HTTP 404 or 500).
    const text = await res.text();
    if (text.includes("not found")) return undefined;
    throw new Error(`GET ${url} -> ${res.status}: ${text}`);
  }
  const body = (await res.json()) as Resource;
  return (JSON.parse(body.resource.move_resource) as { data: Record<string, unknown> }).data;
}

/** Throws listing every way the ledger disagrees with the node at `height`. */
export async function verifyLedgerOnNode(
  node: RealNode,
  ledger: MinimoveLedger,
  height: number,
): Promise<void> {
  const faults: string[] = [];
  for (const t of ledger.moveTokens) {
    const core = await resource(node, t.objectAddr, "0x1::object::ObjectCore");
    if (t.burned) {
      if (core) faults.push(`${t.id}: burned in the ledger, still an object on the node`);
      continue;
    }
    const nft = await resource(node, t.objectAddr, "0x1::nft::Nft");
    const owner = core ? accountOfMoveAddress(String(core.owner)) : "no object";
    if (owner !== t.owner) faults.push(`${t.id}: ledger owner ${t.owner}, node ${owner}`);
    if (nft?.uri !== t.uri) faults.push(`${t.id}: ledger uri ${t.uri}, node ${String(nft?.uri)}`);
    if (nft?.token_id !== t.id) faults.push(`${t.id}: node token_id ${String(nft?.token_id)}`);
  }
  for (const account of node.accounts) {
    const genesis = await nodeBankBalance(node, account.address, ledger.denom, 1);
    const moved = ledger.transfers.reduce(
      (sum, x) =>
        sum + (x.to === account.address ? x.amount : 0n) - (x.from === account.address ? x.amount : 0n),
      0n,
    );
    const now = await nodeBankBalance(node, account.address, ledger.denom, height);
    if (now !== genesis + moved)
      faults.push(
        `${account.name}: genesis ${genesis} + recorded ${moved} != node balance ${now} at ${height}`,
      );
  }
  const status = await getJson<{ result: { node_info: { network: string } } }>(`${node.rpcUrl}/status`);
  if (status.result.node_info.network !== ledger.chainId)
    faults.push(`ledger chain ${ledger.chainId}, node ${status.result.node_info.network}`);
  if (faults.length > 0)
    throw new Error(`the scenario's ledger disagrees with the node:\n${faults.join("\n")}`);
}
