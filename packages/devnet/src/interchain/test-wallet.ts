/**
 * What a wallet does with the Router API's output: turn `/v2/fungible/msgs` and `/op-hook` messages
 * (amino JSON strings with proto type URLs) into protobuf, sign them with a test key, broadcast them
 * to a devnet chain over Cosmos REST. Shared by the server's and the client's end-to-end tests.
 */

import { MsgExecuteContract } from "cosmjs-types/cosmwasm/wasm/v1/tx";
import type { Any } from "cosmjs-types/google/protobuf/any";
import { MsgTransfer } from "cosmjs-types/ibc/applications/transfer/v1/tx";
import { encodeFunctionData, parseAbi } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import {
  depositCodec,
  msgCallCodec,
  msgExecuteCodec,
  nftTransferCodec,
  TYPE_DEPOSIT,
  TYPE_MSG_CALL,
  TYPE_MSG_EXECUTE,
  TYPE_NFT_TRANSFER,
  TYPE_WITHDRAWAL,
  withdrawalCodec,
} from "./initia-protos.js";
import { createTestKey, signTx, type TestKey } from "./test-keys.js";

interface CosmosMsg {
  msg: string;
  msg_type_url: string;
}

/** Amino JSON -> protobuf Any, for the message types the router builds. */
export function toAny(m: CosmosMsg): Any {
  // 64-bit numbers stay exact: read them from the text, not through a double.
  const timeout = /"timeout_timestamp":(\d+)/.exec(m.msg)?.[1] ?? "0";
  const j = JSON.parse(m.msg);
  switch (m.msg_type_url) {
    case "/ibc.applications.transfer.v1.MsgTransfer":
      return {
        typeUrl: m.msg_type_url,
        value: MsgTransfer.encode(
          MsgTransfer.fromPartial({
            sourcePort: j.source_port,
            sourceChannel: j.source_channel,
            token: j.token,
            sender: j.sender,
            receiver: j.receiver,
            timeoutTimestamp: BigInt(timeout),
            memo: j.memo,
          }),
        ).finish(),
      };
    case TYPE_DEPOSIT:
      return {
        typeUrl: TYPE_DEPOSIT,
        value: depositCodec.encode({
          sender: j.sender,
          bridgeId: BigInt(j.bridge_id),
          to: j.to,
          amount: j.amount,
          data: Buffer.from(j.data ?? "", "base64"),
        }),
      };
    case TYPE_WITHDRAWAL:
      return {
        typeUrl: TYPE_WITHDRAWAL,
        value: withdrawalCodec.encode({ sender: j.sender, to: j.to, amount: j.amount }),
      };
    case TYPE_MSG_CALL:
      return {
        typeUrl: TYPE_MSG_CALL,
        value: msgCallCodec.encode({
          sender: j.sender,
          contractAddr: j.contract_addr,
          input: j.input,
          value: j.value,
        }),
      };
    case TYPE_MSG_EXECUTE:
      // Amino JSON carries each BCS argument as base64.
      return {
        typeUrl: TYPE_MSG_EXECUTE,
        value: msgExecuteCodec.encode({
          sender: j.sender,
          moduleAddress: j.module_address,
          moduleName: j.module_name,
          functionName: j.function_name,
          typeArgs: j.type_args ?? [],
          args: (j.args ?? []).map((a: string) => Buffer.from(a, "base64")),
        }),
      };
    case TYPE_NFT_TRANSFER:
      return {
        typeUrl: TYPE_NFT_TRANSFER,
        value: nftTransferCodec.encode({
          sourcePort: j.source_port,
          sourceChannel: j.source_channel,
          classId: j.class_id,
          tokenIds: j.token_ids ?? [],
          sender: j.sender,
          receiver: j.receiver,
          timeoutTimestamp: BigInt(timeout),
          memo: j.memo ?? "",
        }),
      };
    case "/cosmwasm.wasm.v1.MsgExecuteContract":
      // Amino JSON carries the contract message as JSON itself.
      return {
        typeUrl: m.msg_type_url,
        value: MsgExecuteContract.encode({
          sender: j.sender,
          contract: j.contract,
          msg: Buffer.from(JSON.stringify(j.msg)),
          funds: j.funds ?? [],
        }).finish(),
      };
    default:
      throw new Error(`the test wallet cannot encode ${m.msg_type_url}`);
  }
}

