/**
 * ICS-721 between the L1 (nft-transfer/channel-4) and weft-wasm-1's cw-ics721 contract
 * (`wasm.<ics721>/channel-1`): a cw721's `send_nft` to the contract with an IbcOutgoingMsg, and the
 * L1's nft-transfer MsgTransfer, relayed by the devnet's relayer. Judged by the nodes' answers
 * (cw721 `owner_of` / `contract_info`, the contract's `class_id` / `nft_contract` /
 * `outgoing_proxy` queries, Move views) against values derived here from the protocols.
 */
import { describe, expect, it } from "vitest";
import {
  b64,
  escrowHex,
  ibcName,
  moveHex,
  moveView,
  nftTransfer,
  ownerHex,
  relay,
  smart,
  stdObject,
  TIMEOUT_NS,
} from "../../_test/ics721-net.js";
import {
  chainOf,
  cw721Owner,
  eventsOf,
  kitten,
  L1,
  net,
  O,
  owner,
  send,
  useLiveNftNet,
  WASM,
  wasmContract,
} from "../../_test/live-nft-net.js";
import { bech32Of } from "../../chain/chain-setup.js";
import { WASM_ICS721 } from "../interchain.js";

useLiveNftNet();

const moveOwnerOf = (object: string) => moveView("object::owner", object);
/** cw721 `send_nft` to the ics721 contract, as the router builds it for a miniwasm source. */
const sendNft = (cw721: string, tokenId: string, receiver: string) => ({
  msg_type_url: "/cosmwasm.wasm.v1.MsgExecuteContract",
  msg: {
    sender: O(),
    contract: cw721,
    msg: {
      send_nft: {
        contract: WASM_ICS721,
        token_id: tokenId,
        msg: b64({ receiver, channel_id: "channel-1", timeout: { timestamp: TIMEOUT_NS.toString() } }),
      },
    },
    funds: [],
  },
});
const l1Transfer = (classId: string, tokenId: string, receiver: string) =>
  nftTransfer({ channel: "channel-4", classId, tokenIds: [tokenId], receiver });

describe("ICS-721 between the L1 and weft-wasm-1's cw-ics721", () => {
  it("a cw721 token goes to the L1 (held by ics721) and comes back (burned on the L1, released by ics721)", async () => {
    const cw721 = wasmContract();
    expect(await smart(WASM_ICS721, { class_id: { contract: cw721 } })).toBeNull();
    const sent = await send(owner(), WASM, [sendNft(cw721, "card-1", O())]);
    expect(sent.code, sent.raw_log).toBe(0);
    expect(eventsOf(sent.events, "wasm")[0]).toMatchObject({ action: "send_nft", recipient: WASM_ICS721 });
    expect(eventsOf(sent.events, "send_packet")[0]).toMatchObject({
      packet_src_port: `wasm.${WASM_ICS721}`,
      packet_dst_port: "nft-transfer",
      packet_dst_channel: "channel-4",
    });
    expect(await cw721Owner(cw721, "card-1")).toBe(WASM_ICS721);
    expect(await smart(WASM_ICS721, { class_id: { contract: cw721 } })).toBe(cw721);
    expect(await smart(WASM_ICS721, { outgoing_proxy: {} })).toBeNull();
    relay();
    const name = ibcName(`nft-transfer/channel-4/${cw721}`);
    expect(await moveOwnerOf(stdObject(`${name}::card-1`))).toBe(ownerHex());

    const back = await send(owner(), L1, [l1Transfer(name, "card-1", O())]);
    expect(back.code, back.raw_log).toBe(0);
    relay();
    expect(await moveOwnerOf(stdObject(`${name}::card-1`))).toBeUndefined();
    expect(await cw721Owner(cw721, "card-1")).toBe(O());
  });

  it("a Move NFT goes to miniwasm as a cw721 ics721 instantiates for its class path, and comes back", async () => {
    const classId = `move/${(chainOf(L1).nfts.collections()[0]?.address ?? "").slice(2)}`;
    const sent = await send(owner(), L1, [l1Transfer(classId, "kitten-1", O())]);
    expect(sent.code, sent.raw_log).toBe(0);
    expect(await moveOwnerOf(kitten("kitten-1"))).toBe(moveHex(escrowHex("channel-4")));
    relay();
    const path = `wasm.${WASM_ICS721}/channel-1/${classId}`;
    const voucher = await smart(WASM_ICS721, { nft_contract: { class_id: path } });
    expect(voucher).toMatch(/^init1/);
    expect(await smart(voucher, { contract_info: {} })).toEqual({ name: path, symbol: path });
    expect(await smart(WASM_ICS721, { class_id: { contract: voucher } })).toBe(path);
    expect(await cw721Owner(voucher, "kitten-1")).toBe(O());

    const back = await send(owner(), WASM, [sendNft(voucher, "kitten-1", O())]);
    expect(back.code, back.raw_log).toBe(0);
    expect(eventsOf(back.events, "wasm").map((e) => e.action)).toEqual(["send_nft", "burn"]);
    relay();
    expect(await moveOwnerOf(kitten("kitten-1"))).toBe(ownerHex());
  });

  it("an error acknowledgement and a timeout refund the sender on either side", async () => {
    const cw721 = wasmContract();
    net().relayer.plan("error-ack");
    expect((await send(owner(), WASM, [sendNft(cw721, "card-2", O())])).code).toBe(0);
    expect(await cw721Owner(cw721, "card-2")).toBe(WASM_ICS721);
    relay();
    expect(await cw721Owner(cw721, "card-2")).toBe(O());

    net().relayer.plan("timeout");
    const classId = `move/${(chainOf(L1).nfts.collections()[0]?.address ?? "").slice(2)}`;
    expect((await send(owner(), L1, [l1Transfer(classId, "kitten-2", O())])).code).toBe(0);
    relay();
    expect(await moveOwnerOf(kitten("kitten-2"))).toBe(ownerHex());

    // A receiver miniwasm cannot read (0x hex) is refused there: the L1 gets its kitten back.
    const hex = await send(owner(), L1, [l1Transfer(classId, "kitten-2", ownerHex())]);
    expect(hex.code, hex.raw_log).toBe(0);
    relay();
    expect(await moveOwnerOf(kitten("kitten-2"))).toBe(ownerHex());
    expect(bech32Of(ownerHex(), "init")).toBe(O());
  });
});
