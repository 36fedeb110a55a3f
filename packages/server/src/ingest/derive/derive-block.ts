/**
 * From one block's node payloads to the rows Weft stores: pure, no I/O, so it is tested on real
 * payloads and reused by the writer, the benchmarks and the dataset builder alike.
 */
import { type AccountEdge, accountEdges } from "./account-edges.js";
import { addBankDeltas, addErc20Deltas, type BalanceDelta, BalanceLedger } from "./balance-deltas.js";
import { deriveEvmInternalTxs, type EvmInternalTxRow } from "./evm-internal-txs.js";
import { deriveEvmTxs, type EvmTxRow } from "./evm-txs.js";
import { type MoveFungibleDelta, moveFungibleDeltas } from "./move-fungible-deltas.js";
import { nftChanges } from "./nft-events.js";
import type { TxNftChanges } from "./nft-rows.js";
import type { BlockPayload } from "./node-payloads.js";
import { signerAddress } from "./signer-address.js";
import { buildTxResponse, normaliseEvents, type OutEvent, type TxResponse } from "./tx-response.js";

export interface BlockRow {
  height: bigint;
  hash: Buffer;
  /**
   * The node's time as the reference stores it: RFC 3339 truncated to microseconds (Postgres's
   * precision; the node gives nanoseconds), e.g. `2026-01-01T00:03:20.029201Z`. The writer passes
   * it as text, which Postgres reads exactly (a float of seconds would lose the last digits).
   */
  timestamp: string;
  proposer: Buffer;
  gasUsed: bigint;
  gasWanted: bigint;
  txCount: number;
  totalFee: { denom: string; amount: string }[];
}

export interface TxRow {
  hash: Buffer;
  /** The tx object serialised once, keys in the reference order. */
  data: string;
  response: TxResponse;
  accounts: AccountEdge[];
  msgTypes: string[];
}

export interface BlockBundle {
  block: BlockRow;
  txs: TxRow[];
  /** EVM chains: the block's EVM txs in receipt order, and their call frames. */
  evmTxs: EvmTxRow[];
  evmInternalTxs: EvmInternalTxRow[];
  /** The NFT changes of the block's successful txs, in order; the writer folds them (nft-rows.ts). */
  nftChanges: TxNftChanges[];
  /** Net balance change per (denom, account): bank events, or ERC-20 logs on EVM chains. */
  balances: BalanceDelta[];
  /**
   * Move chains: fungible-asset store changes by metadata object, not yet in `balances` (the node
   * names their denoms: ../move-fungible-denoms.ts folds them in before the block is written).
   */
  moveFungible: MoveFungibleDelta[];
}

/** Sums coins by denom, in the order denoms first appear. */
/**
 * The block's fees as the SDK adds coins (`sdk.Coins.Add`, what the reference stores): one coin per
 * denom, zero amounts dropped, sorted by denom in byte order (`GAS` before `uinit`).
 */
export function sumCoins(coins: { denom: string; amount: string }[]): { denom: string; amount: string }[] {
  const totals = new Map<string, bigint>();
  for (const c of coins) totals.set(c.denom, (totals.get(c.denom) ?? 0n) + BigInt(c.amount));
  return [...totals]
    .filter(([, amount]) => amount !== 0n)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([denom, amount]) => ({ denom, amount: amount.toString() }));
}

const RFC3339 = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d+))?(Z|[+-]\d\d:\d\d)$/;

/**
 * An RFC 3339 time with its fraction truncated to microseconds, as the reference's driver stores a
 * Go time in a timestamptz (Postgres itself would round the nanoseconds it is given).
 * @throws when `time` is not RFC 3339, so a malformed header is not stored as some other time.
 */
export function truncateToMicros(time: string): string {
  const m = RFC3339.exec(time);
  if (!m) throw new Error(`not an RFC 3339 time: ${JSON.stringify(time)}`);
  const [, seconds, fraction = "", zone = "Z"] = m;
  return `${seconds}.${fraction.slice(0, 6).padEnd(6, "0")}${zone}`;
}

/**
 * @param prefix the chain's bech32 account prefix (addresses in events are matched with it).
 * @throws when the payloads disagree (REST and CometBFT tx counts), so nothing partial is written.
 */
export function deriveBlock(payload: BlockPayload, prefix: string): BlockBundle {
  const { header } = payload.block.block;
  const rawTxs = payload.block.block.data.txs ?? [];
  const results = payload.results.txs_results ?? [];
  if (results.length !== rawTxs.length || payload.txs.length !== rawTxs.length) {
    throw new Error(
      `block ${header.height}: ${rawTxs.length} txs in /block, ${results.length} results, ${payload.txs.length} REST txs`,
    );
  }
  let gasUsed = 0n;
  let gasWanted = 0n;
  const fees: { denom: string; amount: string }[] = [];
  const nft: TxNftChanges[] = [];
  const ledger = new BalanceLedger();
  const moveFungible: MoveFungibleDelta[] = [];
  // EVM chains mirror every ERC-20 move as bank events too: count the logs only (module comment
  // of balance-deltas.ts). On Move chains the fungible-asset events are the whole truth where they
  // appear, bank events only mirror some of them (move-fungible-deltas.ts). Block-level events
  // (minting, fee distribution) move balances as well.
  const addDeltas = (events: OutEvent[]) => {
    if (payload.evm) return addErc20Deltas(ledger, events);
    const moved = moveFungibleDeltas(events, prefix);
    if (moved) moveFungible.push(...moved);
    else addBankDeltas(ledger, events, prefix);
  };
  addDeltas(
    normaliseEvents([
      ...(payload.results.begin_block_events ?? []),
      ...(payload.results.finalize_block_events ?? []),
    ]),
  );
  const txs: TxRow[] = rawTxs.map((base64Tx, i) => {
    const result = results[i] ?? {};
    const tx = payload.txs[i];
    if (!tx) throw new Error(`block ${header.height}: REST tx ${i} missing`);
    gasUsed += BigInt(result.gas_used ?? "0");
    gasWanted += BigInt(result.gas_wanted ?? "0");
    fees.push(...(tx.auth_info.fee?.amount ?? []));
    const response = buildTxResponse({ base64Tx, height: header.height, time: header.time, result, tx });
    const signer = signerAddress(tx.auth_info.signer_infos?.[0]?.public_key);
    addDeltas(response.events);
    if ((result.code ?? 0) === 0) nft.push({ tx: i, signer, changes: nftChanges(response.events, prefix) });
    return {
      hash: Buffer.from(response.txhash, "hex"),
      data: JSON.stringify(response),
      response,
      accounts: accountEdges(response.events, signer, prefix),
      msgTypes: [...new Set(tx.body.messages.map((m) => m["@type"].replace(/^\//, "")))],
    };
  });
  addDeltas(normaliseEvents(payload.results.end_block_events));
  return {
    block: {
      height: BigInt(header.height),
      hash: Buffer.from(payload.block.block_id.hash, "hex"),
      timestamp: truncateToMicros(header.time),
      proposer: Buffer.from(header.proposer_address, "hex"),
      gasUsed,
      gasWanted,
      txCount: rawTxs.length,
      totalFee: sumCoins(fees),
    },
    txs,
    evmTxs: payload.evm ? deriveEvmTxs(payload.evm.receipts) : [],
    evmInternalTxs: payload.evm
      ? deriveEvmInternalTxs(Number(header.height), payload.evm.traces, payload.evm.receipts)
      : [],
    nftChanges: nft,
    balances: ledger.deltas(),
    moveFungible,
  };
}
