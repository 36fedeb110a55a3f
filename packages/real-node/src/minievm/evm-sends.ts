/**
 * Sending one EVM tx and recording it: sign with viem over JSON-RPC, wait for the receipt, require
 * success, then let the node say where it landed and how Cosmos sees it (`recordCosmosTx`).
 */
import type { Address, Hex, TransactionReceipt } from "viem";
import type { LedgerTx } from "../checks/ledger.js";
import type { RealNode } from "../node/start-node.js";
import type { EvmClients, EvmWallet } from "./evm-wallets.js";
import { bech32Of, cosmosHashOf, recordCosmosTx } from "./tx-records.js";

const RECEIPT_TIMEOUT_MS = 30_000;

export interface EvmSent {
  tx: LedgerTx;
  receipt: TransactionReceipt;
}

export interface EvmSendOptions {
  label: string;
  from: EvmWallet;
  /** Accounts the tx names besides the sender, as EVM addresses (recipients, contracts). */
  touches?: Address[];
  /** Signs and broadcasts; resolves with the EVM tx hash. */
  send: () => Promise<Hex>;
}

/** Sends, waits for a successful receipt and records the tx (its created contract counts as touched). */
export async function sendEvm(
  node: RealNode,
  clients: EvmClients,
  options: EvmSendOptions,
): Promise<EvmSent> {
  const evmHash = await options.send();
  const receipt = await clients.publicClient.waitForTransactionReceipt({
    hash: evmHash,
    timeout: RECEIPT_TIMEOUT_MS,
  });
  if (receipt.status !== "success") throw new Error(`${options.label}: EVM tx ${evmHash} reverted`);
  const touches = [...(options.touches ?? []), ...(receipt.contractAddress ? [receipt.contractAddress] : [])];
  const tx = await recordCosmosTx(node, await cosmosHashOf(node, evmHash), {
    label: options.label,
    signer: bech32Of(options.from.account.address),
    recipients: touches.map((a) => bech32Of(a)),
  });
  if (tx.evmHash !== undefined && tx.evmHash !== evmHash.toLowerCase()) {
    throw new Error(`${options.label}: the node pairs ${tx.hash} with ${tx.evmHash}, viem sent ${evmHash}`);
  }
  return { tx: { ...tx, evmHash: evmHash.toLowerCase() }, receipt };
}

/** Sends native value (GAS, 18 decimals on the EVM side) from a wallet to an address. */
export function sendValue(
  node: RealNode,
  clients: EvmClients,
  options: { label: string; from: EvmWallet; to: Address; value: bigint },
): Promise<EvmSent> {
  return sendEvm(node, clients, {
    label: options.label,
    from: options.from,
    touches: [options.to],
    send: () => options.from.wallet.sendTransaction({ to: options.to, value: options.value }),
  });
}
