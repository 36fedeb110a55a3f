import { describe, expect, it } from "vitest";
import { microTime } from "./move-checks.js";
import { accountOfMoveAddress, moveEvents, objectAddress } from "./move-events.js";

describe("Move addresses as the VM prints them", () => {
  it("pads an object address the VM printed without its leading zero to 64 digits", () => {
    // Seen on minimove v1.1.11: an NFT object address of 63 hex digits in MintEvent.
    expect(objectAddress("0xd82db940c414e991eab40257b84dc6af10d53004f06b65931693fc06b52c3f5")).toBe(
      "0x0d82db940c414e991eab40257b84dc6af10d53004f06b65931693fc06b52c3f5",
    );
    expect(() => objectAddress("0xnot")).toThrow("not a Move address");
  });

  it("reads a 20-byte account and a 32-byte object as bech32", () => {
    expect(accountOfMoveAddress("0xb55dfb0ef73412cd68ed42efa94b907363f6e289")).toBe(
      "init1k4wlkrhhxsfv668dgth6jjuswd3ldc5fcy8ckv",
    );
    // The node's own `debug addr 00..01`.
    expect(accountOfMoveAddress("0x1")).toBe("init1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqpqr5e3d");
    expect(accountOfMoveAddress(`0x${"ab".repeat(32)}`)).toHaveLength(63);
  });

  it("decodes move events' data and skips other events", () => {
    const events = [
      { type: "message", attributes: [{ key: "action", value: "/initia.move.v1.MsgExecuteJSON" }] },
      {
        type: "move",
        attributes: [
          { key: "type_tag", value: "0x1::collection::MintEvent" },
          { key: "data", value: '{"collection":"0x2","token_id":"kitten-1","nft":"0x3"}' },
        ],
      },
    ];
    expect(moveEvents(events)).toEqual([
      {
        typeTag: "0x1::collection::MintEvent",
        data: { collection: "0x2", token_id: "kitten-1", nft: "0x3" },
      },
    ]);
  });
});

describe("microTime", () => {
  it("truncates nanoseconds to microseconds and trims zeros like Go's RFC3339Nano", () => {
    expect(microTime("2026-11-27T23:14:56.336576912Z")).toBe("2026-11-27T23:14:56.336576Z");
    expect(microTime("2026-11-27T23:15:48.648770Z")).toBe("2026-11-27T23:15:48.64877Z");
    expect(microTime("2026-11-27T23:15:48.000000400Z")).toBe("2026-11-27T23:15:48Z");
    expect(microTime("2026-11-27T23:15:48Z")).toBe("2026-11-27T23:15:48Z");
  });
});
