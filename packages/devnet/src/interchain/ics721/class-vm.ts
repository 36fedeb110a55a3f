/**
 * What ICS-721 asks of a chain's VM (move-class-vm.ts, evm-class-vm.ts, cw721-class-vm.ts): which collection a native
 * class id names, the class metadata a packet carries, and the VM's own moves of a token (escrow,
 * release, burn, voucher mint) with the events the VM emits for them on a real node.
 */
import { bech32Of } from "../../chain/chain-setup.js";
import type { AbciEvent } from "../../payloads.js";
import type { ExecContext } from "../live-chain/live-chain-types.js";
import type { LiveCollection, LiveToken } from "../nft/live-nfts.js";
import { nftEscrowBytes } from "./ics721-packet.js";

export interface ClassVm {
  /** The live collection a native class id of this VM names (`move/<hex>`, `evm/<hex>`). */
  nativeCollection(classId: string): string | undefined;
  /** The class's metadata in a packet: its URI and base64 JSON `{name, ...}`. */
  classInfo(collection: LiveCollection): { classUri: string; classData: string };
  /** Creates the local collection of voucher class `classId` (`ibc/<hash>`) in this tx. */
  createVoucherCollection(
    ctx: ExecContext,
    c: { classId: string; classUri: string },
  ): { address: string; events: AbciEvent[] };
  /** The local id of a packet's token id: a voucher's may differ from its origin id (minievm). */
  localTokenId(voucher: boolean, packetTokenId: string): string;
  /** Transfers `token` to `to` (bech32), as the module does to escrow and release. */
  move(ctx: ExecContext, token: LiveToken, to: string): AbciEvent[];
  burn(ctx: ExecContext, token: LiveToken): AbciEvent[];
  /** Mints a voucher token (or mints again one burned before) to `receiver` (bech32). */
  mint(
    ctx: ExecContext,
    t: { collection: string; tokenId: string; originId: string; uri: string; receiver: string },
  ): AbciEvent[];
  /** The local id of a received class, from its full path (`ibc/<hash>`, or cw-ics721's path itself). */
  voucherClassId(fullPath: string): string;
  /** The account (bech32) that holds the escrowed tokens of a channel end. */
  escrow(port: string, channel: string): string;
  /** The bech32 account a packet's receiver names on this chain; undefined when it names none. */
  account(receiver: string): string | undefined;
}

/** A receiver written as this chain's bech32 account or as 0x hex (20 bytes), as bech32; else undefined. */
export function receiverAccount(
  receiver: string,
  prefix: string,
  fromHex: (hex: string) => string,
): string | undefined {
  if (/^0x[0-9a-fA-F]{40}$/.test(receiver)) return fromHex(receiver);
  return new RegExp(`^${prefix}1[02-9ac-hj-np-z]{38,58}$`).test(receiver) ? receiver : undefined;
}

/** The escrow account of an nft-transfer channel end, as bech32 (ics721-packet.ts). */
export const moduleEscrow = (prefix: string, port: string, channel: string) =>
  bech32Of(nftEscrowBytes(port, channel).toString("hex"), prefix);
