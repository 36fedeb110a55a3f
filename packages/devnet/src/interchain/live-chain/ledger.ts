/**
 * A live chain's accounts (number, sequence) and balances, with the journal a tx's changes are
 * undone by when one of its messages fails.
 */
import { TxFailure } from "./tx-failure.js";

export interface Ledger {
  account(address: string): { number: bigint; sequence: bigint } | undefined;
  balance(address: string, denom: string): bigint;
  credit(ctx: { journal: (() => void)[] }, address: string, denom: string, amount: bigint): void;
  debit(ctx: { journal: (() => void)[] }, address: string, denom: string, amount: bigint): void;
}

export function createLedger(genesis: Record<string, Record<string, bigint>>): Ledger {
  const balances = new Map<string, Map<string, bigint>>();
  const accounts = new Map<string, { number: bigint; sequence: bigint }>();
  /** The account of `address`, created (next number, sequence 0) if it has none. */
  const ensureAccount = (address: string) => {
    let a = accounts.get(address);
    if (!a) {
      a = { number: BigInt(accounts.size), sequence: 0n };
      accounts.set(address, a);
    }
    return a;
  };
  const balanceOf = (address: string, denom: string) => balances.get(address)?.get(denom) ?? 0n;
  const setBalance = (address: string, denom: string, amount: bigint) => {
    let m = balances.get(address);
    if (!m) {
      m = new Map();
      balances.set(address, m);
    }
    m.set(denom, amount);
  };
  for (const [address, coins] of Object.entries(genesis)) {
    ensureAccount(address);
    for (const [denom, amount] of Object.entries(coins)) setBalance(address, denom, amount);
  }
  return {
    account: (address) => accounts.get(address),
    balance: balanceOf,
    credit(ctx, address, denom, amount) {
      ensureAccount(address);
      const before = balanceOf(address, denom);
      setBalance(address, denom, before + amount);
      ctx.journal.push(() => setBalance(address, denom, before));
    },
    debit(ctx, address, denom, amount) {
      const before = balanceOf(address, denom);
      if (before < amount)
        throw new TxFailure(
          5,
          `spendable balance ${before}${denom} is smaller than ${amount}${denom}: insufficient funds`,
        );
      setBalance(address, denom, before - amount);
      ctx.journal.push(() => setBalance(address, denom, before));
    },
  };
}
