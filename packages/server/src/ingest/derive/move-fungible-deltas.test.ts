import { describe, expect, it } from "vitest";
import { readRecordedAnswer } from "../../_test/real-rpc.js";
import { decodeAddress } from "../../chain/addresses.js";
import { addBankDeltas, BalanceLedger } from "./balance-deltas.js";
import { moveFungibleDeltas } from "./move-fungible-deltas.js";
import type { CometEvent } from "./node-payloads.js";
import { normaliseEvents } from "./tx-response.js";

/** A bank MsgSend on a real minimove v1.1.11 chain: bank events and the Move store events both. */
const bankSend = () => {
  const body = readRecordedAnswer("minimove-v1.1.11/block_results.bank-send.json").response.body as {
    result: { txs_results: { events: CometEvent[] }[] };
  };
  return normaliseEvents(body.result.txs_results[0]?.events);
};
const hex = (b: Buffer | undefined) => b?.toString("hex");

describe("Move fungible-asset deltas of a real minimove tx", () => {
  it("reads each primary-store withdrawal and deposit with its owner, the same movement the bank events tell", () => {
    const events = bankSend();
    const moved = moveFungibleDeltas(events, "init") ?? [];
    expect(moved.map((d) => ({ owner: hex(d.account), amount: d.amount }))).toEqual([
      { owner: "f39fd6e51aad88f6f4ce6ab8827279cfffb92266", amount: -1_000_000n },
      { owner: "846bc8a0fa4a4289eb062c59f1a8daa3c67db390", amount: 1_000_000n },
    ]);
    expect(new Set(moved.map((d) => d.metadata)).size).toBe(1);
    // The bank events of the same tx say the same, in umin.
    const bank = new BalanceLedger();
    addBankDeltas(bank, events, "init");
    expect(bank.deltas().map((d) => ({ owner: hex(d.account), amount: d.amount, denom: d.denom }))).toEqual([
      { owner: "f39fd6e51aad88f6f4ce6ab8827279cfffb92266", amount: -1_000_000n, denom: "umin" },
      { owner: "846bc8a0fa4a4289eb062c59f1a8daa3c67db390", amount: 1_000_000n, denom: "umin" },
    ]);
  });

  it("reads a Move-only transfer (coin::transfer emits no bank events) the same way", () => {
    const moveOnly = bankSend().filter((e) => e.type !== "coin_spent" && e.type !== "coin_received");
    expect(moveFungibleDeltas(moveOnly, "init")?.map((d) => d.amount)).toEqual([-1_000_000n, 1_000_000n]);
  });

  it("skips a deposit not followed by its owner event (not a primary store), and answers undefined without store events", () => {
    const events = bankSend();
    const depositAt = events.findIndex((e) => e.attributes[0]?.value === "0x1::fungible_asset::DepositEvent");
    const withoutOwner = events.filter((_, i) => i !== depositAt + 1);
    expect(moveFungibleDeltas(withoutOwner, "init")?.map((d) => d.amount)).toEqual([-1_000_000n]);
    expect(
      moveFungibleDeltas(
        events.filter((e) => e.type !== "move"),
        "init",
      ),
    ).toBeUndefined();
  });

  it("takes an owner printed without leading zeros as Move prints it", () => {
    const events = bankSend().map((e) => ({
      ...e,
      attributes: e.attributes.map((a) =>
        a.value.includes('"owner":"0x846b')
          ? { ...a, value: '{"owner":"0x46bc8a0fa4a4289eb062c59f1a8daa3c67db390"}' }
          : a,
      ),
    }));
    const deposit = moveFungibleDeltas(events, "init")?.[1];
    expect(deposit?.account).toEqual(decodeAddress("0x046bc8a0fa4a4289eb062c59f1a8daa3c67db390", "init"));
  });
});
