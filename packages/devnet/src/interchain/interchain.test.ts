/**
 * The local interchain on its own: signed txs broadcast over REST, relayed, bridged; balances and
 * events checked on every chain.
 */
import { createHash } from "node:crypto";
import { MsgTransfer } from "cosmjs-types/ibc/applications/transfer/v1/tx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { depositCodec, TYPE_DEPOSIT } from "./initia-protos.js";
import { type Interchain, startInterchain } from "./interchain.js";
import { createTestKey, signTx, type TestKey } from "./test-keys.js";

let net: Interchain;
let alice: TestKey;

beforeAll(async () => {
  alice = await createTestKey("alice");
  net = await startInterchain({
    genesis: { "weft-devnet-1": { [alice.bech32("init")]: { uinit: 10_000_000n } } },
  });
  net.produce(1);
});
afterAll(async () => net?.close());

async function broadcast(chainId: string, raw: Uint8Array) {
  const res = await fetch(`${net.urls[chainId]}/cosmos/tx/v1beta1/txs`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ tx_bytes: Buffer.from(raw).toString("base64"), mode: "BROADCAST_MODE_SYNC" }),
  });
  return ((await res.json()) as { tx_response: { code: number; txhash: string; raw_log: string } })
    .tx_response;
}
async function accountOf(chainId: string, address: string) {
  const res = await fetch(`${net.urls[chainId]}/cosmos/auth/v1beta1/accounts/${address}`);
  const { account } = (await res.json()) as { account: { account_number: string; sequence: string } };
  return { accountNumber: BigInt(account.account_number), sequence: BigInt(account.sequence) };
}
const transferMsg = (channel: string, receiver: string, amount: string, memo = "") => ({
  typeUrl: "/ibc.applications.transfer.v1.MsgTransfer",
  value: MsgTransfer.encode(
    MsgTransfer.fromPartial({
      sourcePort: "transfer",
      sourceChannel: channel,
      token: { denom: "uinit", amount },
      sender: alice.bech32("init"),
      receiver,
      timeoutTimestamp: 1_900_000_000_000_000_000n,
      memo,
    }),
  ).finish(),
});
const l1 = () => net.chains.get("weft-devnet-1")?.chain;

