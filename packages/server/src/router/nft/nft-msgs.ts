/**
 * The messages of an NFT send in amino JSON (`{type, value}`), the form Initia's wallet passes to
 * `AminoTypes.fromAmino` of `@initia/amino-converter` before signing on the source chain. Each value
 * is what that converter's `toAmino` makes of the protobuf message (empty lists omitted, an empty
 * access list null), so a round trip through it is the identity (`../nft.e2e.test.ts`).
 */
import { encodeFunctionData, parseAbi } from "viem";
import type { SuccessBody } from "../../api/operation.js";
import type { ChainAddress } from "../chain-address.js";
import { bcsAddress, bcsString, bcsStrings, bcsU64 } from "./move-bcs.js";
import type { NftHop } from "./nft-path.js";

export type AminoMsg = SuccessBody<"getNftMsgs">["msgs"][number];

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

const TRANSFER_FROM_ABI = parseAbi(["function transferFrom(address from, address to, uint256 tokenId)"]);

/**
 * `0x1::object::transfer_call(owner, object, to)` per object: the entry function that moves any
 * object without naming its type, so the request's object addresses are enough.
 */
export function moveTransferMsgs(from: ChainAddress, to: ChainAddress, objects: Buffer[]): AminoMsg[] {
  return objects.map((object) => ({
    type: "move/MsgExecute",
    value: {
      sender: from.bech32,
      module_address: "0x1",
      module_name: "object",
      function_name: "transfer_call",
      args: [b64(bcsAddress(object)), b64(bcsAddress(to.bytes))],
    },
  }));
}

/**
 * ERC-721 `transferFrom` as minievm's `MsgCall` (input must be 0x-prefixed hex). Not
 * `safeTransferFrom`: the recipient is a wallet account, and the safe variant would revert for a
 * contract account that does not implement `onERC721Received`.
 */
export function evmTransferMsgs(
  from: ChainAddress,
  to: ChainAddress,
  collection: ChainAddress,
  ids: bigint[],
): AminoMsg[] {
  return ids.map((id) => ({
    type: "evm/MsgCall",
    value: {
      sender: from.bech32,
      contract_addr: collection.hex,
      input: encodeFunctionData({
        abi: TRANSFER_FROM_ABI,
        functionName: "transferFrom",
        args: [from.hex, to.hex, id],
      }),
      value: "0",
      // The converter's own amino of an empty access list (its toAmino writes null).
      access_list: null,
    },
  }));
}

const executeContract = (sender: string, contract: string, msg: Record<string, unknown>): AminoMsg => ({
  type: "wasm/MsgExecuteContract",
  value: { sender, contract, msg, funds: [] },
});

/** cw721 `transfer_nft` per token. */
export function wasmTransferMsgs(
  from: ChainAddress,
  to: ChainAddress,
  collection: ChainAddress,
  tokenIds: string[],
): AminoMsg[] {
  return tokenIds.map((token_id) =>
    executeContract(from.bech32, collection.bech32, { transfer_nft: { recipient: to.bech32, token_id } }),
  );
}

/** Where a first hop delivers: the recipient, or the L1 hook with the memo that forwards. */
export interface HopDelivery {
  receiver: string;
  memo?: string;
  timeoutNs: bigint;
}

/** ICS-721 `MsgTransfer` of Initia's nft-transfer module (Move chains and minievm). */
export function nftTransferMsg(
  sender: ChainAddress,
  hop: NftHop,
  classId: string,
  tokenIds: string[],
  delivery: HopDelivery,
): AminoMsg {
  return {
    type: "nft-transfer/MsgTransfer",
    value: {
      source_port: hop.port,
      source_channel: hop.channel,
      class_id: classId,
      token_ids: tokenIds,
      sender: sender.bech32,
      receiver: delivery.receiver,
      timeout_height: {},
      timeout_timestamp: delivery.timeoutNs.toString(),
      ...(delivery.memo ? { memo: delivery.memo } : {}),
    },
  };
}

/**
 * A miniwasm rollup has no nft-transfer module: its ics721 contract (the port `wasm.<contract>`)
 * sends what a cw721 `send_nft` hands it, with the packet's parameters (cw-ics721's
 * `IbcOutgoingMsg`) as the message. An outgoing proxy, when the ics721 has one, is sent to instead.
 */
export function wasmIcs721Msgs(
  sender: ChainAddress,
  collection: ChainAddress,
  hop: NftHop,
  tokenIds: string[],
  delivery: HopDelivery,
  outgoingProxy: string | undefined,
): AminoMsg[] {
  const ics721 = hop.port.slice("wasm.".length);
  const outgoing = {
    receiver: delivery.receiver,
    channel_id: hop.channel,
    timeout: { timestamp: delivery.timeoutNs.toString() },
    ...(delivery.memo ? { memo: delivery.memo } : {}),
  };
  const msg = Buffer.from(JSON.stringify(outgoing)).toString("base64");
  return tokenIds.map((token_id) =>
    executeContract(sender.bech32, collection.bech32, {
      send_nft: { contract: outgoingProxy ?? ics721, token_id, msg },
    }),
  );
}

/** The function the L1's Move hook runs for a forwarded NFT, also the first hop's receiver. */
export const L1_NFT_HOOK = {
  module_address: "0x1",
  module_name: "nft_transfer",
  function_name: "nft_transfer",
};

/**
 * The memo that makes an L1 forward what arrives: `0x1::nft_transfer::nft_transfer(recover_address,
 * receiver, collection, token_ids, source_port, source_channel, revision_number, revision_height,
 * timeout_timestamp, memo)` run by the hook's intermediate account, which holds the NFTs; if the
 * second hop fails or times out the module returns them to `recover_address` on the L1.
 */
export function l1ForwardMemo(input: {
  recover: Uint8Array;
  receiver: string;
  collection: Buffer;
  tokenIds: string[];
  second: NftHop;
  timeoutNs: bigint;
}): string {
  const args = [
    bcsAddress(input.recover),
    bcsString(input.receiver),
    bcsAddress(input.collection),
    bcsStrings(input.tokenIds),
    bcsString(input.second.port),
    bcsString(input.second.channel),
    bcsU64(0n),
    bcsU64(0n),
    bcsU64(input.timeoutNs),
    bcsString(""),
  ].map(b64);
  return JSON.stringify({ move: { message: { ...L1_NFT_HOOK, type_args: [], args } } });
}
