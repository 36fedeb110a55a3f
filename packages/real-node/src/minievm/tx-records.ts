/**
 * Turning a sent tx into a ledger entry from the node's own answers: where it landed (CometBFT), which
 * messages it carried and who signed it (Cosmos REST), and its EVM/Cosmos hash pair (minievm's `cosmos`
 * JSON-RPC namespace). Nothing here trusts what the scenario believes it sent.
 */
import type { Hex } from "viem";
import type { LedgerTx } from "../checks/ledger.js";
import { hexToBech32 } from "../node/node-home.js";
import { getJson, jsonRpc, waitForTx } from "../node/node-queries.js";
import type { RealNode } from "../node/start-node.js";

interface RestTx {
  tx: { body: { messages: { "@type": string }[] } };
  tx_response: { height: string; code: number; raw_log: string; txhash: string };
}

/** Message types of a committed tx, as the node's REST reports them. */
export async function msgTypesOf(node: RealNode, hash: string): Promise<string[]> {
  const body = await getJson<RestTx>(`${node.restUrl}/cosmos/tx/v1beta1/txs/${hash}`);
  return body.tx.body.messages.map((m) => m["@type"]);
}

/** The Cosmos tx hash minievm wrapped an EVM tx in (upper hex). */
export async function cosmosHashOf(node: RealNode, evmHash: Hex): Promise<string> {
  const hash = await jsonRpc<string>(node.jsonRpcUrl!, "cosmos_cosmosTxHashByTxHash", [evmHash]);
  return hash.replace(/^0x/i, "").toUpperCase();
}

/** The EVM tx hash of a Cosmos tx (lower 0x hex), or undefined when minievm knows none. */
export async function evmHashOf(node: RealNode, cosmosHash: string): Promise<string | undefined> {
  const hash = await jsonRpc<string | null>(node.jsonRpcUrl!, "cosmos_txHashByCosmosTxHash", [
    `0x${cosmosHash}`,
  ]).catch(() => null);
  if (!hash || /^0x0*$/.test(hash)) return undefined;
  return hash.toLowerCase();
}

/** bech32 `init1...` of an EVM address. */
export function bech32Of(hex: string): string {
  return hexToBech32("init", hex);
}

export interface RecordOptions {
  label: string;
  signer: string;
  recipients?: string[];
}

/** A ledger entry for a committed, successful Cosmos tx; throws when the node says it failed. */
export async function recordCosmosTx(
  node: RealNode,
  hash: string,
  options: RecordOptions,
): Promise<LedgerTx> {
  const committed = await waitForTx(node.rpcUrl, hash);
  if (committed.code !== 0) throw new Error(`${options.label}: tx ${hash} failed: ${committed.rawLog}`);
  const evmHash = node.jsonRpcUrl ? await evmHashOf(node, committed.hash) : undefined;
  return {
    label: options.label,
    hash: committed.hash,
    height: committed.height,
    signer: options.signer,
    recipients: [...new Set(options.recipients ?? [])].filter((r) => r !== options.signer),
    msgTypes: await msgTypesOf(node, committed.hash),
    ...(evmHash ? { evmHash } : {}),
  };
}
