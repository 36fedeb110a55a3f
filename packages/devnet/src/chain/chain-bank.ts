/**
 * The seeded chain's bank state (bank-state.ts) as it is fed: genesis balances of the fee denom,
 * and what each block moves in it, read back from the block's txs.
 */
import { createHash } from "node:crypto";
import { type BankMove, type BankState, createBankState } from "./bank-state.js";
import type { BlockTxs } from "./block-txs.js";
import { bech32Of, type ChainSetup } from "./chain-setup.js";
import type { EvmAccount } from "./evm-accounts.js";
import { TRANSFER_TOPIC } from "./evm-scenarios.js";

/** The bank denom fees are paid in. */
export const FEE_DENOM = "uinit";

export function chainBank(setup: ChainSetup, txsOf: (height: number) => BlockTxs): BankState {
  const { vm, prefix, contracts } = setup;
  return createBankState({
    prefix,
    genesis: genesisBalances({
      seed: setup.seed,
      prefix,
      vm,
      accounts: setup.accounts,
      evmUsers: setup.evmUsers,
      router: contracts.router,
    }),
    contracts: new Set(
      vm === "evm" ? [contracts.token, contracts.nft, contracts.router].map((a) => bech32Of(a, prefix)) : [],
    ),
    moves: (h) => bankMoves(txsOf(h), contracts.token, prefix),
  });
}

/**
 * Genesis balances of the fee denom, deterministic per seed: every Cosmos account, and on EVM chains
 * every EVM account and the router (which pays ERC-20 out in swaps). EVM amounts move in 10^12..10^18
 * steps, bank sends in 1..10^6: genesis is far above what any run spends.
 */
function genesisBalances(options: {
  seed: number;
  prefix: string;
  vm: "evm" | "move" | "wasm";
  accounts: string[];
  evmUsers: EvmAccount[];
  router: string;
}): Map<string, bigint> {
  const base = options.vm === "evm" ? 10n ** 24n : 10n ** 12n;
  const holders = [
    ...options.accounts,
    ...options.evmUsers.map((u) => u.bech32),
    ...(options.vm === "evm" ? [bech32Of(options.router, options.prefix)] : []),
  ];
  return new Map(
    holders.map((address) => {
      const draw = createHash("sha256").update(`devnet-${options.seed}-genesis-${address}`).digest();
      return [address, base + (draw.readBigUInt64BE(0) % base)];
    }),
  );
}

/**
 * What one block moves in the fee denom: its successful bank sends, and on EVM chains the ERC-20
 * Transfer logs of the fee denom's contract (a transfer from or to the zero address mints or burns).
 */
function bankMoves(built: Pick<BlockTxs, "truth" | "evmTxs">, token: string, prefix: string): BankMove[] {
  const moves: BankMove[] = [];
  for (const t of built.truth)
    for (const m of t.moved ?? [])
      if (m.denom === FEE_DENOM) moves.push({ from: m.from, to: m.to, amount: BigInt(m.amount) });
  for (const tx of built.evmTxs) {
    if (tx.status !== "0x1") continue;
    for (const log of tx.scenario.logs) {
      if (log.address.toLowerCase() !== token || log.topics.length !== 3 || log.topics[0] !== TRANSFER_TOPIC)
        continue;
      const [, from, to] = log.topics as [string, string, string];
      const party = (topic: string) =>
        BigInt(topic) === 0n ? undefined : bech32Of(`0x${topic.slice(-40)}`, prefix);
      moves.push({ from: party(from), to: party(to), amount: BigInt(log.data) });
    }
  }
  return moves;
}
