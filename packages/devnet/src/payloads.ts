/** The wire shapes the devnet serves (CometBFT 0.38 `result` objects and Cosmos REST tx JSON). */
export interface EventAttribute {
  key: string;
  value: string;
  index: boolean;
}

export interface AbciEvent {
  type: string;
  attributes: EventAttribute[];
}

export interface TxResult {
  code: number;
  data: string;
  log: string;
  info: string;
  gas_wanted: string;
  gas_used: string;
  events: AbciEvent[];
  codespace: string;
}

export interface RestTx {
  body: Record<string, unknown> & { messages: ({ "@type": string } & Record<string, unknown>)[] };
  auth_info: Record<string, unknown>;
  signatures: string[];
}

export interface BlockPayload {
  block: {
    block_id: { hash: string; parts: { total: number; hash: string } };
    block: {
      header: Record<string, unknown> & {
        chain_id: string;
        height: string;
        time: string;
        proposer_address: string;
      };
      data: { txs: string[] };
      last_commit: Record<string, unknown>;
    };
  };
  results: {
    height: string;
    txs_results: TxResult[] | null;
    finalize_block_events: AbciEvent[];
    validator_updates: null;
    consensus_param_updates: null;
    app_hash: string;
  };
  txs: RestTx[];
}
