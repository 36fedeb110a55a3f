/**
 * ICS-721 between the L1 (Move) and weft-evm-1 (minievm) over nft-transfer/channel-3 <->
 * nft-transfer/channel-1, sent as a wallet signs Initia's nft-transfer MsgTransfer and relayed by
 * the devnet's relayer. Each step is judged by the nodes' own answers (Move view functions, ERC-721
 * `ownerOf` / `name` over REST and JSON-RPC, class traces, origin token infos) against values
 * derived here from the protocols' definitions (SHA-256 class hashes, 0x1's named objects, the
 * ICS-721 escrow account), not from the devnet's code.
 */
import { createHash } from "node:crypto";
import { decodeFunctionResult, encodeFunctionData, getAddress } from "viem";
import { describe, expect, it } from "vitest";
import {
  escrowHex,
  ibcName,
  moveHex,
  moveView,
  nftTransfer,
  ownerHex,
  relay,
  stdObject,
} from "../../_test/ics721-net.js";
import {
  chainOf,
  ERC721,
  EVM,
  erc721,
  erc721Owner,
  eventsOf,
  http,
  kitten,
  L1,
  net,
  O,
  owner,
  send,
  useLiveNftNet,
} from "../../_test/live-nft-net.js";

useLiveNftNet();

const sha256 = (s: string) => createHash("sha256").update(s).digest();
const ibcHash = (path: string) => ibcName(path).slice(4);
const view = moveView;
const ercName = async (contract: string) => {
  const data = encodeFunctionData({ abi: ERC721, functionName: "name" });
  const rpc = await http(EVM, "/", {
    jsonrpc: "2.0",
    id: 1,
    method: "eth_call",
    params: [{ to: contract, data }, "latest"],
  });
  return decodeFunctionResult({ abi: ERC721, functionName: "name", data: rpc.result });
};
const voucherContract = (name: string) =>
  chainOf(EVM)
    .nfts.collections()
    .find((c) => c.name === name)?.address ?? "";