export interface Wallet {
  key: TestKey;
  /** Signs messages for `chainId` with the account's current number and sequence (read over REST). */
  sign(chainId: string, restUrl: string, address: string, msgs: CosmosMsg[]): Promise<Uint8Array>;
  /** Broadcasts (BROADCAST_MODE_SYNC); returns the node's tx_response. */
  broadcast(restUrl: string, raw: Uint8Array): Promise<{ code: number; txhash: string; raw_log: string }>;
}

export async function createWallet(name: string): Promise<Wallet> {
  const key = await createTestKey(name);
  return {
    key,
    async sign(chainId, restUrl, address, msgs) {
      const res = await fetch(`${restUrl}/cosmos/auth/v1beta1/accounts/${address}`);
      const account = res.ok
        ? ((await res.json()) as { account: { account_number: string; sequence: string } }).account
        : { account_number: "0", sequence: "0" };
      return signTx({
        key,
        chainId,
        accountNumber: BigInt(account.account_number),
        sequence: BigInt(account.sequence),
        messages: msgs.map(toAny),
      });
    },
    async broadcast(restUrl, raw) {
      const res = await fetch(`${restUrl}/cosmos/tx/v1beta1/txs`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ tx_bytes: Buffer.from(raw).toString("base64"), mode: "BROADCAST_MODE_SYNC" }),
      });
      return ((await res.json()) as { tx_response: { code: number; txhash: string; raw_log: string } })
        .tx_response;
    },
  };
}

/** EVM JSON-RPC call to a devnet chain. */
async function jsonRpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/**
 * What an EVM wallet does with an `evm_tx` of `/v2/fungible/msgs`: send the ERC-20 approvals it lists,
 * then the tx itself (data is hex without 0x), each as a signed EIP-1559 tx. Returns the last hash.
 */
export async function sendEvmTx(
  url: string,
  privateKey: Uint8Array,
  evmTx: {
    to: string;
    value: string;
    data: string;
    required_erc20_approvals: { token_contract: string; spender: string; amount: string }[];
  },
): Promise<string> {
  const account = privateKeyToAccount(`0x${Buffer.from(privateKey).toString("hex")}`);
  const chainId = Number(await jsonRpc<string>(url, "eth_chainId", []));
  const send = async (to: string, data: string, value: bigint) => {
    const nonce = Number(await jsonRpc<string>(url, "eth_getTransactionCount", [account.address, "pending"]));
    const raw = await account.signTransaction({
      type: "eip1559",
      chainId,
      nonce,
      to: to as `0x${string}`,
      data: data as `0x${string}`,
      value,
      gas: 500_000n,
      maxFeePerGas: 1n,
      maxPriorityFeePerGas: 1n,
    });
    return jsonRpc<string>(url, "eth_sendRawTransaction", [raw]);
  };
  for (const a of evmTx.required_erc20_approvals) {
    await send(
      a.token_contract,
      encodeFunctionData({
        abi: parseAbi(["function approve(address,uint256)"]),
        args: [a.spender as `0x${string}`, BigInt(a.amount)],
      }),
      0n,
    );
  }
  return send(evmTx.to, `0x${evmTx.data}`, BigInt(evmTx.value || "0"));
}

/** The EVM address of a test key (keccak of the public key), as minievm accounts have. */
export const evmAddressOf = (privateKey: Uint8Array) =>
  privateKeyToAccount(`0x${Buffer.from(privateKey).toString("hex")}`).address;
