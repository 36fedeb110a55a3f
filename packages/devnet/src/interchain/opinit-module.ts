/**
 * The OPinit bridge on live chains. On the L1: MsgInitiateTokenDeposit escrows and emits
 * initiate_token_deposit; MsgFinalizeTokenWithdrawal (sent by the devnet executor once the
 * finalization period passed) unescrows. On the rollup: MsgFinalizeTokenDeposit (executor) mints the
 * `l2/...` denom and runs the deposit's hook; MsgInitiateTokenWithdrawal burns and emits
 * initiate_token_withdrawal. Attributes as in the real txs under fixtures/real-rpc/initia.
 */
import { createHash } from "node:crypto";
import { TxBody, TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import { decodeFunctionData, parseAbi } from "viem";
import type { AbciEvent } from "../payloads.js";
import {
  depositCodec,
  finalizeDepositCodec,
  finalizeWithdrawalCodec,
  msgCallCodec,
  TYPE_DEPOSIT,
  TYPE_FINALIZE_DEPOSIT,
  TYPE_FINALIZE_WITHDRAWAL,
  TYPE_MSG_CALL,
  TYPE_WITHDRAWAL,
  withdrawalCodec,
} from "./initia-protos.js";
import type { ExecContext, LiveChain } from "./live-chain/live-chain-types.js";
import { TxFailure } from "./live-chain/tx-failure.js";

const attr = (key: string, value: string) => ({ key, value, index: true });
const bridgeEscrow = (bridgeId: bigint) => `escrow/opinit/${bridgeId}`;

/** OPinit's L2 denom: `l2/` + hex(sha3-256(uint64be(bridge_id) || l1_denom)). */
export function l2DenomOf(bridgeId: bigint, l1Denom: string): string {
  const id = Buffer.alloc(8);
  id.writeBigUInt64BE(bridgeId);
  return `l2/${createHash("sha3-256")
    .update(Buffer.concat([id, Buffer.from(l1Denom)]))
    .digest("hex")}`;
}

/** The minievm decimal wrapper a deposit hook may call (registry `erc20_wrapper`). */
export interface WrapperConfig {
  contract: string;
  /** remote (l2/...) denom -> its ERC-20 contract, and the 18-decimal local denom it becomes. */
  tokens: Record<string, { erc20: string; localDenom: string; factor: bigint }>;
}

export function installOpinitL1(l1: LiveChain, bridges: { bridgeId: bigint; l2ChainId: string }[]) {
  const sequences = new Map<bigint, bigint>();
  const known = new Set(bridges.map((b) => b.bridgeId));
  l1.handle(
    TYPE_DEPOSIT,
    (ctx, value) => {
      const m = depositCodec.decode(value);
      if (m.sender !== ctx.signer) throw new TxFailure(4, `${m.sender} is not the signer: unauthorized`);
      if (!known.has(m.bridgeId))
        throw new TxFailure(5, `bridge ${m.bridgeId} not found: not found`, "ophost");
      const amount = BigInt(m.amount.amount);
      l1.debit(ctx, m.sender, m.amount.denom, amount);
      l1.credit(ctx, bridgeEscrow(m.bridgeId), m.amount.denom, amount);
      const sequence = (sequences.get(m.bridgeId) ?? 0n) + 1n;
      sequences.set(m.bridgeId, sequence);
      return [
        {
          type: "initiate_token_deposit",
          attributes: [
            attr("bridge_id", m.bridgeId.toString()),
            attr("l1_sequence", sequence.toString()),
            attr("from", m.sender),
            attr("to", m.to),
            attr("l1_denom", m.amount.denom),
            attr("l2_denom", l2DenomOf(m.bridgeId, m.amount.denom)),
            attr("amount", m.amount.amount),
            attr("data", Buffer.from(m.data).toString("hex")),
          ],
        },
      ];
    },
    (value) => {
      const m = depositCodec.decode(value);
      return {
        sender: m.sender,
        bridge_id: m.bridgeId.toString(),
        to: m.to,
        amount: m.amount,
        data: Buffer.from(m.data).toString("base64"),
      };
    },
  );
  l1.handle(TYPE_FINALIZE_WITHDRAWAL, (ctx, value) => {
    const m = finalizeWithdrawalCodec.decode(value);
    const amount = BigInt(m.amount.amount);
    l1.debit(ctx, bridgeEscrow(m.bridgeId), m.amount.denom, amount);
    l1.credit(ctx, m.to, m.amount.denom, amount);
    return [
      {
        type: "finalize_token_withdrawal",
        attributes: [
          attr("bridge_id", m.bridgeId.toString()),
          attr("output_index", m.outputIndex.toString()),
          attr("l2_sequence", m.sequence.toString()),
          attr("from", m.from),
          attr("to", m.to),
          attr("l1_denom", m.amount.denom),
          attr("l2_denom", l2DenomOf(m.bridgeId, m.amount.denom)),
          attr("amount", m.amount.amount),
        ],
      },
    ];
  });
}

export function installOpinitL2(
  l2: LiveChain,
  options: { bridgeId: bigint; opDenoms: string[]; wrapper?: WrapperConfig },
) {
  const baseOf = new Map(options.opDenoms.map((d) => [l2DenomOf(options.bridgeId, d), d]));
  let sequence = 0n;
  /** Burns `amount` on the rollup and starts its withdrawal to `to` on the L1. */
  function withdraw(
    ctx: ExecContext,
    sender: string,
    to: string,
    amount: { denom: string; amount: string },
  ): AbciEvent[] {
    const base = baseOf.get(amount.denom);
    if (!base)
      throw new TxFailure(
        7,
        `${amount.denom} is not bridged by bridge ${options.bridgeId}: invalid denom`,
        "opchild",
      );
    l2.debit(ctx, sender, amount.denom, BigInt(amount.amount));
    sequence++;
    return [
      {
        type: "initiate_token_withdrawal",
        attributes: [
          attr("from", sender),
          attr("to", to),
          attr("denom", amount.denom),
          attr("base_denom", base),
          attr("amount", amount.amount),
          attr("l2_sequence", sequence.toString()),
        ],
      },
    ];
  }
  l2.handle(TYPE_FINALIZE_DEPOSIT, (ctx, value) => {
    const m = finalizeDepositCodec.decode(value);
    const amount = BigInt(m.amount.amount);
    l2.credit(ctx, m.to, m.amount.denom, amount);
    const failure = m.data.length > 0 ? runHook(ctx, m.to, m.amount.denom, amount) : undefined;
    return [
      {
        type: "finalize_token_deposit",
        attributes: [
          attr("l1_sequence", m.sequence.toString()),
          attr("sender", m.from),
          attr("recipient", m.to),
          attr("denom", m.amount.denom),
          attr("base_denom", m.baseDenom),
          attr("amount", m.amount.amount),
          attr("finalize_height", m.height.toString()),
          attr("success", String(failure === undefined)),
          ...(failure === undefined ? [] : [attr("reason", `hook failed; ${failure}`)]),
        ],
      },
    ];

    /**
     * The hook must be a signed tx of the recipient calling the wrapper the way /op-hook builds it
     * (approve the deposited coin's ERC-20, then ERC20Wrapper.toLocal); the devnet runs that call by
     * converting the coin to the wrapper's local token. A failing hook leaves the deposit in place.
     */
    function runHook(
      hookCtx: ExecContext,
      recipient: string,
      denom: string,
      received: bigint,
    ): string | undefined {
      try {
        const tx = TxRaw.decode(m.data);
        if (tx.signatures.length === 0) return "the hook tx is not signed";
        const calls = TxBody.decode(tx.bodyBytes)
          .messages.filter((x) => x.typeUrl === TYPE_MSG_CALL)
          .map((x) => msgCallCodec.decode(x.value));
        const token = options.wrapper?.tokens[denom];
        if (!options.wrapper || !token) return `no wrapper for ${denom}`;
        const abi = parseAbi(["function approve(address,uint256)", "function toLocal(address,string,uint8)"]);
        const approve = calls.find((c) => c.contractAddr.toLowerCase() === token.erc20.toLowerCase());
        const wrap = calls.find(
          (c) => c.contractAddr.toLowerCase() === options.wrapper?.contract.toLowerCase(),
        );
        if (!approve || !wrap || calls.some((c) => c.sender !== recipient))
          return "the hook must approve and call the wrapper as the recipient";
        const call = decodeFunctionData({ abi, data: wrap.input as `0x${string}` });
        if (call.functionName !== "toLocal" || call.args[1] !== denom)
          return `the wrapper call does not convert ${denom}`;
        l2.debit(hookCtx, recipient, denom, received);
        l2.credit(hookCtx, recipient, token.localDenom, received * token.factor);
        return undefined;
      } catch (err) {
        return (err as Error).message;
      }
    }
  });
  l2.handle(
    TYPE_WITHDRAWAL,
    (ctx, value) => {
      const m = withdrawalCodec.decode(value);
      if (m.sender !== ctx.signer) throw new TxFailure(4, `${m.sender} is not the signer: unauthorized`);
      return withdraw(ctx, m.sender, m.to, m.amount);
    },
    (value) => {
      const m = withdrawalCodec.decode(value);
      return { sender: m.sender, to: m.to, amount: m.amount };
    },
  );
  return { withdraw };
}