describe("ICS-721 between the L1 and weft-evm-1", () => {
  it("a Move NFT goes to minievm as an ERC-721 voucher (escrowed on the L1) and comes back (burned there)", async () => {
    const collection = chainOf(L1).nfts.collections()[0]?.address ?? "";
    const classId = `move/${collection.slice(2)}`;
    const object = kitten("kitten-1");
    const sent = await send(owner(), L1, [
      nftTransfer({ channel: "channel-3", classId, tokenIds: ["kitten-1"], receiver: O() }),
    ]);
    expect(sent.code, sent.raw_log).toBe(0);
    const [packet] = eventsOf(sent.events, "send_packet");
    expect(packet).toMatchObject({ packet_src_port: "nft-transfer", packet_dst_channel: "channel-1" });
    expect(JSON.parse(packet?.packet_data ?? "")).toMatchObject({
      classId,
      tokenIds: ["kitten-1"],
      sender: O(),
      receiver: O(),
    });
    expect(await view("object::owner", object)).toBe(moveHex(escrowHex("channel-3")));
    relay();
    const hash = ibcHash(`nft-transfer/channel-1/${classId}`);
    expect((await http(EVM, `/ibc/apps/nft_transfer/v1/class_traces/${hash}`)).class_trace).toEqual({
      path: "nft-transfer/channel-1",
      base_class_id: classId,
    });
    const contract = getAddress(voucherContract(`ibc/${hash}`));
    expect(await ercName(contract)).toBe(`ibc/${hash}`);
    const evmId = BigInt(`0x${sha256("kitten-1").toString("hex")}`);
    expect(await erc721Owner(contract, evmId)).toBe(ownerHex());
    const infos = await http(EVM, `/minievm/evm/v1/erc721/origin_token_infos/ibc/${hash}?token_ids=${evmId}`);
    expect(infos.token_infos).toEqual([{ token_origin_id: "kitten-1", token_uri: expect.any(String) }]);
    // The L1 saw a success acknowledgement: the kitten stays in escrow.
    expect(await view("object::owner", object)).toBe(moveHex(escrowHex("channel-3")));

    const back = await send(owner(), EVM, [
      nftTransfer({ channel: "channel-1", classId: `ibc/${hash}`, tokenIds: ["kitten-1"], receiver: O() }),
    ]);
    expect(back.code, back.raw_log).toBe(0);
    expect(eventsOf(back.events, "erc721_burned")).toEqual([
      { contract, token_id: evmId.toString(), msg_index: "0" },
    ]);
    relay();
    expect(await view("object::owner", object)).toBe(ownerHex());
    const gone = await http(EVM, "/", {
      jsonrpc: "2.0",
      id: 1,
      method: "eth_call",
      params: [
        { to: contract, data: encodeFunctionData({ abi: ERC721, functionName: "ownerOf", args: [evmId] }) },
      ],
    });
    expect(gone.error).toMatchObject({ message: "execution reverted" });
  });

  it("an ERC-721 goes to the L1 as a collection 0x1 creates under its ibc/ name, and comes back", async () => {
    const classId = `evm/${erc721().slice(2)}`;
    const sent = await send(owner(), EVM, [
      nftTransfer({ channel: "channel-1", classId, tokenIds: ["1"], receiver: O() }),
    ]);
    expect(sent.code, sent.raw_log).toBe(0);
    expect(await erc721Owner(erc721(), 1n)).toBe(escrowHex("channel-1"));
    relay();
    const name = `ibc/${ibcHash(`nft-transfer/channel-3/${classId}`)}`;
    const collection = stdObject(name);
    expect(await view("collection::name", collection)).toBe(name);
    expect(await view("object::owner", stdObject(`${name}::1`))).toBe(ownerHex());
    expect((await http(L1, `/ibc/apps/nft_transfer/v1/class_traces/${name.slice(4)}`)).class_trace).toEqual({
      path: "nft-transfer/channel-3",
      base_class_id: classId,
    });
    const recv = chainOf(L1).searchTxs([
      { type: "recv_packet", key: "packet_dst_channel", value: "channel-3" },
    ]);
    expect(eventsOf(recv.at(-1)?.result.events ?? [], "non_fungible_token_packet")).toMatchObject([
      { class_id: classId, token_ids: "1", success: "true" },
    ]);

    // A timeout of the way home (the voucher was burned on the L1) mints it again for its owner.
    net().relayer.plan("timeout");
    const timedOut = await send(owner(), L1, [
      nftTransfer({ channel: "channel-3", classId: name, tokenIds: ["1"], receiver: O() }),
    ]);
    expect(timedOut.code, timedOut.raw_log).toBe(0);
    expect(await view("object::owner", stdObject(`${name}::1`))).toBeUndefined();
    relay();
    expect(await view("object::owner", stdObject(`${name}::1`))).toBe(ownerHex());
    expect(await erc721Owner(erc721(), 1n)).toBe(escrowHex("channel-1"));

    const home = await send(owner(), L1, [
      nftTransfer({ channel: "channel-3", classId: name, tokenIds: ["1"], receiver: O() }),
    ]);
    expect(home.code, home.raw_log).toBe(0);
    relay();
    expect(await erc721Owner(erc721(), 1n)).toBe(ownerHex());
  });

  it("an error acknowledgement (bad receiver, or a rejected receive) and a timeout refund the sender", async () => {
    const classId = `evm/${erc721().slice(2)}`;
    const bad = await send(owner(), EVM, [
      nftTransfer({ channel: "channel-1", classId, tokenIds: ["2"], receiver: "not-an-address" }),
    ]);
    expect(bad.code, bad.raw_log).toBe(0);
    expect(await erc721Owner(erc721(), 2n)).toBe(escrowHex("channel-1"));
    relay();
    const acks = chainOf(EVM).searchTxs([
      { type: "acknowledge_packet", key: "packet_src_channel", value: "channel-1" },
    ]);
    expect(eventsOf(acks.at(-1)?.result.events ?? [], "non_fungible_token_packet")).toMatchObject([
      { error: "failed to decode receiver address: not-an-address: invalid address" },
    ]);
    expect(await erc721Owner(erc721(), 2n)).toBe(ownerHex());

    net().relayer.plan("error-ack");
    const kittenClass = `move/${(chainOf(L1).nfts.collections()[0]?.address ?? "").slice(2)}`;
    await send(owner(), L1, [
      nftTransfer({ channel: "channel-3", classId: kittenClass, tokenIds: ["kitten-2"], receiver: O() }),
    ]);
    expect(await view("object::owner", kitten("kitten-2"))).toBe(moveHex(escrowHex("channel-3")));
    relay();
    expect(await view("object::owner", kitten("kitten-2"))).toBe(ownerHex());

    net().relayer.plan("timeout");
    await send(owner(), EVM, [
      nftTransfer({ channel: "channel-1", classId, tokenIds: ["3"], receiver: O() }),
    ]);
    relay();
    expect(await erc721Owner(erc721(), 3n)).toBe(ownerHex());
  });

  it("refuses a token the sender does not own and a class the chain does not know, changing nothing", async () => {
    const classId = `evm/${erc721().slice(2)}`;
    const refused = await send(owner(), EVM, [
      nftTransfer({
        channel: "channel-1",
        classId: "ibc/0000000000000000000000000000000000000000000000000000000000000000",
        tokenIds: ["1"],
        receiver: O(),
      }),
    ]);
    expect(refused).toMatchObject({ code: 3, codespace: "nft-transfer" });
    const missing = await send(owner(), EVM, [
      nftTransfer({ channel: "channel-1", classId, tokenIds: ["99"], receiver: O() }),
    ]);
    expect(missing).toMatchObject({ code: 3, codespace: "nft-transfer" });
    expect(await erc721Owner(erc721(), 1n)).toBe(ownerHex());
  });
});
