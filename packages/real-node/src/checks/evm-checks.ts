/**
 * EVM: each EVM tx as the node's receipt (`eth_getTransactionReceipt`, the fields the reference keeps),
 * each block's EVM txs as `eth_getBlockReceipts` (Cosmos bank sends included: minievm gives them a
 * receipt from 0x0), each sender's list, and each tx's internal txs as `debug_traceTransaction`'s
 * callTracer frames, depth-first from the root (minievm's 0x0 -> 0x0 wrapper is the root).
 */
import { indexerGet, walkList } from "./indexer-client.js";
import type { Ledger } from "./ledger.js";
import type { Mismatches } from "./mismatches.js";
import {
  type CallFrame,
  type NodeEndpoints,
  nodeBlockReceipts,
  nodeCallTrace,
  nodeReceipt,
  type Receipt,
} from "./node-truth.js";

const RECEIPT_KEYS = [
  "blockHash",
  "blockNumber",
  "contractAddress",
  "cumulativeGasUsed",
  "effectiveGasPrice",
  "from",
  "gasUsed",
  "logs",
  "logsBloom",
  "status",
  "to",
  "transactionHash",
  "transactionIndex",
  "type",
] as const;
const ADDRESS_KEYS = new Set(["from", "to", "contractAddress"]);
const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";

/** The receipt's stored subset; `to` is "" for a creation; addresses compared without checksum case. */
function receiptView(r: Record<string, unknown>): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  for (const key of RECEIPT_KEYS) {
    let value = r[key];
    if (key === "to" && value === null) value = "";
    if (ADDRESS_KEYS.has(key) && typeof value === "string") value = value.toLowerCase();
    view[key] = value;
  }
  return view;
}

interface InternalTx {
  height: number;
  hash: string;
  parent_index: number;
  index: number;
  type: string;
  from: string;
  to: string;
  input: string;
  output: string;
  value: string;
  gas: string;
  gasUsed: string;
}

/** A hex quantity as a number ("0x" and absent are 0), so "0x0", "0x00" and "0x" agree. */
const quantity = (hex: string | undefined) =>
  (hex === undefined || hex === "0x" ? 0n : BigInt(hex)).toString();

/** callTracer frames in depth-first pre-order, numbered as the reference numbers internal txs. */
function flatten(root: CallFrame, at: { height: number; hash: string }): InternalTx[] {
  const out: InternalTx[] = [];
  const visit = (frame: CallFrame, parent: number) => {
    const index = out.length;
    out.push({
      height: at.height,
      hash: at.hash,
      parent_index: parent,
      index,
      type: frame.type,
      from: frame.from.toLowerCase(),
      to: (frame.to ?? "").toLowerCase(),
      input: frame.input.toLowerCase(),
      // The reference stores the top call's output as "0x".
      output: parent === -1 ? "0x" : (frame.output ?? "0x").toLowerCase(),
      value: quantity(frame.value),
      gas: quantity(frame.gas),
      gasUsed: quantity(frame.gasUsed),
    });
    for (const child of frame.calls ?? []) visit(child, index);
  };
  visit(root, -1);
  return out;
}

/** The served frame's fields, in the order `flatten` builds them; quantities as numbers. */
function internalView(t: InternalTx): InternalTx {
  return {
    height: t.height,
    hash: t.hash,
    parent_index: t.parent_index,
    index: t.index,
    type: t.type,
    from: t.from.toLowerCase(),
    to: t.to.toLowerCase(),
    input: t.input,
    output: t.output,
    value: quantity(t.value),
    gas: quantity(t.gas),
    gasUsed: quantity(t.gasUsed),
  };
}

export async function checkEvm(
  m: Mismatches,
  weft: string,
  node: NodeEndpoints,
  ledger: Ledger,
): Promise<void> {
  const evmTxs = ledger.txs.filter((t) => t.evmHash !== undefined);
  for (const tx of evmTxs) {
    const hash = tx.evmHash!;
    await m.guard("evm tx", tx.label, async () => {
      const answer = await indexerGet<{ tx: Receipt }>(weft, `/indexer/tx/v1/evm-txs/${hash}`);
      if (!m.equal("evm tx", `${tx.label}: status`, 200, answer.status)) return;
      const receipt = await nodeReceipt(node, hash);
      m.equal("evm tx", `${tx.label} ${hash}`, receiptView(receipt), receiptView(answer.body.tx));
      const from = String(receipt.from).toLowerCase();
      if (from === ZERO_ADDRESS) return;
      const sent = await walkList<Receipt>(weft, `/indexer/tx/v1/evm-txs/by_account/${from}`, "txs");
      m.require(
        "evm txs by account",
        `${from} lists ${tx.label}`,
        sent.some((r) => r.transactionHash === hash),
        {
          expected: hash,
          actual: "absent",
        },
      );
      const frames = await walkList<InternalTx>(
        weft,
        `/indexer/tx/v1/evm-internal-txs/${hash}`,
        "internal_txs",
      );
      const expected = flatten(await nodeCallTrace(node, hash), { height: tx.height, hash });
      m.equal(
        "evm internal txs",
        `${tx.label} ${hash}`,
        expected,
        frames.map(internalView).sort((a, b) => a.index - b.index),
      );
    });
  }

  for (const height of [...new Set(evmTxs.map((t) => t.height))].sort((a, b) => a - b)) {
    await m.guard("evm txs by height", String(height), async () => {
      const got = await walkList<Receipt>(weft, `/indexer/tx/v1/evm-txs/by_height/${height}`, "txs");
      const expected = (await nodeBlockReceipts(node, height)).map((r) => receiptView(r));
      const order = (a: Record<string, unknown>, b: Record<string, unknown>) =>
        String(a.transactionIndex).localeCompare(String(b.transactionIndex));
      m.equal(
        "evm txs by height",
        `height ${height}`,
        expected.sort(order),
        got.map(receiptView).sort(order),
      );
    });
  }
}
