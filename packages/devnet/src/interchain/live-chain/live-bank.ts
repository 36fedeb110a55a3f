/**
 * A live chain's bank state in the fee denom (what `auth/v1beta1/accounts` and
 * `bank/v1beta1/balances` answer at `x-cosmos-block-height`): the background chain's genesis plus
 * the live genesis' accounts, then at each height the background block's moves followed by the
 * moves of the live txs sealed into that block (coin-moves.ts).
 *
 * Invariant: for an account of the chain, `balances(head)` = the background bank's balance at the
 * head + the live ledger's balance, which is what `by_denom` answers (create-live-chain.ts), and
 * every move in it has its `coin_spent` / `coin_received` event in the sealed block.
 */
import { type BankMove, type BankState, createBankState } from "../../chain/bank-state.js";
import { FEE_DENOM } from "../../chain/chain-bank.js";
import { type CoinMove, isAccount } from "./coin-moves.js";

export function liveBank(options: {
  prefix: string;
  background: BankState;
  /** The live ledger's genesis: address -> denom -> amount. */
  genesis: Record<string, Record<string, bigint>>;
  /** The ledger moves of sealed block `height` (empty for a height not sealed yet). */
  movesAt(height: number): CoinMove[];
}): BankState {
  const { prefix, background } = options;
  const genesis = new Map(background.genesis);
  for (const [address, coins] of Object.entries(options.genesis)) {
    const amount = coins[FEE_DENOM];
    if (amount === undefined || !isAccount(address, prefix)) continue;
    genesis.set(address, (genesis.get(address) ?? 0n) + amount);
  }
  const party = (address: string | undefined) =>
    address !== undefined && isAccount(address, prefix) ? address : undefined;
  return createBankState({
    prefix,
    genesis,
    contracts: background.contracts,
    moves(height): BankMove[] {
      const live = options.movesAt(height).filter((m) => m.denom === FEE_DENOM);
      return [
        ...background.moves(height),
        ...live.map((m) => ({ from: party(m.from), to: party(m.to), amount: m.amount })),
      ];
    },
  });
}
