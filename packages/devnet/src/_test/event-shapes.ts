/** The shapes of the events real nodes emit (recorded in fixtures/real-rpc), to hold the devnet's to. */
import type { AbciEvent } from "../payloads.js";
import { readFixture } from "./real-rpc.js";

/** The events of a recorded Initia tx, `name` under fixtures/real-rpc/initia/ without `.tx_response.json`. */
export const realEvents = (name: string) =>
  readFixture<{ events: AbciEvent[] }>(`initia/${name}.tx_response.json`).events;

/** The keys of each event of `type`, in order. */
export const keysOf = (events: AbciEvent[], type: string) =>
  events.filter((e) => e.type === type).map((e) => e.attributes.map((a) => a.key));

/** type_tag -> keys of its data JSON, and the `execute` event's keys, as real Move txs show them. */
export function moveShapes(events: AbciEvent[]) {
  const data = new Map<string, string[]>();
  let execute: string[] = [];
  for (const e of events) {
    const value = (k: string) => e.attributes.find((a) => a.key === k)?.value ?? "";
    if (e.type === "move") data.set(value("type_tag"), Object.keys(JSON.parse(value("data"))));
    if (e.type === "execute" && value("msg_index") !== "") execute = e.attributes.map((a) => a.key);
  }
  return { data, execute };
}
