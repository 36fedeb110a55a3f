/**
 * EVM txs from a block's receipts, as the reference stores them: the receipt decoded into its Go
 * struct (so the key set and order are fixed, a null `to` becomes "", absent strings become "",
 * extra keys such as a log's `blockTimestamp` are dropped) and re-encoded. Account edges: from (the
 * signer), to, the created contract, each log's address and its address-shaped topics after the
 * first (those starting with 12 zero bytes).
 */
import { decodeAddress } from "../../chain/addresses.js";
import type { AccountEdge } from "./account-edges.js";
import type { EvmLogPayload, EvmReceipt } from "./evm-payloads.js";

/** A topic is taken for an address when it is a left-padded 20-byte value. */
const ADDRESS_TOPIC_PREFIX = "0x000000000000000000000000";

export interface EvmTxRow {
  /** keccak256 tx hash. */
  hash: Buffer;
  /** The receipt subset as JSON text in the reference key order. */
  data: string;
  accounts: AccountEdge[];
}

function logOf(log: EvmLogPayload) {
  return {
    address: log.address ?? "",
    topics: log.topics ?? [],
    data: log.data ?? "",
    blockNumber: log.blockNumber ?? "",
    transactionHash: log.transactionHash ?? "",
    transactionIndex: log.transactionIndex ?? "",
    blockHash: log.blockHash ?? "",
    logIndex: log.logIndex ?? "",
    removed: log.removed ?? false,
  };
}

/** The stored (and served) receipt object, keys in the reference order. */
export function evmTxObject(receipt: EvmReceipt) {
  return {
    blockHash: receipt.blockHash ?? "",
    blockNumber: receipt.blockNumber ?? "",
    contractAddress: receipt.contractAddress ?? null,
    cumulativeGasUsed: receipt.cumulativeGasUsed ?? "",
    effectiveGasPrice: receipt.effectiveGasPrice ?? "",
    from: receipt.from ?? "",
    gasUsed: receipt.gasUsed ?? "",
    // A Go nil slice would encode as null; nodes send [] for a tx without logs and so do we.
    logs: (receipt.logs ?? []).map(logOf),
    logsBloom: receipt.logsBloom ?? "",
    status: receipt.status ?? "",
    to: receipt.to ?? "",
    transactionHash: receipt.transactionHash ?? "",
    transactionIndex: receipt.transactionIndex ?? "",
    type: receipt.type ?? "",
  };
}

/** Accounts an EVM tx involves, deduplicated by bytes, the sender flagged as signer. */
export function evmTxAccounts(receipt: EvmReceipt): AccountEdge[] {
  const candidates: string[] = [receipt.from];
  if (receipt.to) candidates.push(receipt.to);
  if (receipt.contractAddress) candidates.push(receipt.contractAddress);
  for (const log of receipt.logs ?? []) {
    candidates.push(log.address);
    (log.topics ?? []).forEach((topic, i) => {
      if (i > 0 && topic.startsWith(ADDRESS_TOPIC_PREFIX)) candidates.push(topic);
    });
  }
  const signer = decodeAddress(receipt.from, "")?.toString("hex");
  const found = new Map<string, Buffer>();
  for (const candidate of candidates) {
    const bytes = decodeAddress(candidate, "");
    if (bytes) found.set(bytes.toString("hex"), bytes);
  }
  return [...found].map(([hex, account]) => ({ account, signer: hex === signer }));
}

/** @throws when a receipt has no usable tx hash (nothing partial is written). */
export function deriveEvmTxs(receipts: EvmReceipt[]): EvmTxRow[] {
  return receipts.map((receipt) => {
    const digits = (receipt.transactionHash ?? "").replace(/^0x/i, "");
    if (!/^[0-9a-fA-F]{64}$/.test(digits))
      throw new Error(`receipt with a malformed transactionHash ${JSON.stringify(receipt.transactionHash)}`);
    return {
      hash: Buffer.from(digits, "hex"),
      data: JSON.stringify(evmTxObject(receipt)),
      accounts: evmTxAccounts(receipt),
    };
  });
}
