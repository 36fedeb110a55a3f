/**
 * Txs recorded from real zero-fee chains (`recorded/zero-fee-txs.json`, whose `_source` says where
 * from): their `tx` event's `fee` is `""`, so the denom must come from what they moved.
 */
import { readFileSync } from "node:fs";

interface RecordedZeroFeeTxs {
  /** A minievm `MsgSend` of GAS (tx response as `/txs/{hash}` serves it). */
  minievm_bank_send: unknown;
  /** A minievm EVM tx moving an ERC-20 (receipt as `/evm-txs/{hash}` serves it). */
  minievm_erc20_transfer: unknown;
  /** A minievm EVM tx moving an ERC-721 token (its Transfer log has 4 topics). */
  minievm_erc721_transfer: unknown;
  /** A minimove `MsgMultiSend` of umin. */
  minimove_multi_send: unknown;
}

export const recordedZeroFeeTxs: RecordedZeroFeeTxs = JSON.parse(
  readFileSync(new URL("./recorded/zero-fee-txs.json", import.meta.url), "utf8"),
);
