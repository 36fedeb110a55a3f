/**
 * Balance changes of Move fungible assets in primary stores, from a tx's `move` events, as the
 * reference counts them on Move chains (rollytics moverichlist): a `0x1::fungible_asset::DepositEvent`
 * directly followed by its `DepositOwnerEvent` adds the amount to the owner, a `WithdrawEvent`
 * followed by its `WithdrawOwnerEvent` takes it away. The asset is named by its metadata object;
 * which denom that is, the node tells (../move-fungible-denoms.ts).
 *
 * Why not the bank events: on a Move chain every coin moves through these stores, but only bank
 * messages also emit `coin_spent`/`coin_received`; `0x1::coin::transfer` or
 * `primary_fungible_store::transfer` emit the Move events alone (a real minimove v1.1.11 chain's
 * rich list was off by every such transfer). A bank send emits both, so a tx counts one source only.
 */
import { decodeAddress } from "../../chain/addresses.js";
import type { OutEvent } from "./tx-response.js";

const DEPOSIT = "0x1::fungible_asset::DepositEvent";
const DEPOSIT_OWNER = "0x1::fungible_asset::DepositOwnerEvent";
const WITHDRAW = "0x1::fungible_asset::WithdrawEvent";
const WITHDRAW_OWNER = "0x1::fungible_asset::WithdrawOwnerEvent";

export interface MoveFungibleDelta {
  /** The asset's metadata object address as the event prints it (`0x`, leading zeros may be cut). */
  metadata: string;
  account: Buffer;
  /** Signed change in base units. */
  amount: bigint;
}

/** The event's type tag and its data JSON: the first two attributes, as the reference reads them. */
function moveEvent(event: OutEvent | undefined): { tag: string; data: string } | undefined {
  const [tag, data] = event?.type === "move" ? event.attributes : [];
  if (tag?.key !== "type_tag" || !data) return undefined;
  return { tag: tag.value, data: data.value };
}

function parsed<T>(text: string): Partial<T> {
  try {
    const value = JSON.parse(text);
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

/**
 * The primary-store deposits and withdrawals among `events`; undefined when there is none (the
 * events are then not a Move chain's coin movements, and bank events count instead).
 */
export function moveFungibleDeltas(events: OutEvent[], prefix: string): MoveFungibleDelta[] | undefined {
  const out: MoveFungibleDelta[] = [];
  let seen = false;
  events.forEach((event, i) => {
    const asset = moveEvent(event);
    if (!asset || (asset.tag !== DEPOSIT && asset.tag !== WITHDRAW)) return;
    seen = true;
    const owner = moveEvent(events[i + 1]);
    if (owner?.tag !== (asset.tag === DEPOSIT ? DEPOSIT_OWNER : WITHDRAW_OWNER)) return;
    const { metadata_addr: metadata, amount } = parsed<{ metadata_addr: string; amount: string }>(asset.data);
    const account = decodeAddress(String(parsed<{ owner: string }>(owner.data).owner ?? ""), prefix);
    if (typeof metadata !== "string" || !account || typeof amount !== "string" || !/^\d+$/.test(amount))
      return;
    const value = BigInt(amount);
    if (value !== 0n) out.push({ metadata, account, amount: asset.tag === DEPOSIT ? value : -value });
  });
  return seen ? out : undefined;
}
