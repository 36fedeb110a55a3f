/**
 * Cosmos messages in the form the Router API returns them: the protobuf type URL and the message as
 * an amino-JSON string (snake_case field names), which clients turn into protobuf with their amino
 * converters. Field order follows the proto definitions.
 */
import type { CosmosMsg } from "@weft/spec/schemas";

export const MSG_TRANSFER = "/ibc.applications.transfer.v1.MsgTransfer";
export const MSG_INITIATE_TOKEN_DEPOSIT = "/opinit.ophost.v1.MsgInitiateTokenDeposit";
export const MSG_INITIATE_TOKEN_WITHDRAWAL = "/opinit.opchild.v1.MsgInitiateTokenWithdrawal";
export const MSG_CALL = "/minievm.evm.v1.MsgCall";

/** PFM's per-hop retry count and timeout (packet-forward-middleware defaults). */
const PFM_RETRIES = 2;
const PFM_TIMEOUT = "10m";

export interface Coin {
  denom: string;
  amount: string;
}

/** A forward instruction of packet-forward middleware, one per hop after the first. */
export interface ForwardHop {
  receiver: string;
  channel: string;
}

/** The PFM memo that forwards a packet through `hops`, innermost last; "" for a single hop. */
export function forwardMemo(hops: readonly ForwardHop[]): string {
  let next: Record<string, unknown> | undefined;
  for (const hop of [...hops].reverse()) {
    next = {
      forward: {
        receiver: hop.receiver,
        port: "transfer",
        channel: hop.channel,
        timeout: PFM_TIMEOUT,
        retries: PFM_RETRIES,
        ...(next ? { next } : {}),
      },
    };
  }
  return next ? JSON.stringify(next) : "";
}

export interface MsgTransferInput {
  channel: string;
  token: Coin;
  sender: string;
  receiver: string;
  /** Absolute timeout in ns since the epoch; whole seconds, so the JSON number is exact as a double. */
  timeoutTimestampNs: bigint;
  memo: string;
}

export function msgTransfer(input: MsgTransferInput): CosmosMsg {
  // timeout_timestamp is a bare JSON number as Skip emits it; a placeholder keeps it out of float math.
  const placeholder = "__TIMEOUT_NS__";
  const json = JSON.stringify({
    source_port: "transfer",
    source_channel: input.channel,
    token: input.token,
    sender: input.sender,
    receiver: input.receiver,
    timeout_height: {},
    timeout_timestamp: placeholder,
    memo: input.memo,
  }).replace(`"${placeholder}"`, input.timeoutTimestampNs.toString());
  return { msg: json, msg_type_url: MSG_TRANSFER };
}

export function msgInitiateTokenDeposit(input: {
  sender: string;
  bridgeId: string;
  to: string;
  amount: Coin;
  /** base64 of the signed op-hook tx, when the deposit carries one. */
  data?: string;
}): CosmosMsg {
  const msg = {
    sender: input.sender,
    bridge_id: input.bridgeId,
    to: input.to,
    amount: input.amount,
    ...(input.data ? { data: input.data } : {}),
  };
  return { msg: JSON.stringify(msg), msg_type_url: MSG_INITIATE_TOKEN_DEPOSIT };
}

export function msgInitiateTokenWithdrawal(input: { sender: string; to: string; amount: Coin }): CosmosMsg {
  return {
    msg: JSON.stringify({ sender: input.sender, to: input.to, amount: input.amount }),
    msg_type_url: MSG_INITIATE_TOKEN_WITHDRAWAL,
  };
}

/**
 * minievm MsgCall (minievm.evm.v1, amino JSON as initia.js reads it): `sender` bech32, `contract_addr`
 * 0x hex, `input` 0x-prefixed calldata, `value` the fee denom's wei sent with the call.
 * @default value "0"
 */
export function msgCall(input: {
  sender: string;
  contract: string;
  calldata: string;
  value?: bigint;
}): CosmosMsg {
  const msg = {
    sender: input.sender,
    contract_addr: input.contract,
    input: input.calldata,
    value: (input.value ?? 0n).toString(),
    access_list: [],
  };
  return { msg: JSON.stringify(msg), msg_type_url: MSG_CALL };
}
