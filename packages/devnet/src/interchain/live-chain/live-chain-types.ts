/** What a live chain is (LiveChain) and what its message handlers (modules) get and give. */
import type { Chain } from "../../chain/chain-types.js";
import type { AbciEvent, RestTx, TxResult } from "../../payloads.js";
import type { LiveNfts } from "../nft/live-nfts.js";

export interface ExecContext {
  chain: LiveChain;
  height: number;
  /** Block time, RFC 3339. */
  time: string;
  /** bech32 of the tx signer ("" for injected system txs). */
  signer: string;
  msgIndex: number;
  /** Undo log of this tx: a failing message rolls every change of the tx back. */
  journal: (() => void)[];
}

/** Executes one message; returns its events (without msg_index, which the chain adds). */
export type MsgHandler = (ctx: ExecContext, value: Uint8Array) => AbciEvent[];
/** JSON of a message for the REST tx body (`@type` added by the chain). */
export type MsgToJson = (value: Uint8Array) => Record<string, unknown>;

export interface IndexedTx {
  hash: string;
  height: number;
  index: number;
  raw: string;
  result: TxResult;
  rest: RestTx;
  time: string;
}

export interface LiveChain extends Chain {
  /** CheckTx and mempool admission, as broadcast_tx_sync answers. */
  submit(raw: Uint8Array): Promise<{ code: number; log: string; hash: string }>;
  /** Adds a system tx (relayer, executor): no signature, runs at the next seal. */
  inject(messages: { typeUrl: string; value: Uint8Array }[], memo?: string): string;
  /**
   * Adds a tx already authenticated elsewhere (an EVM tx whose signature the EVM gateway verified),
   * run with `signer` as its sender; `raw` is what the tx hash is computed from.
   */
  injectSigned(signer: string, messages: { typeUrl: string; value: Uint8Array }[], raw: Uint8Array): string;
  /** Runs the mempool into block `height` (the next one). */
  seal(height: number): void;
  readonly head: number;
  findTx(hash: string): IndexedTx | undefined;
  /** Txs whose events match every `type.key='value'` condition. */
  searchTxs(conditions: { type: string; key: string; value: string }[]): IndexedTx[];
  account(address: string): { number: bigint; sequence: bigint } | undefined;
  /** The ledger's balance, plus (fee denom) the background bank's at the head. */
  balance(address: string, denom: string): bigint;
  /** Ledger moves; while a block is sealed, each is logged with its coin event (coin-moves.ts). */
  credit(ctx: Pick<ExecContext, "journal">, address: string, denom: string, amount: bigint): void;
  debit(ctx: Pick<ExecContext, "journal">, address: string, denom: string, amount: bigint): void;
  /**
   * Registers the handler of a message type. `options.bankEvents: false` is for handlers that move
   * coins inside the EVM (minievm's MsgCall), whose moves show as ERC-20 Transfer logs in their
   * `evm` event rather than as the bank's coin events. @default { bankEvents: true }
   */
  handle(typeUrl: string, handler: MsgHandler, toJson?: MsgToJson, options?: { bankEvents?: boolean }): void;
  /** Called after each sealed block, with that block's txs. */
  onSealed(listener: (height: number, txs: IndexedTx[]) => void): void;
  /** Values modules keep between blocks (packet sequences, denom traces, ...). */
  state: Map<string, unknown>;
  /** The NFTs live txs create and move (nft/live-nfts.ts); the background's are in its blocks. */
  nfts: LiveNfts;
}
