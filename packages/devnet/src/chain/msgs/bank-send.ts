/**
 * `/cosmos.bank.v1beta1.MsgSend` of the bank stream: `uinit` from one account to another, with the
 * events each VM's bank adds (minievm's ERC-20 Transfer log, Move's fungible-asset events) before
 * the SDK's coin_spent / coin_received / transfer.
 */
import { bech32 } from "bech32";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { TRANSFER_TOPIC } from "../evm-scenarios.js";
import { fungibleAssetSendEvents } from "../move-fungible-asset.js";
import type { SdkMsg } from "./sdk-msg.js";

export const TYPE_MSG_SEND = "/cosmos.bank.v1beta1.MsgSend";

export function bankSend(o: {
  sender: string;
  recipient: string;
  amount: string;
  vm: "evm" | "move" | "wasm";
  /** The fee denom's ERC-20 (EVM chains). */
  token: string;
}): SdkMsg {
  const { sender, recipient, amount, vm } = o;
  return {
    typeUrl: TYPE_MSG_SEND,
    value: MsgSend.encode({
      fromAddress: sender,
      toAddress: recipient,
      amount: [{ denom: "uinit", amount }],
    }).finish(),
    json: { from_address: sender, to_address: recipient, amount: [{ denom: "uinit", amount }] },
    module: "bank",
    events: [
      // minievm moves every bank denom as its ERC-20: the send is also a Transfer log.
      ...(vm === "evm" ? erc20SendEvents(o.token, sender, recipient, BigInt(amount)) : []),
      // Initia's Move bank moves coins as fungible assets between primary stores.
      ...(vm === "move" ? fungibleAssetSendEvents(sender, recipient, amount) : []),
      {
        type: "coin_spent",
        attributes: [
          { key: "spender", value: sender, index: true },
          { key: "amount", value: `${amount}uinit`, index: true },
          { key: "msg_index", value: "0", index: true },
        ],
      },
      {
        type: "coin_received",
        attributes: [
          { key: "receiver", value: recipient, index: true },
          { key: "amount", value: `${amount}uinit`, index: true },
          { key: "msg_index", value: "0", index: true },
        ],
      },
      {
        type: "transfer",
        attributes: [
          { key: "recipient", value: recipient, index: true },
          { key: "sender", value: sender, index: true },
          { key: "amount", value: `${amount}uinit`, index: true },
          { key: "msg_index", value: "0", index: true },
        ],
      },
    ],
    accounts: [...new Set([sender, recipient, ...(vm === "evm" ? [o.token] : [])])],
    moved: [{ from: sender, to: recipient, denom: "uinit", amount }],
  };
}

/** The events minievm adds to a bank send of an ERC-20 backed denom: the call and its Transfer log. */
function erc20SendEvents(token: string, sender: string, recipient: string, amount: bigint) {
  const topic = (address: string) =>
    `0x${Buffer.from(bech32.fromWords(bech32.decode(address, 90).words))
      .toString("hex")
      .padStart(64, "0")}`;
  const log = {
    address: token,
    topics: [TRANSFER_TOPIC, topic(sender), topic(recipient)],
    data: `0x${amount.toString(16).padStart(64, "0")}`,
  };
  return [
    {
      type: "call",
      attributes: [
        { key: "contract", value: token, index: true },
        { key: "ret", value: "0x", index: true },
        { key: "msg_index", value: "0", index: true },
      ],
    },
    {
      type: "evm",
      attributes: [
        { key: "log", value: JSON.stringify(log), index: true },
        { key: "msg_index", value: "0", index: true },
      ],
    },
  ];
}
