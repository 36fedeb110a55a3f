/**
 * The coins a live chain's txs move, as its bank keeper would report them: every ledger debit and
 * credit made while a block is delivered is logged (and taken out again when its tx fails), becomes
 * the `coin_spent` / `coin_received` event of its message, and feeds the chain's bank state at
 * that block (live-bank.ts). An indexer folding these events then sees what the ledger did.
 *
 * Module escrows (`escrow/transfer/channel-0`, `escrow/opinit/1`) are ledger keys, not addresses:
 * no event names them and no bank state holds them, so a move in or out of one reads as a burn or
 * a mint, as it does to an indexer that drops addresses it cannot decode.
 */
import { bech32 } from "bech32";
import type { AbciEvent } from "../../payloads.js";

/** One side of a ledger move: `from` for a debit, `to` for a credit. */
export interface CoinMove {
  from?: string;
  to?: string;
  denom: string;
  amount: bigint;
}

/** Whether `address` is an account of the chain (bech32 with its prefix), not a module's ledger key. */
export function isAccount(address: string, prefix: string): boolean {
  try {
    return bech32.decode(address, 90).prefix === prefix;
  } catch {
    return false;
  }
}

/**
 * Appends `move` to the log of the block being delivered, and to the tx's journal the step that
 * takes it out again: a failed tx moved nothing. No-op outside a block (`log` undefined).
 */
export function logMove(log: CoinMove[] | undefined, ctx: { journal: (() => void)[] }, move: CoinMove): void {
  if (!log || move.amount === 0n) return;
  log.push(move);
  ctx.journal.push(() => {
    // By identity, not position: a failed nested hook may already have taken later moves out.
    const at = log.lastIndexOf(move);
    if (at >= 0) log.splice(at, 1);
  });
}

/** The bank events of `moves`, one per account side, in the order they happened. */
export function coinEvents(moves: CoinMove[], prefix: string): AbciEvent[] {
  const events: AbciEvent[] = [];
  for (const m of moves) {
    const amount = `${m.amount}${m.denom}`;
    if (m.from !== undefined && isAccount(m.from, prefix))
      events.push({
        type: "coin_spent",
        attributes: [
          { key: "spender", value: m.from, index: true },
          { key: "amount", value: amount, index: true },
        ],
      });
    if (m.to !== undefined && isAccount(m.to, prefix))
      events.push({
        type: "coin_received",
        attributes: [
          { key: "receiver", value: m.to, index: true },
          { key: "amount", value: amount, index: true },
        ],
      });
  }
  return events;
}
