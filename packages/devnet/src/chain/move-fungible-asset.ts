/**
 * What an Initia Move chain adds to a bank send of a coin: the `0x1::coin::sudo_transfer` execute
 * event and the fungible-asset events of the two primary stores (`WithdrawEvent` then its
 * `WithdrawOwnerEvent`, `DepositEvent` then its `DepositOwnerEvent`, as `move` events of
 * `type_tag` and `data`), beside the bank's `coin_spent`/`coin_received`. The reference indexer's
 * Move rich list reads these, and the coin's `0x1::fungible_asset::Metadata` resource to name its
 * denom (a symbol with 0 decimals is the denom itself).
 */
import { sha3_256 } from "@noble/hashes/sha3.js";
import { bech32 } from "bech32";
import type { AbciEvent } from "../payloads.js";
import type { MoveResource } from "./move-resource.js";

/**
 * The metadata object of `uinit`: `object::create_object_address(@0x1, b"uinit")`,
 * sha3-256(0x1 ‖ "uinit" ‖ 0xFE), the address Initia's L1 shows for it.
 */
export const UINIT_METADATA = `0x${Buffer.from(
  sha3_256(Buffer.concat([Buffer.alloc(31), Buffer.from([1]), Buffer.from("uinit"), Buffer.from([0xfe])])),
).toString("hex")}`;

const UINIT_METADATA_RESOURCE: MoveResource = {
  type: "0x1::fungible_asset::Metadata",
  data: { decimals: 0, icon_uri: "", name: "uinit", project_uri: "", symbol: "uinit" },
};

/** `0x1::fungible_asset::Metadata` of the devnet's coin at its metadata address; else undefined. */
export function fungibleAssetMetadata(address: string): MoveResource | undefined {
  return address.toLowerCase() === UINIT_METADATA ? UINIT_METADATA_RESOURCE : undefined;
}

const bytesOf = (address: string) => Buffer.from(bech32.fromWords(bech32.decode(address, 90).words));

/** The owner's primary store of `uinit`: sha3-256(owner ‖ metadata ‖ 0xFC), a user-derived object. */
function primaryStore(owner: Buffer): string {
  const owner32 = Buffer.concat([Buffer.alloc(32 - owner.length), owner]);
  const metadata = Buffer.from(UINIT_METADATA.slice(2), "hex");
  return `0x${Buffer.from(sha3_256(Buffer.concat([owner32, metadata, Buffer.from([0xfc])]))).toString("hex")}`;
}

const move = (typeTag: string, data: unknown): AbciEvent => ({
  type: "move",
  attributes: [
    { key: "type_tag", value: typeTag, index: true },
    { key: "data", value: JSON.stringify(data), index: true },
    { key: "msg_index", value: "0", index: true },
  ],
});

/** The events of moving `amount` uinit from `sender`'s primary store to `recipient`'s (bech32 both). */
export function fungibleAssetSendEvents(sender: string, recipient: string, amount: string): AbciEvent[] {
  const from = bytesOf(sender);
  const to = bytesOf(recipient);
  return [
    {
      type: "execute",
      attributes: [
        { key: "sender", value: `0x1,0x${from.toString("hex")}`, index: true },
        { key: "module_addr", value: "0x1", index: true },
        { key: "module_name", value: "coin", index: true },
        { key: "function_name", value: "sudo_transfer", index: true },
        { key: "msg_index", value: "0", index: true },
      ],
    },
    move("0x1::fungible_asset::WithdrawEvent", {
      store_addr: primaryStore(from),
      metadata_addr: UINIT_METADATA,
      amount,
    }),
    move("0x1::fungible_asset::WithdrawOwnerEvent", { owner: `0x${from.toString("hex")}` }),
    move("0x1::fungible_asset::DepositEvent", {
      store_addr: primaryStore(to),
      metadata_addr: UINIT_METADATA,
      amount,
    }),
    move("0x1::fungible_asset::DepositOwnerEvent", { owner: `0x${to.toString("hex")}` }),
  ];
}
