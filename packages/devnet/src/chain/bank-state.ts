/**
 * The devnet's bank state at any height: genesis balances plus every coin the chain's events move,
 * so a node's state queries (`auth/v1beta1/accounts`, `bank/v1beta1/balances/{addr}` at
 * `x-cosmos-block-height`, minievm's ERC-20 `balanceOf`) agree with the events an indexer folds.
 * The devnet has one bank denom, the fee denom; fees and delegations emit no coin events on the
 * devnet, so they move nothing here either.
 *
 * Invariant: `balances(h)` = genesis + the `moves` of blocks 1..h, in block order. Snapshots every
 * SNAPSHOT_EVERY blocks keep a query at any height cheap without holding every height's state.
 */
import { createHash } from "node:crypto";
import { bech32 } from "bech32";

const SNAPSHOT_EVERY = 64;
/** Whole states kept for the last heights asked: a scan asks one height once per account. */
const RECENT_STATES = 8;

/** One coin movement of a block, bech32 addresses; `from` or `to` undefined for a mint or a burn. */
export interface BankMove {
  from?: string;
  to?: string;
  amount: bigint;
}

export type BankAccountKind = "base" | "module" | "contract";

export interface BankAccount {
  address: string;
  kind: BankAccountKind;
  /** The order the account came to exist in: genesis accounts first, then first receipt. */
  accountNumber: number;
  /** Module accounts: their module name and permissions. */
  name?: string;
  permissions?: string[];
}

export interface BankState {
  /** The fee denom's balance of every account that exists at `height` (zero ones included). */
  balances(height: number): ReadonlyMap<string, bigint>;
  /** Every account that exists at `height`, ordered by address bytes as the auth store iterates them. */
  accounts(height: number): BankAccount[];
  /** The chain's module accounts (they exist from genesis). */
  moduleAccounts: BankAccount[];
  genesis: ReadonlyMap<string, bigint>;
  /** Accounts that are contracts (minievm's ContractAccount). */
  contracts: ReadonlySet<string>;
  /** What block `height` moves, as the state was fed it (a live chain adds its own txs' moves). */
  moves(height: number): BankMove[];
}

/**
 * Module accounts of an Initia chain with their permissions (Cosmos SDK 0.50 names); the address of
 * each is the first 20 bytes of sha256(name), as `authtypes.NewModuleAddress` makes it.
 */
const MODULES: { name: string; permissions: string[] }[] = [
  { name: "fee_collector", permissions: [] },
  { name: "distribution", permissions: [] },
  { name: "bonded_tokens_pool", permissions: ["burner", "staking"] },
  { name: "not_bonded_tokens_pool", permissions: ["burner", "staking"] },
  { name: "gov", permissions: ["burner"] },
  { name: "mint", permissions: ["minter"] },
];

export const moduleAddress = (name: string, prefix: string) =>
  bech32.encode(prefix, bech32.toWords(createHash("sha256").update(name).digest().subarray(0, 20)));

const addressBytes = (address: string) => Buffer.from(bech32.fromWords(bech32.decode(address, 90).words));

export function createBankState(options: {
  prefix: string;
  /** Genesis balances by bech32 address, in account-number order. */
  genesis: Map<string, bigint>;
  /** Accounts that are contracts (minievm's ContractAccount). */
  contracts?: ReadonlySet<string>;
  moves(height: number): BankMove[];
}): BankState {
  const { prefix, genesis } = options;
  const moduleAccounts: BankAccount[] = MODULES.map((m, i) => ({
    address: moduleAddress(m.name, prefix),
    kind: "module",
    accountNumber: genesis.size + i,
    name: m.name,
    permissions: m.permissions,
  }));
  const modules = new Map(moduleAccounts.map((m) => [m.address, m]));
  const start = new Map(genesis);
  for (const m of moduleAccounts) if (!start.has(m.address)) start.set(m.address, 0n);
  /** State after block `height`, for heights 0, SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY, ... reached so far. */
  const snapshots = new Map<number, Map<string, bigint>>([[0, start]]);

  const apply = (state: Map<string, bigint>, height: number) => {
    for (const move of options.moves(height)) {
      if (move.from !== undefined) state.set(move.from, (state.get(move.from) ?? 0n) - move.amount);
      if (move.to !== undefined) state.set(move.to, (state.get(move.to) ?? 0n) + move.amount);
    }
  };

  const recent = new Map<number, Map<string, bigint>>();

  function balances(height: number): ReadonlyMap<string, bigint> {
    const kept = recent.get(height);
    if (kept) return kept;
    const state = replay(height);
    recent.set(height, state);
    if (recent.size > RECENT_STATES) recent.delete(recent.keys().next().value as number);
    return state;
  }

  function replay(height: number): Map<string, bigint> {
    let base = Math.floor(height / SNAPSHOT_EVERY) * SNAPSHOT_EVERY;
    while (!snapshots.has(base)) base -= SNAPSHOT_EVERY;
    const state = new Map(snapshots.get(base));
    for (let h = base + 1; h <= height; h++) {
      apply(state, h);
      if (h % SNAPSHOT_EVERY === 0 && !snapshots.has(h)) snapshots.set(h, new Map(state));
    }
    return state;
  }

  const contracts = options.contracts ?? new Set<string>();
  return {
    genesis,
    moduleAccounts,
    contracts,
    moves: options.moves,
    balances,
    accounts(height) {
      // A Map keeps insertion order: the order accounts came to exist, i.e. their account numbers.
      return [...balances(height).keys()]
        .map((address, accountNumber): BankAccount => {
          const module = modules.get(address);
          if (module) return module;
          const kind = contracts.has(address) ? "contract" : "base";
          return { address, kind, accountNumber };
        })
        .sort((a, b) => Buffer.compare(addressBytes(a.address), addressBytes(b.address)));
    },
  };
}
