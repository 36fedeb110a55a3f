/**
 * The node payloads ingestion reads, as far as derivation looks into them (CometBFT RPC `result`
 * objects and the Cosmos REST tx JSON). Lists may be null on empty blocks, as real nodes send them.
 */
import type { EvmBlockPayload } from "./evm-payloads.js";

export interface CometAttribute {
  key: string;
  value?: string | null;
  index?: boolean;
}

export interface CometEvent {
  type: string;
  attributes?: CometAttribute[] | null;
}

export interface CometBlock {
  block_id: { hash: string };
  block: {
    header: {
      chain_id: string;
      height: string;
      time: string;
      proposer_address: string;
      /** The previous block's id; its hash links the chain (empty at height 1). */
      last_block_id?: { hash: string };
    };
    data: { txs?: string[] | null };
  };
}

export interface CometTxResult {
  code?: number;
  data?: string | null;
  log?: string;
  info?: string;
  gas_wanted?: string;
  gas_used?: string;
  events?: CometEvent[] | null;
  codespace?: string;
}

export interface CometBlockResults {
  height: string;
  txs_results?: CometTxResult[] | null;
  /** CometBFT >= 0.38: begin/end block events in one list; older nodes split them. */
  finalize_block_events?: CometEvent[] | null;
  begin_block_events?: CometEvent[] | null;
  end_block_events?: CometEvent[] | null;
}

/** A tx in the node's REST JSON (`GET /cosmos/tx/v1beta1/txs/block/{h}` `txs[i]`). */
export interface RestTx {
  body: { messages: { "@type": string; [k: string]: unknown }[]; [k: string]: unknown };
  auth_info: {
    signer_infos?: { public_key?: { "@type"?: string; key?: string } | null; [k: string]: unknown }[];
    fee?: { amount?: { denom: string; amount: string }[] | null; [k: string]: unknown };
    [k: string]: unknown;
  };
  signatures: string[];
  "@type"?: string;
}

/** Everything one block needs, fetched from the node. */
export interface BlockPayload {
  block: CometBlock;
  results: CometBlockResults;
  /** REST txs of the block, in block order. */
  txs: RestTx[];
  /** EVM chains: the block's receipts and call traces from the node's JSON-RPC. */
  evm?: EvmBlockPayload | undefined;
}
