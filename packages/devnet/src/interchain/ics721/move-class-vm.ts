/**
 * ICS-721 classes on the L1's Move VM, as Initia's nft-transfer keeps them: a native class
 * `move/<collection>` is a collection object; a received class is a collection 0x1 creates with
 * `initia_nft::create_collection` under the name `ibc/<hash>`, whose NFTs keep their token ids.
 * Escrow and release are `object::transfer`s, a voucher going home is burned.
 */
import {
  createCollectionEvents,
  executeEvent,
  mintEvents,
  moveEvent,
  transferEvents,
} from "../../chain/msgs/move-nft-execute.js";
import type { LiveChain } from "../live-chain/live-chain-types.js";
import {
  accountOfMove,
  hexOfBech32,
  moveCollectionAddress,
  moveLiteral,
  moveNftAddress,
} from "../nft/nft-addresses.js";
import { type ClassVm, moduleEscrow, receiverAccount } from "./class-vm.js";
import { ibcClassId } from "./ics721-packet.js";

const STD = "0x1";

export function moveClassVm(chain: LiveChain): ClassVm {
  const { nfts } = chain;
  const literal = (bech32: string) => moveLiteral(hexOfBech32(bech32));
  return {
    nativeCollection(classId) {
      const hex = /^move\/([0-9a-fA-F]{64})$/.exec(classId)?.[1];
      const c = hex ? nfts.collection(`0x${hex}`) : undefined;
      return c?.standard === "move" ? c.address : undefined;
    },
    classInfo: (c) => ({
      classUri: c.uri,
      classData: Buffer.from(JSON.stringify({ name: c.name, description: "" })).toString("base64"),
    }),
    createVoucherCollection(ctx, c) {
      const address = moveCollectionAddress(STD, c.classId);
      const std = accountOfMove(STD, chain.prefix);
      nfts.addCollection(ctx, {
        address,
        standard: "move",
        name: c.classId,
        symbol: "",
        uri: c.classUri,
        creator: std,
        minter: std,
      });
      return {
        address,
        events: [
          executeEvent(STD, "initia_nft", "create_collection"),
          ...createCollectionEvents({ collection: moveLiteral(address), creator: STD, name: c.classId }),
        ],
      };
    },
    voucherClassId: ibcClassId,
    escrow: (port, channel) => moduleEscrow(chain.prefix, port, channel),
    localTokenId: (_voucher, id) => id,
    move(ctx, token, to) {
      const from = nfts.ownerAt(token) ?? "";
      nfts.transfer(ctx, token, to);
      return [
        executeEvent(STD, "object", "transfer"),
        ...transferEvents({ object: moveLiteral(token.object ?? ""), from: literal(from), to: literal(to) }),
      ];
    },
    burn(ctx, token) {
      nfts.burn(ctx, token);
      return [
        moveEvent("0x1::collection::BurnEvent", {
          collection: moveLiteral(token.collection),
          token_id: token.tokenId,
          nft: moveLiteral(token.object ?? ""),
        }),
      ];
    },
    mint(ctx, t) {
      const name = nfts.collection(t.collection)?.name ?? "";
      const object = moveNftAddress(STD, name, t.tokenId);
      const again = nfts.tokenByObject(object);
      if (again) nfts.transfer(ctx, again, t.receiver);
      else
        nfts.mint(ctx, {
          collection: t.collection,
          tokenId: t.tokenId,
          uri: t.uri,
          object,
          owner: t.receiver,
        });
      return [
        executeEvent(STD, "initia_nft", "mint"),
        ...mintEvents({
          collection: moveLiteral(t.collection),
          object: moveLiteral(object),
          tokenId: t.tokenId,
          creator: STD,
          to: literal(t.receiver),
        }),
      ];
    },
    account: (receiver) => receiverAccount(receiver, chain.prefix, (hex) => accountOfMove(hex, chain.prefix)),
  };
}
