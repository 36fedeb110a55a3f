/**
 * The denoms a chain's txs show, in the order discovery tries their rich lists. Fees name the
 * chain's main denom best, but a chain with zero gas prices pays fees of `""` (the `tx` event's
 * `fee` is empty, blocks have no `total_fee`): its denoms are then read from what txs move: bank
 * events and bank messages, and on an EVM chain the ERC-20s its `Transfer` logs name (the rich
 * list takes a token's `0x` address as its denom).
 */
import { isRecord } from "./wire.js";

/** A coin as the SDK prints it (`1200uinit`, `5ibc/27A6...`, `7evm/5A1C...`). */
const COIN = /^\d+([a-zA-Z][a-zA-Z0-9/:._-]{1,127})$/;
/** keccak256("Transfer(address,address,uint256)"), topic 0 of ERC-20 and ERC-721 transfers. */
export const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
/** ERC-20's `Transfer` indexes `from` and `to` (3 topics); ERC-721's also its token id (4). */
const ERC20_TRANSFER_TOPICS = 3;
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** Events whose `amount` attribute is the coins a tx moved. */
const COIN_EVENTS = new Set(["coin_received", "transfer"]);

/** The denoms of a coin list as events print it (`100uinit,5uusdc`). */
export function denomsOfCoins(text: string): string[] {
  return text
    .split(",")
    .map((coin) => COIN.exec(coin.trim())?.[1])
    .filter((denom): denom is string => denom !== undefined);
}

/** Attribute values of a tx's events of the given types and key. */
function attributes(tx: unknown, types: Set<string>, key: string): string[] {
  const events = isRecord(tx) ? tx.events : undefined;
  if (!Array.isArray(events)) return [];
  return events.flatMap((event) =>
    isRecord(event) &&
    typeof event.type === "string" &&
    types.has(event.type) &&
    Array.isArray(event.attributes)
      ? event.attributes.flatMap((a) =>
          isRecord(a) && a.key === key && typeof a.value === "string" ? [a.value] : [],
        )
      : [],
  );
}

/** The denom of a tx's fee (its `tx` event's `fee`, e.g. `1200uinit`; `""` on a zero-fee chain). */
export const feeDenomOf = (tx: unknown): string | undefined =>
  denomsOfCoins(attributes(tx, new Set(["tx"]), "fee")[0] ?? "")[0];

const coinDenoms = (coins: unknown): string[] =>
  Array.isArray(coins)
    ? coins.flatMap((c) => (isRecord(c) && typeof c.denom === "string" && c.denom ? [c.denom] : []))
    : [];

/** The denoms of a tx's bank messages: `MsgSend`'s `amount`, `MsgMultiSend`'s inputs' and outputs' coins. */
function bankMessageDenoms(tx: unknown): string[] {
  const messages = isRecord(tx) && isRecord(tx.tx) && isRecord(tx.tx.body) ? tx.tx.body.messages : undefined;
  if (!Array.isArray(messages)) return [];
  return messages.flatMap((m) => {
    if (!isRecord(m) || typeof m["@type"] !== "string" || !m["@type"].startsWith("/cosmos.bank.")) return [];
    const sides = [
      ...(Array.isArray(m.inputs) ? m.inputs : []),
      ...(Array.isArray(m.outputs) ? m.outputs : []),
    ];
    return [...coinDenoms(m.amount), ...sides.flatMap((s) => (isRecord(s) ? coinDenoms(s.coins) : []))];
  });
}

/** The denoms a tx moved: its `coin_received`/`transfer` events' amounts and its bank messages. */
export function movedDenomsOf(tx: unknown): string[] {
  const fromEvents = attributes(tx, COIN_EVENTS, "amount").flatMap(denomsOfCoins);
  return [...new Set([...fromEvents, ...bankMessageDenoms(tx)])];
}

/** The ERC-20 contracts (lower-case `0x` addresses) an EVM tx's `Transfer` logs with 3 topics name. */
export function erc20sOf(evmTx: unknown): string[] {
  const logs = isRecord(evmTx) ? evmTx.logs : undefined;
  if (!Array.isArray(logs)) return [];
  const tokens = logs.flatMap((log) =>
    isRecord(log) &&
    typeof log.address === "string" &&
    EVM_ADDRESS.test(log.address) &&
    Array.isArray(log.topics) &&
    log.topics.length === ERC20_TRANSFER_TOPICS &&
    String(log.topics[0]).toLowerCase() === TRANSFER_TOPIC
      ? [log.address.toLowerCase()]
      : [],
  );
  return [...new Set(tokens)];
}

/**
 * The values of all lists, most frequent first, equal counts by value: the same chain data gives
 * the same order whichever tx the indexer happened to list first.
 */
export function mostFrequentFirst(lists: string[][]): string[] {
  const counts = new Map<string, number>();
  for (const value of lists.flat()) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([value]) => value);
}

export interface DenomSources {
  /** The denom of the discovered tx's fee, else of its block's `total_fee`. */
  first?: string;
  /** Recent txs (the discovered block's and the newest ones). */
  txs: unknown[];
  /** Recent EVM txs (none on a chain without EVM). */
  evmTxs: unknown[];
}

/**
 * Every denom the sources show, without repeats, in the order tried: `first`, the fee denoms of
 * recent txs, the denoms they moved (bank events and messages), the ERC-20s of recent EVM txs; each
 * group most frequent first.
 */
export function denomCandidates({ first, txs, evmTxs }: DenomSources): string[] {
  return [
    ...new Set([
      ...(first ? [first] : []),
      ...mostFrequentFirst(txs.map((tx) => [feeDenomOf(tx) ?? ""].filter(Boolean))),
      ...mostFrequentFirst(txs.map(movedDenomsOf)),
      ...mostFrequentFirst(evmTxs.map(erc20sOf)),
    ]),
  ];
}
