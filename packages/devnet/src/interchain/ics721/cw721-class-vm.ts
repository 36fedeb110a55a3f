/**
 * ICS-721 classes on miniwasm, as cw-ics721 keeps them: a native class is a cw721 whose class id
 * is its own address; a received class keeps its full path as its class id and gets a cw721 the
 * ics721 contract instantiates (named after the path) and alone mints into. Tokens in escrow are
 * held by the ics721 contract itself (cw721's `send_nft` hands them over); its releases, burns and
 * mints are cw721 messages it sends, seen as the cw721's `wasm` events.
 */
import { bech32Of } from "../../chain/chain-setup.js";
import { cw721ExecuteEvents } from "../../chain/msgs/wasm-nft-execute.js";
import type { LiveChain } from "../live-chain/live-chain-types.js";
import type { Cw721Nfts } from "../nft/cw721-nfts.js";
import { bech32Bytes } from "../nft/nft-addresses.js";
import { type ClassVm, receiverAccount } from "./class-vm.js";

export function cw721ClassVm(chain: LiveChain, cw721s: Cw721Nfts, ics721: string): ClassVm {
  const { nfts, prefix } = chain;
  const bech32 = (address: string) => bech32Of(address, prefix);
  return {
    nativeCollection(classId) {
      let address: string;
      try {
        address = `0x${bech32Bytes(classId).toString("hex")}`;
      } catch {
        return undefined;
      }
      return nfts.collection(address)?.standard === "cw721" ? address : undefined;
    },
    classInfo: (c) => ({
      classUri: c.uri,
      classData: Buffer.from(JSON.stringify({ name: c.name, symbol: c.symbol })).toString("base64"),
    }),
    createVoucherCollection(ctx, c) {
      const { address, event } = cw721s.instantiate(ctx, {
        name: c.classId,
        symbol: c.classId,
        creator: ics721,
        minter: ics721,
      });
      return { address, events: [event] };
    },
    voucherClassId: (fullPath) => fullPath,
    escrow: () => ics721,
    localTokenId: (_voucher, id) => id,
    move(ctx, token, to) {
      nfts.transfer(ctx, token, to);
      // Into escrow the cw721's own send_nft event says it; out of it, ics721 sends transfer_nft.
      return to === ics721
        ? []
        : cw721ExecuteEvents(bech32(token.collection), [
            ["action", "transfer_nft"],
            ["sender", ics721],
            ["recipient", to],
            ["token_id", token.tokenId],
          ]);
    },
    burn(ctx, token) {
      nfts.burn(ctx, token);
      return cw721ExecuteEvents(bech32(token.collection), [
        ["action", "burn"],
        ["sender", ics721],
        ["token_id", token.tokenId],
      ]);
    },
    mint(ctx, t) {
      const again = nfts.token(t.collection, t.tokenId);
      if (again) nfts.transfer(ctx, again, t.receiver);
      else nfts.mint(ctx, { collection: t.collection, tokenId: t.tokenId, uri: t.uri, owner: t.receiver });
      return cw721ExecuteEvents(bech32(t.collection), [
        ["action", "mint"],
        ["minter", ics721],
        ["owner", t.receiver],
        ["token_id", t.tokenId],
      ]);
    },
    account: (receiver) =>
      receiver.startsWith("0x") ? undefined : receiverAccount(receiver, prefix, () => ""),
  };
}
