/**
 * Reading a minimove tx's events as the node reports them. Move events are `move` events whose
 * `type_tag` names the Move struct (`0x1::collection::MintEvent`) and whose `data` is that struct as
 * JSON; the same fields are repeated as flat attributes, but `data` is the complete one.
 *
 * The node prints Move addresses as the VM does: without leading zeros (`0x1`, and an object
 * address of 63 hex digits when its first nibble is 0), so every address is normalized before it is
 * compared or stored.
 */
import { hexToBech32 } from "../node/index.js";

/** An event attribute as Cosmos REST prints it. */
export interface NodeEventAttribute {
  key: string;
  value: string;
  index?: boolean;
}

export interface NodeEvent {
  type: string;
  attributes: NodeEventAttribute[];
}

/** A Move event: its struct tag and its decoded `data`. */
export interface MoveEvent {
  typeTag: string;
  data: Record<string, unknown>;
}

/** Every `move` event of a tx, in order, with `data` parsed. */
export function moveEvents(events: readonly NodeEvent[]): MoveEvent[] {
  const out: MoveEvent[] = [];
  for (const event of events) {
    if (event.type !== "move") continue;
    const typeTag = event.attributes.find((a) => a.key === "type_tag")?.value;
    const data = event.attributes.find((a) => a.key === "data")?.value;
    if (typeTag === undefined || data === undefined) continue;
    out.push({ typeTag, data: JSON.parse(data) as Record<string, unknown> });
  }
  return out;
}

/** The `data` of each Move event of `typeTag`. */
export function eventsOf(events: readonly NodeEvent[], typeTag: string): Record<string, unknown>[] {
  return moveEvents(events)
    .filter((e) => e.typeTag === typeTag)
    .map((e) => e.data);
}

/** A string field of a Move event's data; throws naming the event and field when absent. */
export function field(data: Record<string, unknown>, name: string): string {
  const value = data[name];
  if (typeof value !== "string") throw new Error(`move event has no string ${name}: ${JSON.stringify(data)}`);
  return value;
}

/** A 32-byte Move object address (collection, NFT) as 0x + 64 lower-case hex digits. */
export function objectAddress(hex: string): string {
  const digits = hex.replace(/^0x/i, "").toLowerCase();
  if (!/^[0-9a-f]{1,64}$/.test(digits)) throw new Error(`not a Move address: ${hex}`);
  return `0x${digits.padStart(64, "0")}`;
}

/**
 * The bech32 account of a Move address: 20 bytes for a user account (what the VM prints for one),
 * 32 bytes for an object or a derived address, as the chain's own bech32 codec encodes them.
 */
export function accountOfMoveAddress(hex: string, prefix = "init"): string {
  const digits = hex.replace(/^0x/i, "").toLowerCase();
  const width = digits.length <= 40 ? 40 : 64;
  return hexToBech32(prefix, digits.padStart(width, "0"));
}
