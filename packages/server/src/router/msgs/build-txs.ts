/**
 * The signable txs of a route, one per `tx_index`, source tx first. Deterministic: the same route,
 * addresses, hook and clock give byte-identical messages.
 */

import type { CosmosMsg, Msg, SignableTx } from "@weft/spec/schemas";
import type { ChainAddress } from "../chain-address.js";
import { type Hop, hopSource, txIndices } from "../route/hops.js";
import type { HopAmounts } from "../route/route-amounts.js";
import {
  forwardMemo,
  msgCall,
  msgInitiateTokenDeposit,
  msgInitiateTokenWithdrawal,
  msgTransfer,
} from "./cosmos-msgs.js";
import {
  approveCalldata,
  oftSendCalldata,
  toLocalCalldata,
  toRemoteAndOpWithdrawCalldata,
  toRemoteCalldata,
} from "./evm-calls.js";

export interface BuildTxsInput {
  hops: Hop[];
  amounts: HopAmounts[];
  /** One address per route chain (routeChainIds), in order. */
  addresses: ChainAddress[];
  /** base64 signed op-hook tx for a deposit that needs one. */
  signedOpHook?: string;
  /** IBC timeout, absolute, in whole seconds since the epoch. */
  timeoutUnixSeconds: bigint;
  /** Applies to the LayerZero minimum received. Percent, e.g. 1 = 1 %, as basis points. */
  slippageBps: bigint;
}

const stripHex = (h: string) => h.replace(/^0x/, "");

/** Position of each hop's sender and receiver in the route's chain list. */
function positions(hops: readonly Hop[]): { from: number; to: number }[] {
  let at = 0;
  let chain = hopSource(hops[0] as Hop).chain.chain_id;
  return hops.map((h) => {
    const from = at;
    if (h.to.chain.chain_id !== chain) at++;
    chain = h.to.chain.chain_id;
    return { from, to: at };
  });
}

