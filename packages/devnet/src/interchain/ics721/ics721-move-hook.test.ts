/**
 * A rollup-to-rollup NFT send through the L1's Move hook: weft-evm-1 -> L1 (receiver
 * `0x1::nft_transfer::nft_transfer`, memo naming it with its BCS args) -> weft-wasm-1, as the
 * router builds it. Judged by the nodes (cw-ics721's `nft_contract`, cw721 `owner_of`, Move
 * `object::owner`, ERC-721 `ownerOf`): the NFT arrives; when the second hop fails it ends with the
 * recover address on the L1; a receiver that is not the hook's function refunds the first hop.
 */
import { describe, expect, it } from "vitest";
import {
  ibcName,
  moveView,
  nftTransfer,
  ownerHex,
  stdObject,
  TIMEOUT_NS,
  smart as wasmSmart,
} from "../../_test/ics721-net.js";
import {
  chainOf,
  cw721Owner,
  EVM,
  erc721,
  erc721Owner,
  eventsOf,
  L1,
  net,
  O,
  owner,
  send,
  useLiveNftNet,
} from "../../_test/live-nft-net.js";
import { bcsAddress, bcsString, uleb128 } from "../../chain/msgs/move-nft-execute.js";
import { WASM_ICS721 } from "../interchain.js";

useLiveNftNet();

const u64 = (n: bigint) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(n);
  return b;
};
const moveOwnerOf = (object: string) => moveView("object::owner", object);

/** weft-evm-1's MsgTransfer of punk `tokenId` to `receiver` on weft-wasm-1 through the L1's hook. */
function viaHook(tokenId: string, hookReceiver = "0x1::nft_transfer::nft_transfer") {
  const classId = `evm/${erc721().slice(2)}`;
  const onL1 = stdObject(ibcName(`nft-transfer/channel-3/${classId}`));
  const args = [
    bcsAddress(ownerHex()),
    bcsString(O()),
    bcsAddress(onL1),
    Buffer.concat([uleb128(1), bcsString(tokenId)]),
    bcsString("nft-transfer"),
    bcsString("channel-4"),
    u64(0n),
    u64(0n),
    u64(TIMEOUT_NS),
    bcsString(""),
  ].map((b) => b.toString("base64"));
  const memo = {
    move: {
      message: {
        module_address: "0x1",
        module_name: "nft_transfer",
        function_name: "nft_transfer",
        type_args: [],
        args,
      },
    },
  };
  return nftTransfer({
    channel: "channel-1",
    classId,
    tokenIds: [tokenId],
    receiver: hookReceiver,
    memo: JSON.stringify(memo),
  });
}

describe("the L1's Move hook carries an NFT from one rollup to another", () => {
  it("weft-evm-1 -> L1 -> weft-wasm-1: the NFT arrives, with the hook's async callback in the second packet's memo", async () => {
    const sent = await send(owner(), EVM, [viaHook("1")]);
    expect(sent.code, sent.raw_log).toBe(0);
    net().produce(6);
    const path = `wasm.${WASM_ICS721}/channel-1/nft-transfer/channel-3/evm/${erc721().slice(2)}`;
    const cw721 = await wasmSmart(WASM_ICS721, { nft_contract: { class_id: path } });
    expect(await cw721Owner(cw721, "1")).toBe(O());
    const hop = chainOf(L1).searchTxs([
      { type: "recv_packet", key: "packet_dst_channel", value: "channel-3" },
    ]);
    const second = eventsOf(hop.at(-1)?.result.events ?? [], "send_packet")[0];
    expect(second).toMatchObject({ packet_src_channel: "channel-4" });
    expect(JSON.parse(JSON.parse(second?.packet_data ?? "{}").memo)).toEqual({
      move: { async_callback: { id: 1, module_address: "0x1", module_name: "nft_transfer" } },
    });
  });

  it("when the second hop fails, the NFT goes to the recover address on the L1", async () => {
    net().relayer.plan("deliver", "error-ack");
    const sent = await send(owner(), EVM, [viaHook("2")]);
    expect(sent.code, sent.raw_log).toBe(0);
    net().produce(6);
    const name = ibcName(`nft-transfer/channel-3/evm/${erc721().slice(2)}`);
    expect(await moveOwnerOf(stdObject(`${name}::2`))).toBe(ownerHex());
  });

  it("a receiver other than the hook's function is refused: the first hop is refunded", async () => {
    const sent = await send(owner(), EVM, [viaHook("3", O())]);
    expect(sent.code, sent.raw_log).toBe(0);
    expect(await erc721Owner(erc721(), 3n)).not.toBe(ownerHex());
    net().produce(4);
    expect(await erc721Owner(erc721(), 3n)).toBe(ownerHex());
  });
});