describe("local interchain", () => {
  it("refuses a tx signed for the wrong sequence, with the node's message", async () => {
    const raw = await signTx({
      key: alice,
      chainId: "weft-devnet-1",
      accountNumber: 0n,
      sequence: 5n,
      messages: [transferMsg("channel-1", alice.bech32("init"), "1")],
    });
    expect(await broadcast("weft-devnet-1", raw)).toMatchObject({
      code: 32,
      raw_log: "account sequence mismatch, expected 0, got 5: incorrect account sequence",
    });
  });

  it("relays an IBC transfer: send, receive with a voucher, acknowledge", async () => {
    const raw = await signTx({
      key: alice,
      chainId: "weft-devnet-1",
      ...(await accountOf("weft-devnet-1", alice.bech32("init"))),
      messages: [transferMsg("channel-1", alice.bech32("init"), "1000")],
    });
    const { code, txhash } = await broadcast("weft-devnet-1", raw);
    expect(code).toBe(0);
    net.produce(3);
    const sent = l1()?.findTx(txhash);
    expect(sent?.result.events.map((e) => e.type)).toContain("send_packet");
    const wasm = net.chains.get("weft-wasm-1")?.chain;
    const received = wasm?.searchTxs([
      { type: "recv_packet", key: "packet_sequence", value: "1" },
      { type: "recv_packet", key: "packet_dst_channel", value: "channel-0" },
    ]);
    expect(received).toHaveLength(1);
    expect(
      wasm?.balance(
        alice.bech32("init"),
        "ibc/37A3FB4FED4CA04ED6D9E5DA36C6D27248645F0E22F585576A1488B8A89C5A50",
      ),
    ).toBe(1000n);
    expect(
      l1()?.searchTxs([{ type: "acknowledge_packet", key: "packet_sequence", value: "1" }]),
    ).toHaveLength(1);
    expect(l1()?.balance(alice.bech32("init"), "uinit")).toBe(10_000_000n - 1000n);
  });

  it("refunds the sender on an error acknowledgement and on a timeout", async () => {
    net.relayer.plan("error-ack", "timeout");
    for (const _ of [0, 1]) {
      const raw = await signTx({
        key: alice,
        chainId: "weft-devnet-1",
        ...(await accountOf("weft-devnet-1", alice.bech32("init"))),
        messages: [transferMsg("channel-1", alice.bech32("init"), "500")],
      });
      expect((await broadcast("weft-devnet-1", raw)).code).toBe(0);
      net.produce(3);
    }
    expect(
      l1()?.searchTxs([{ type: "timeout_packet", key: "packet_src_channel", value: "channel-1" }]),
    ).toHaveLength(1);
    expect(l1()?.balance(alice.bech32("init"), "uinit")).toBe(10_000_000n - 1000n);
  });

  it("forwards through the L1 with packet-forward middleware in one tx", async () => {
    const bob = await createTestKey("bob");
    const memo = JSON.stringify({
      forward: {
        receiver: bob.bech32("init"),
        port: "transfer",
        channel: "channel-1",
        timeout: "10m",
        retries: 2,
      },
    });
    const cosmosAlice = alice.bech32("cosmos");
    const cosmos = net.chains.get("weft-cosmos-1")?.chain;
    // Fund alice on the Cosmos chain through the L1 first: uinit arrives there as a voucher.
    const fund = await signTx({
      key: alice,
      chainId: "weft-devnet-1",
      ...(await accountOf("weft-devnet-1", alice.bech32("init"))),
      messages: [transferMsg("channel-2", cosmosAlice, "2000")],
    });
    expect((await broadcast("weft-devnet-1", fund)).code).toBe(0);
    net.produce(3);
    const onCosmos = `ibc/${createHash("sha256").update("transfer/channel-0/uinit").digest("hex").toUpperCase()}`;
    expect(cosmos?.balance(cosmosAlice, onCosmos)).toBe(2000n);
    // Back to the L1 and on to the Wasm rollup in one MsgTransfer signed on the Cosmos chain.
    const back = {
      typeUrl: "/ibc.applications.transfer.v1.MsgTransfer",
      value: MsgTransfer.encode(
        MsgTransfer.fromPartial({
          sourcePort: "transfer",
          sourceChannel: "channel-0",
          token: { denom: onCosmos, amount: "700" },
          sender: cosmosAlice,
          receiver: alice.bech32("init"),
          timeoutTimestamp: 1_900_000_000_000_000_000n,
          memo,
        }),
      ).finish(),
    };
    const raw = await signTx({
      key: alice,
      chainId: "weft-cosmos-1",
      ...(await accountOf("weft-cosmos-1", cosmosAlice)),
      messages: [back],
    });
    expect((await broadcast("weft-cosmos-1", raw)).code).toBe(0);
    net.produce(5);
    const wasm = net.chains.get("weft-wasm-1")?.chain;
    expect(
      wasm?.balance(
        bob.bech32("init"),
        "ibc/37A3FB4FED4CA04ED6D9E5DA36C6D27248645F0E22F585576A1488B8A89C5A50",
      ),
    ).toBe(700n);
    expect(
      cosmos?.searchTxs([{ type: "acknowledge_packet", key: "packet_src_channel", value: "channel-0" }])
        .length,
    ).toBeGreaterThan(0);
  });

  it("bridges a deposit over OPinit and finalizes it on the rollup", async () => {
    const deposit = {
      typeUrl: TYPE_DEPOSIT,
      value: depositCodec.encode({
        sender: alice.bech32("init"),
        bridgeId: 2n,
        to: alice.bech32("init"),
        amount: { denom: "uinit", amount: "3000" },
        data: new Uint8Array(),
      }),
    };
    const raw = await signTx({
      key: alice,
      chainId: "weft-devnet-1",
      ...(await accountOf("weft-devnet-1", alice.bech32("init"))),
      messages: [deposit],
    });
    const { code, txhash } = await broadcast("weft-devnet-1", raw);
    expect(code).toBe(0);
    net.produce(2);
    const event = l1()
      ?.findTx(txhash)
      ?.result.events.find((e) => e.type === "initiate_token_deposit");
    const sequence = event?.attributes.find((a) => a.key === "l1_sequence")?.value ?? "";
    const wasm = net.chains.get("weft-wasm-1")?.chain;
    const finalized = wasm?.searchTxs([
      { type: "finalize_token_deposit", key: "l1_sequence", value: sequence },
    ]);
    expect(
      finalized?.[0]?.result.events
        .find((e) => e.type === "finalize_token_deposit")
        ?.attributes.find((a) => a.key === "success")?.value,
    ).toBe("true");
    expect(
      wasm?.balance(
        alice.bech32("init"),
        "l2/2588fd87a8e081f6a557f43ff14f05dddf5e34cb27afcefd6eaf81f1daea30d0",
      ),
    ).toBe(3000n);
  });
});