export function buildTxs(input: BuildTxsInput): { txs: SignableTx[]; msgs: Msg[] } {
  const { hops, amounts, addresses } = input;
  const tx = txIndices(hops);
  const pos = positions(hops);
  const address = (i: number) => addresses[i] as ChainAddress;
  const txs: SignableTx[] = [];
  const msgs: Msg[] = [];

  for (let start = 0; start < hops.length; ) {
    let end = start;
    while (end + 1 < hops.length && tx[end + 1] === tx[start]) end++;
    const group = hops.slice(start, end + 1);
    const first = group[0] as Hop;
    const firstAmounts = amounts[start] as HopAmounts;
    const indices = group.map((_, k) => start + k);
    const sender = address((pos[start] as { from: number }).from);
    const path = [...new Set(group.flatMap((h) => [hopSource(h).chain.chain_id, h.to.chain.chain_id]))];
    const cosmos = (...list: CosmosMsg[]) => {
      txs.push({
        cosmos_tx: {
          chain_id: hopSource(first).chain.chain_id,
          path,
          signer_address: sender.bech32,
          msgs: list,
        },
        operations_indices: indices,
      });
      for (const msg of list)
        msgs.push({ multi_chain_msg: { chain_id: hopSource(first).chain.chain_id, path, ...msg } });
    };
    const evm = (
      to: string,
      value: string,
      data: string,
      approvals: { token_contract: string; spender: string; amount: string }[],
    ) => {
      const evmTx = {
        chain_id: hopSource(first).chain.chain_id,
        to,
        value,
        data: stripHex(data),
        required_erc20_approvals: approvals,
        signer_address: sender.hex,
      };
      txs.push({ evm_tx: evmTx, operations_indices: indices });
      msgs.push({ evm_tx: evmTx });
    };
    /**
     * A contract call: an `evm_tx` only on a `chain_type: "evm"` chain. A minievm rollup is a Cosmos
     * chain to the wallet (Cosmos signer), so there the call is a `cosmos_tx` of MsgCalls: each
     * approval as its own ERC-20 `approve`, then the call (NOTES §4.3, §6.4).
     */
    const contractCall = (
      call: { to: string; value: bigint; data: string },
      approvals: { token_contract: string; spender: string; amount: string }[],
    ) => {
      if (hopSource(first).chain.chain_type === "evm") {
        evm(call.to, call.value.toString(), call.data, approvals);
        return;
      }
      cosmos(
        ...approvals.map((a) =>
          msgCall({
            sender: sender.bech32,
            contract: a.token_contract,
            calldata: approveCalldata(a.spender as `0x${string}`, BigInt(a.amount)),
          }),
        ),
        msgCall({ sender: sender.bech32, contract: call.to, calldata: call.data, value: call.value }),
      );
    };

    switch (first.kind) {
      case "ibc": {
        // One MsgTransfer; later hops of the group are forwarded by PFM on the chains in between.
        const receivers = group.map((_, k) => address((pos[start + k] as { to: number }).to));
        cosmos(
          msgTransfer({
            channel: first.channel,
            token: { denom: first.from.denom, amount: firstAmounts.amountIn.toString() },
            sender: sender.bech32,
            receiver: (receivers[0] as ChainAddress).bech32,
            timeoutTimestampNs: input.timeoutUnixSeconds * 1_000_000_000n,
            memo: forwardMemo(
              group.slice(1).map((h, k) => ({
                receiver: (receivers[k + 1] as ChainAddress).bech32,
                channel: h.kind === "ibc" ? h.channel : "",
              })),
            ),
          }),
        );
        break;
      }
      case "op_deposit":
        cosmos(
          msgInitiateTokenDeposit({
            sender: sender.bech32,
            bridgeId: first.bridgeId,
            to: address((pos[start] as { to: number }).to).bech32,
            amount: { denom: first.from.denom, amount: firstAmounts.amountIn.toString() },
            ...(first.wrapTo && input.signedOpHook ? { data: input.signedOpHook } : {}),
          }),
        );
        break;
      case "op_withdraw": {
        const receiver = address((pos[start] as { to: number }).to).bech32;
        const wrapper = first.from.chain.erc20_wrapper?.contract;
        if (first.unwrapFrom && wrapper) {
          const token = first.unwrapFrom.erc20Contract ?? "";
          const amount = firstAmounts.amountIn;
          contractCall(
            {
              to: wrapper,
              value: 0n,
              data: toRemoteAndOpWithdrawCalldata(receiver, first.unwrapFrom.denom, amount),
            },
            [{ token_contract: token, spender: wrapper, amount: amount.toString() }],
          );
        } else {
          cosmos(
            msgInitiateTokenWithdrawal({
              sender: sender.bech32,
              to: receiver,
              amount: { denom: first.from.denom, amount: firstAmounts.amountIn.toString() },
            }),
          );
        }
        break;
      }
      case "wrap": {
        // approve the wrapper for exactly the amount, then toLocal (which converts min(allowance,
        // balance)) or toRemote, both for the sender on the same rollup.
        const token = first.from.erc20Contract ?? "";
        const amount = firstAmounts.amountIn;
        const data =
          first.to.arrival.kind === "wrapped"
            ? toLocalCalldata(sender.hex, first.from.denom, first.from.meta.decimals)
            : toRemoteCalldata(sender.hex, first.from.denom, amount);
        contractCall({ to: first.contract, value: 0n, data }, [
          { token_contract: token, spender: first.contract, amount: amount.toString() },
        ]);
        break;
      }
      case "layer_zero": {
        const oft = first.from.oft;
        if (!oft) throw new Error("layer_zero hop without an OFT");
        const amountLD = firstAmounts.amountIn;
        const dust = 10n ** BigInt(first.from.meta.decimals - oft.shared_decimals);
        const minAmountLD = ((amountLD * (10_000n - input.slippageBps)) / 10_000n / dust) * dust;
        const fee = BigInt(oft.messaging_fee.amount);
        const data = oftSendCalldata({
          dstEid: first.to.chain.layer_zero?.endpoint_id ?? 0,
          to: address((pos[start] as { to: number }).to).bytes,
          amountLD,
          minAmountLD,
          nativeFee: fee,
          refundAddress: sender.hex,
        });
        const approvals = oft.token
          ? [{ token_contract: oft.token, spender: oft.contract, amount: amountLD.toString() }]
          : [];
        contractCall({ to: oft.contract, value: fee, data }, approvals);
        break;
      }
    }
    start = end + 1;
  }
  return { txs, msgs };
}
