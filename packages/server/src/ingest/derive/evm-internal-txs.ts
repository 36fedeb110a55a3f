/**
 * EVM internal txs from a block's callTracer trace, as the reference stores and serves them: every
 * frame of every traced tx, numbered depth-first in pre-order from 0 (the top call, parent -1),
 * hex fields passed through bytes (so "0x0" comes back "0x00", a missing value "0x", and the top
 * call's output is always "0x"), from/to as normalised 20-byte hex. Entries whose trace failed are
 * skipped, as the reference skips them. Account edges: the frame's from and to.
 */
import { decodeAddress } from "../../chain/addresses.js";
import type { CallFrame, EvmReceipt, TraceEntry } from "./evm-payloads.js";

export interface EvmInternalTxRow {
  /** Hash of the EVM tx the frame belongs to. */
  hash: Buffer;
  index: number;
  parentIndex: number;
  /** The response object as JSON text in the reference key order. */
  data: string;
  accounts: Buffer[];
}

/** Hex through bytes and back: lower case, odd lengths zero-padded, "" and absent become "0x". */
export function hexThroughBytes(value: string | undefined): string {
  const digits = (value ?? "").replace(/^0x/i, "");
  if (!/^[0-9a-fA-F]*$/.test(digits)) throw new Error(`not hex: ${JSON.stringify(value)}`);
  return `0x${(digits.length % 2 === 1 ? `0${digits}` : digits).toLowerCase()}`;
}

function addressOf(value: string | undefined): { text: string; bytes?: Buffer } {
  if (!value) return { text: "" };
  const bytes = decodeAddress(value, "");
  if (!bytes) throw new Error(`not an address: ${JSON.stringify(value)}`);
  return { text: `0x${bytes.toString("hex")}`, bytes };
}

/**
 * @param height the block's height.
 * @param receipts the block's receipts: they name the tx of an entry that has no `txHash`.
 * @throws on a frame with a malformed hex field or address (the block is retried, not half written).
 */
export function deriveEvmInternalTxs(
  height: number,
  traces: TraceEntry[],
  receipts: EvmReceipt[] = [],
): EvmInternalTxRow[] {
  const rows: EvmInternalTxRow[] = [];
  traces.forEach((entry, position) => {
    if (entry.error || !entry.result) return;
    const txHash = (entry.txHash ?? receipts[position]?.transactionHash ?? "").toLowerCase();
    if (!/^0x[0-9a-f]{64}$/.test(txHash))
      throw new Error(`trace entry ${position} of block ${height} names no tx hash`);
    const hash = Buffer.from(txHash.slice(2), "hex");
    let next = 0;
    const visit = (frame: CallFrame, parentIndex: number, top: boolean) => {
      const index = next++;
      const from = addressOf(frame.from);
      const to = addressOf(frame.to);
      const data = {
        height,
        hash: txHash,
        parent_index: parentIndex,
        index,
        type: frame.type,
        from: from.text,
        to: to.text,
        input: hexThroughBytes(frame.input),
        output: top ? "0x" : hexThroughBytes(frame.output),
        value: hexThroughBytes(frame.value),
        gas: hexThroughBytes(frame.gas),
        gasUsed: hexThroughBytes(frame.gasUsed),
      };
      const accounts = new Map<string, Buffer>();
      for (const a of [from.bytes, to.bytes]) if (a) accounts.set(a.toString("hex"), a);
      rows.push({ hash, index, parentIndex, data: JSON.stringify(data), accounts: [...accounts.values()] });
      for (const call of frame.calls ?? []) visit(call, index, false);
    };
    visit(entry.result, -1, true);
  });
  return rows;
}
