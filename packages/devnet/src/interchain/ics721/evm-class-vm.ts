/**
 * ICS-721 classes on minievm, as its erc721 keeper keeps them: a native class `evm/<contract>` is
 * an ERC-721 whose token ids are uint256 decimals; a received class gets an ERC-721 the keeper
 * deploys (named after the class id, `ibc/<hash>`), whose token ids are the SHA-256 of the origin
 * string ids as uint256 (the keeper remembers each origin id: origin_token_infos). Every move is
 * the contract's own, seen as Transfer logs, with the keeper's erc721_* events.
 */
import { createHash } from "node:crypto";
import { getAddress } from "viem";
import { bech32Of } from "../../chain/chain-setup.js";
import { erc721Transfer } from "../../chain/evm-scenarios.js";
import { evmCallEvents } from "../../chain/msgs/evm-call.js";
import { attr } from "../ibc/packet-events.js";
import type { LiveChain } from "../live-chain/live-chain-types.js";
import { evmContractAddress, hexOfBech32 } from "../nft/nft-addresses.js";
import { type ClassVm, moduleEscrow, receiverAccount } from "./class-vm.js";
import { ibcClassId } from "./ics721-packet.js";

/** Who deploys the vouchers' ERC-721s: minievm's std address (0x1). */
const DEPLOYER = "0x0000000000000000000000000000000000000001";
const ZERO = "0x0000000000000000000000000000000000000000";

/** minievm's uint256 id of a voucher token: SHA-256 of its origin id. */
export const voucherTokenId = (originId: string) =>
  BigInt(`0x${createHash("sha256").update(originId).digest("hex")}`).toString();

export function evmClassVm(chain: LiveChain): ClassVm {
  const { nfts } = chain;
  const hexOf = (bech32: string) => hexOfBech32(bech32).toLowerCase();
  const transferLog = (collection: string, from: string, to: string, id: string) => {
    const contract = getAddress(collection);
    return evmCallEvents(contract, "0x", [erc721Transfer(contract, from, to, BigInt(id))]);
  };
  return {
    nativeCollection(classId) {
      const hex = /^evm\/([0-9a-fA-F]{40})$/.exec(classId)?.[1];
      const c = hex ? nfts.collection(`0x${hex}`) : undefined;
      return c?.standard === "erc721" ? c.address : undefined;
    },
    classInfo: (c) => ({
      classUri: c.uri,
      classData: Buffer.from(JSON.stringify({ name: c.name, symbol: c.symbol })).toString("base64"),
    }),
    createVoucherCollection(ctx, c) {
      const deployer = bech32Of(DEPLOYER, chain.prefix);
      const nonce = nfts.collections().filter((x) => x.creator === deployer).length;
      const address = evmContractAddress(DEPLOYER, nonce);
      nfts.addCollection(ctx, {
        address,
        standard: "erc721",
        name: c.classId,
        symbol: "",
        uri: c.classUri,
        creator: deployer,
        minter: deployer,
      });
      const contract = getAddress(address);
      return {
        address,
        events: [
          { type: "contract_created", attributes: [attr("contract", contract)] },
          { type: "erc721_created", attributes: [attr("class_id", c.classId), attr("contract", contract)] },
        ],
      };
    },
    voucherClassId: ibcClassId,
    escrow: (port, channel) => moduleEscrow(chain.prefix, port, channel),
    localTokenId: (voucher, id) => (voucher ? voucherTokenId(id) : id),
    move(ctx, token, to) {
      const from = nfts.ownerAt(token) ?? "";
      nfts.transfer(ctx, token, to);
      return transferLog(token.collection, hexOf(from), hexOf(to), token.tokenId);
    },
    burn(ctx, token) {
      const owner = nfts.ownerAt(token) ?? "";
      nfts.burn(ctx, token);
      return [
        ...transferLog(token.collection, hexOf(owner), ZERO, token.tokenId),
        {
          type: "erc721_burned",
          attributes: [attr("contract", getAddress(token.collection)), attr("token_id", token.tokenId)],
        },
      ];
    },
    mint(ctx, t) {
      const again = nfts.token(t.collection, t.tokenId);
      if (again) nfts.transfer(ctx, again, t.receiver);
      else nfts.mint(ctx, { collection: t.collection, tokenId: t.tokenId, uri: t.uri, owner: t.receiver });
      return [
        ...transferLog(t.collection, ZERO, hexOf(t.receiver), t.tokenId),
        {
          type: "erc721_minted",
          attributes: [
            attr("contract", getAddress(t.collection)),
            attr("token_id", t.tokenId),
            attr("token_origin_id", t.originId),
          ],
        },
      ];
    },
    account: (receiver) =>
      receiverAccount(receiver, chain.prefix, (hex) => bech32Of(hex.toLowerCase(), chain.prefix)),
  };
}
