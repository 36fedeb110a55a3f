import { describe, expect, it } from "vitest";
import { readFixture } from "../../_test/real-rpc.js";
import type { CometEvent } from "./node-payloads.js";
import { normaliseEvents } from "./tx-response.js";

/** Real Initia tx responses holding attributes whose value is empty (fees of 0, empty memos...). */
const WITH_EMPTY_VALUES = [
  "minievm-yominet-1/h14516607_opinit_finalize_token_deposit_success",
  "l1-interwoven-1/h4431409_ibc_send_packet_ics20_seq2898_to_moo-1",
  "miniwasm-moo-1/h222900_ibc_recv_packet_ics20_seq2898_from_interwoven-1",
];

describe("tx events as an Initia node sends them", () => {
  it.each(WITH_EMPTY_VALUES)('%s: every attribute keeps its value, an empty one as ""', (name) => {
    const { events } = readFixture<{ events: CometEvent[] }>(`initia/${name}.tx_response.json`);
    const empties = events.flatMap((e) => (e.attributes ?? []).filter((a) => a.value === ""));
    expect(empties.length).toBeGreaterThan(0);
    // The node's attributes, key for key: `value` always a string, `index` only when true.
    expect(normaliseEvents(events)).toEqual(
      events.map((e) => ({
        type: e.type,
        attributes: (e.attributes ?? []).map((a) => ({
          key: a.key,
          value: a.value,
          ...(a.index === true ? { index: true } : {}),
        })),
      })),
    );
  });

  it("gives an attribute the node sent without a value an empty one, as the explorer's schema needs a string", () => {
    const out = normaliseEvents([{ type: "tx", attributes: [{ key: "fee", index: true }] }] as CometEvent[]);
    expect(out).toEqual([{ type: "tx", attributes: [{ key: "fee", value: "", index: true }] }]);
  });
});
