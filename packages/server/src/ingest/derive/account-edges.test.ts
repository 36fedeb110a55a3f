import { describe, expect, it } from "vitest";
import { readFixture } from "../../_test/real-rpc.js";
import { decodeAddress } from "../../chain/addresses.js";
import { accountEdges } from "./account-edges.js";
import type { OutEvent } from "./tx-response.js";

const events = (name: string) =>
  readFixture<{ events: OutEvent[] }>(`initia/${name}.tx_response.json`).events;
const hexOf = (edges: { account: Buffer }[]) => edges.map((e) => e.account.toString("hex")).sort();
const SIGNER = decodeAddress("init1dw49mn7s2r5mskjdmus5hth80zz8wwaywycq06", "init") as Buffer;

describe("account edges of real Move txs (l1-interwoven-1)", () => {
  it("ICS-721 send: the NFT object and the escrow it moves to, named only inside TransferEvent data, are edges", () => {
    const found = hexOf(
      accountEdges(events("l1-interwoven-1/h3632268_ibc_send_packet_ics721_to_civitia-1"), SIGNER, "init"),
    );
    // object::TransferEvent {object, from, to}
    expect(found).toContain("628d39fde7251e7ce340a82b73006aeb1b927238cba83322ee9ce8b892b2bb55");
    expect(found).toContain("93ec9e2eabf1ce88173afd7a025fd08850e5bb28");
    // fungible_asset events' store and metadata objects, as the reference scans every 0x run.
    expect(found).toContain("8e4733bdabcf7d4afc3d14f0dd46c9bf52fb0fce9e4b996c939e195b8bc891d9");
    expect(found).toContain(SIGNER.toString("hex"));
  });

  it("ICS-721 receive: the receiver of the minted NFT and `0x1` (20-byte padded, as the reference reads it)", () => {
    const edges = accountEdges(
      events("l1-interwoven-1/h2090166_ibc_recv_packet_ics721_from_intergaze-1"),
      undefined,
      "init",
    );
    const found = hexOf(edges);
    expect(found).toContain("3e1bae25bc4eeb818eab90d51e3af356802d4db9");
    expect(found).toContain("5eab800f87ca40210f6905ac31341352575a44246302c5b27f438e978071bf73");
    expect(found).toContain(`${"0".repeat(39)}1`);
    expect(edges.every((e) => !e.signer)).toBe(true);
  });

  it("a Move data value with no hex adds nothing; an over-long run adds the address of its first 64 digits", () => {
    const move = (data: string): OutEvent[] => [
      {
        type: "move",
        attributes: [
          { key: "type_tag", value: "0x1::x::Y" },
          { key: "data", value: data },
        ],
      },
    ];
    expect(accountEdges(move('{"amount":"12123"}'), undefined, "init")).toEqual([]);
    expect(hexOf(accountEdges(move(`{"a":"0x${"ab".repeat(33)}"}`), undefined, "init"))).toEqual([
      "ab".repeat(32),
    ]);
  });
});
