/** The tracker's event reading on real Initia txs (fixtures/real-rpc/initia). */
import { describe, expect, it } from "vitest";
import { readFixture } from "../../_test/real-rpc.js";
import {
  type ChainEvent,
  depositFinalization,
  deposits,
  parseAck,
  sentPackets,
  withdrawals,
  writtenAck,
} from "./chain-events.js";

const events = (file: string) => readFixture<{ events: ChainEvent[] }>(`initia/${file}`).events;

describe("chain events of real Initia txs", () => {
  it("reads the packet an L1 MsgTransfer sent, and the acknowledgement the rollup wrote for it", () => {
    expect(
      sentPackets(events("l1-interwoven-1/h4431409_ibc_send_packet_ics20_seq2898_to_moo-1.tx_response.json")),
    ).toEqual([
      {
        sequence: "2898",
        srcPort: "transfer",
        srcChannel: "channel-29",
        dstPort: "transfer",
        dstChannel: "channel-0",
        denom: "uinit",
        amount: "200000",
        receiver: "init1kw2unuhgfa6mz6r0ehrzlr9k9ftjk7pql8u5fm",
        memo: "",
      },
    ]);
    const recv = events(
      "miniwasm-moo-1/h222900_ibc_recv_packet_ics20_seq2898_from_interwoven-1.tx_response.json",
    );
    // Initia wraps the ICS-20 ack: {"app_acknowledgement": base64({"result":"AQ=="}), ...}.
    expect(writtenAck(recv, "channel-0", "2898")).toEqual({ ok: true });
    expect(writtenAck(recv, "channel-0", "2897")).toBeUndefined();
  });

  it("tells error acknowledgements from successes in both encodings", () => {
    expect(parseAck('{"error":"ABCI code: 1: error handling packet: see events for details"}')).toEqual({
      ok: false,
      error: "ABCI code: 1: error handling packet: see events for details",
    });
    const wrapped = JSON.stringify({
      app_acknowledgement: Buffer.from('{"error":"invalid receiver"}').toString("base64"),
      underlying_app_success: false,
    });
    expect(parseAck(wrapped)).toEqual({ ok: false, error: "invalid receiver" });
  });

  it("reads OPinit deposits, their finalization (hook failures included) and withdrawals", () => {
    expect(
      deposits(events("l1-interwoven-1/h3936801_opinit_initiate_token_deposit.tx_response.json")),
    ).toEqual([
      {
        bridgeId: "30",
        l1Sequence: "2009",
        to: "init1s3qauqxfmtqhmvpwpfgrka9944me2s0jn52qfe",
        l1Denom: "uinit",
        l2Denom: "l2/9d3d65bf3329e45ad659f9cbee7d6dc7b6246b001e32131a9b465215eab90562",
        amount: "360000000",
      },
    ]);
    expect(
      depositFinalization(
        events("minievm-yominet-1/h14516607_opinit_finalize_token_deposit_success.tx_response.json"),
        "217",
      ),
    ).toEqual({ success: true, reason: "" });
    expect(
      depositFinalization(
        events("minievm-yominet-1/h14512300_opinit_finalize_token_deposit_hook_failed.tx_response.json"),
        "211",
      ),
    ).toEqual({
      success: false,
      reason:
        "hook failed; Failed to run AnteHandler: account sequence mismatch, expected 63, got 61: incorrect account sequence",
    });
    expect(
      withdrawals(events("miniwasm-intergaze-1/h513318_opinit_initiate_token_withdrawal.tx_response.json")),
    ).toEqual([
      {
        l2Sequence: "256",
        to: "init1dw49mn7s2r5mskjdmus5hth80zz8wwaywycq06",
        denom: "l2/fb936ffef4eb4019d82941992cc09ae2788ce7197fcb08cb00c4fe6f5e79184e",
        baseDenom: "uinit",
        amount: "1000",
      },
    ]);
  });
});
