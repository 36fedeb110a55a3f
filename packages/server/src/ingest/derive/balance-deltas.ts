/**
 * Rich-list balance deltas from events. Bank chains (Move, Wasm): `coin_spent` (spender, amount) and
 * `coin_received` (receiver, amount), where amount is a comma-separated coin list. EVM chains: ERC-20
 * `Transfer` logs (3 topics, amount in data) under the lower-case `0x` contract address, which is
 * how the reference stores EVM denoms; their bank events mirror the same movements (`evm/<hex>`
 * denoms), so on EVM only the logs count, never both.
 *
 * The deltas of every block after the first indexed one add to the balances read from the node at
 * that first block (../initial-balances.ts), which replace its own deltas.
 */
import { decodeAddress } from "../../chain/addresses.js";
import { TRANSFER_TOPIC } from "./nft-events.js";
import type { OutEvent } from "./tx-response.js";

const ZERO_TOPIC = `0x${"0".repeat(64)}`;
/** A coin as the SDK prints it: amount then denom (`12123uinit`, `5ibc/ABC..`, `1evm/4f75..`). */
const COIN = /^([0-9]+)([a-zA-Z][a-zA-Z0-9/:._-]{1,127})$/;

export interface BalanceDelta {
  denom: string;
  account: Buffer;
  /** Signed change in base units. */
  amount: bigint;
}

/** Adds deltas into `into`, keyed by denom and account, so a block writes one row per holder. */
export class BalanceLedger {
  readonly #rows = new Map<string, BalanceDelta>();

  add(denom: string, account: Buffer, amount: bigint): void {
    if (amount === 0n) return;
    const key = `${denom}\u0000${account.toString("hex")}`;
    const row = this.#rows.get(key);
    if (row) row.amount += amount;
    else this.#rows.set(key, { denom, account, amount });
  }

  /** Non-zero net deltas, in the order holders first appeared. */
  deltas(): BalanceDelta[] {
    return [...this.#rows.values()].filter((d) => d.amount !== 0n);
  }
}

function parseCoins(list: string): { denom: string; amount: bigint }[] {
  const coins: { denom: string; amount: bigint }[] = [];
  for (const part of list.split(",")) {
    const match = COIN.exec(part.trim());
    if (match) coins.push({ amount: BigInt(match[1] as string), denom: match[2] as string });
  }
  return coins;
}

/** Bank `coin_spent` / `coin_received` events into the ledger. */
export function addBankDeltas(ledger: BalanceLedger, events: OutEvent[], prefix: string): void {
  for (const event of events) {
    const sign = event.type === "coin_spent" ? -1n : event.type === "coin_received" ? 1n : 0n;
    if (sign === 0n) continue;
    const who = event.attributes.find((a) => a.key === (sign < 0n ? "spender" : "receiver"))?.value;
    const amount = event.attributes.find((a) => a.key === "amount")?.value;
    const account = who ? decodeAddress(who, prefix) : undefined;
    if (!account || !amount) continue;
    for (const coin of parseCoins(amount)) ledger.add(coin.denom, account, sign * coin.amount);
  }
}

/** ERC-20 `Transfer` logs (from the cosmos-side `evm` events) into the ledger; mints and burns move one side. */
export function addErc20Deltas(ledger: BalanceLedger, events: OutEvent[]): void {
  for (const event of events) {
    if (event.type !== "evm") continue;
    // One `evm` event may carry several `log` attributes, one per log.
    for (const attr of event.attributes)
      if (attr.key === "log" && attr.value) addErc20Log(ledger, attr.value);
  }
}

function addErc20Log(ledger: BalanceLedger, raw: string): void {
  let log: { address?: string; topics?: string[]; data?: string };
  try {
    log = JSON.parse(raw);
  } catch {
    return;
  }
  const topics = log.topics ?? [];
  if (topics.length !== 3 || topics[0]?.toLowerCase() !== TRANSFER_TOPIC) return;
  const contract = decodeAddress(log.address ?? "", "");
  if (contract?.length !== 20 || !/^0x[0-9a-fA-F]{1,64}$/.test(log.data ?? "")) return;
  const amount = BigInt(log.data as string);
  const denom = `0x${contract.toString("hex")}`;
  const [, from, to] = topics as [string, string, string];
  const sender = decodeAddress(from, "");
  const receiver = decodeAddress(to, "");
  if (sender && from.toLowerCase() !== ZERO_TOPIC) ledger.add(denom, sender, -amount);
  if (receiver && to.toLowerCase() !== ZERO_TOPIC) ledger.add(denom, receiver, amount);
}
