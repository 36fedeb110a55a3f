/**
 * The EVM side of the devnet's minievm rollup, as far as routes need it: signed EIP-1559 txs arrive
 * over JSON-RPC (`eth_sendRawTransaction`; the signature and nonce are checked), run as a MsgCall
 * of the recovered sender, and map to their Cosmos tx (`cosmos_cosmosTxHashByTxHash`, as minievm
 * answers). A Cosmos tx carrying the same MsgCall (what a wallet signs on a minievm rollup) runs
 * through the same handler. The contracts modelled are the ones the router calls: ERC-20 `approve`
 * on the wrapper's tokens (local and remote), ERC20Wrapper.toLocal/toRemote (conversion on the rollup)
 * and toRemoteAndOPWithdraw, which need that allowance, and an
 * OFT's payable `send` (LayerZero, layer-zero.ts). A call's `value` is paid in the fee denom.
 * Calls to contracts other modules model (the live ERC-721s, nft/erc721-nfts.ts) go to them.
 */
import { bech32 } from "bech32";
import {
  decodeFunctionData,
  keccak256,
  parseAbi,
  parseTransaction,
  recoverTransactionAddress,
  type TransactionSerialized,
} from "viem";
import type { AbciEvent } from "../payloads.js";
import { msgCallCodec, TYPE_MSG_CALL } from "./initia-protos.js";
import type { LayerZero } from "./layer-zero.js";
import type { ExecContext, LiveChain } from "./live-chain/live-chain-types.js";
import { TxFailure } from "./live-chain/tx-failure.js";

const ABI = parseAbi([
  "function approve(address spender, uint256 amount)",
  "function toRemoteAndOPWithdraw(string receiver, string localDenom, uint256 localAmount)",
  "function toLocal(address receiver, string remoteDenom, uint8 remoteDecimals)",
  "function toRemote(address receiver, string localDenom, uint256 localAmount)",
  "function send((uint32 dstEid, bytes32 to, uint256 amountLD, uint256 minAmountLD, bytes extraOptions, bytes composeMsg, bytes oftCmd) sendParam, (uint256 nativeFee, uint256 lzTokenFee) fee, address refundAddress) payable",
]);
const attr = (key: string, value: string) => ({ key, value, index: true });

export interface EvmGatewayOptions {
  /** EIP-155 chain id of the rollup's EVM. */
  evmChainId: number;
  wrapper: string;
  /** local (18-decimal) denom -> its ERC-20 contract, remote (l2/...) denom, that denom's ERC-20 and scale. */
  localTokens: Record<string, { erc20: string; remoteDenom: string; remoteErc20?: string; factor: bigint }>;
  withdraw(
    ctx: Parameters<Parameters<LiveChain["handle"]>[1]>[0],
    sender: string,
    to: string,
    amount: { denom: string; amount: string },
  ): AbciEvent[];
  /** The denom a call's `value` is paid in (the rollup's EVM fee asset). */
  feeDenom: string;
  /** OFT contract -> the denom it burns on send and its decimals; sends go out through `layerZero`. */
  ofts?: Record<string, { denom: string; decimals: number; sharedDecimals: number }>;
  layerZero?: Pick<LayerZero, "send">;
  /** Contracts another module runs: a call to one of them is that module's (its events, its reverts). */
  contracts?: {
    serves(contract: string): boolean;
    call(ctx: ExecContext, call: ReturnType<typeof msgCallCodec.decode>): AbciEvent[];
  }[];
}

export function installEvmGateway(chain: LiveChain, options: EvmGatewayOptions) {
  const nonces = new Map<string, number>();
  const cosmosHashOf = new Map<string, string>();
  /** owner -> token -> spender -> allowance */
  const allowances = new Map<string, bigint>();
  const allowanceKey = (owner: string, token: string, spender: string) =>
    `${owner}|${token.toLowerCase()}|${spender.toLowerCase()}`;
  const tokenByContract = new Map(
    Object.entries(options.localTokens).map(([denom, t]) => [t.erc20.toLowerCase(), { denom, ...t }]),
  );
  // The remote (l2/...) coins' ERC-20s take approvals too: toLocal spends them.
  const remoteTokens = new Map(
    Object.entries(options.localTokens).flatMap(([localDenom, t]) =>
      t.remoteErc20 ? [[t.remoteDenom, { localDenom, ...t, remoteErc20: t.remoteErc20 }] as const] : [],
    ),
  );
  const approvable = new Set([
    ...tokenByContract.keys(),
    ...[...remoteTokens.values()].map((t) => t.remoteErc20.toLowerCase()),
  ]);
  const bech32Of = (hex: string) =>
    bech32.encode(chain.prefix, bech32.toWords(Buffer.from(hex.slice(2), "hex")));
  const log = (address: string, topic: string, data: string): AbciEvent => ({
    type: "evm",
    attributes: [attr("log", JSON.stringify({ address, topics: [topic], data }))],
  });
  const oftByContract = new Map(Object.entries(options.ofts ?? {}).map(([c, o]) => [c.toLowerCase(), o]));

  chain.handle(
    TYPE_MSG_CALL,
    (ctx, value) => {
      const call = msgCallCodec.decode(value);
      if (call.sender !== ctx.signer)
        throw new TxFailure(4, `${call.sender} is not the signer: unauthorized`);
      const contract = call.contractAddr.toLowerCase();
      const other = options.contracts?.find((c) => c.serves(contract));
      if (other) return other.call(ctx, call);
      const decoded = (() => {
        try {
          return decodeFunctionData({ abi: ABI, data: call.input as `0x${string}` });
        } catch {
          throw new TxFailure(2, "execution reverted: unknown function", "evm");
        }
      })();
      const callValue = BigInt(call.value || "0");
      if (callValue > 0n) {
        // Only payable functions take value; it moves from the sender to the contract.
        if (decoded.functionName !== "send")
          throw new TxFailure(2, `execution reverted: ${decoded.functionName} is not payable`, "evm");
        chain.debit(ctx, call.sender, options.feeDenom, callValue);
        const contractAccount = bech32.encode(
          chain.prefix,
          bech32.toWords(Buffer.from(contract.slice(2), "hex")),
        );
        chain.credit(ctx, contractAccount, options.feeDenom, callValue);
      }
      if (decoded.functionName === "send" && oftByContract.has(contract) && options.layerZero) {
        const oft = oftByContract.get(contract) as {
          denom: string;
          decimals: number;
          sharedDecimals: number;
        };
        const [param, fee] = decoded.args;
        if (callValue < fee.nativeFee)
          throw new TxFailure(2, `execution reverted: NotEnoughNative(${callValue})`, "evm");
        // OFT v2 _debitView: dust below the shared decimals stays with the sender.
        const dust = 10n ** BigInt(oft.decimals - oft.sharedDecimals);
        const amountSent = (param.amountLD / dust) * dust;
        if (amountSent < param.minAmountLD)
          throw new TxFailure(
            2,
            `execution reverted: SlippageExceeded(${amountSent}, ${param.minAmountLD})`,
            "evm",
          );
        chain.debit(ctx, call.sender, oft.denom, amountSent);
        const sent = options.layerZero.send(ctx, {
          dstEid: param.dstEid,
          to: param.to,
          amountSD: (amountSent / dust).toString(),
          sharedDecimals: oft.sharedDecimals,
        });
        return [
          {
            type: "evm",
            attributes: [
              attr(
                "log",
                JSON.stringify({
                  address: call.contractAddr,
                  topics: ["OFTSent"],
                  data: amountSent.toString(),
                }),
              ),
            ],
          },
          ...sent,
        ];
      }
      if (decoded.functionName === "approve" && approvable.has(contract)) {
        const [spender, amount] = decoded.args;
        const key = allowanceKey(call.sender, contract, spender);
        const before = allowances.get(key);
        allowances.set(key, amount);
        ctx.journal.push(() => (before === undefined ? allowances.delete(key) : allowances.set(key, before)));
        return [
          {
            type: "evm",
            attributes: [
              attr(
                "log",
                JSON.stringify({ address: call.contractAddr, topics: ["Approval"], data: amount.toString() }),
              ),
            ],
          },
        ];
      }
      if (decoded.functionName === "toRemoteAndOPWithdraw" && contract === options.wrapper.toLowerCase()) {
        const [receiver, localDenom, localAmount] = decoded.args;
        const token = options.localTokens[localDenom];
        if (!token) throw new TxFailure(2, `execution reverted: ${localDenom} is not a wrapped token`, "evm");
        const key = allowanceKey(call.sender, token.erc20, options.wrapper);
        if ((allowances.get(key) ?? 0n) < localAmount)
          throw new TxFailure(2, "execution reverted: ERC20: insufficient allowance", "evm");
        if (localAmount % token.factor !== 0n)
          throw new TxFailure(2, "execution reverted: dust amount", "evm");
        allowances.set(key, (allowances.get(key) ?? 0n) - localAmount);
        chain.debit(ctx, call.sender, localDenom, localAmount);
        chain.credit(ctx, call.sender, token.remoteDenom, localAmount / token.factor);
        return options.withdraw(ctx, call.sender, receiver, {
          denom: token.remoteDenom,
          amount: (localAmount / token.factor).toString(),
        });
      }
      if (decoded.functionName === "toLocal" && contract === options.wrapper.toLowerCase()) {
        // ERC20Wrapper.toLocal converts min(allowance, balance) of the remote coin for `receiver`.
        const [receiver, remoteDenom] = decoded.args;
        const token = remoteTokens.get(remoteDenom);
        if (!token) throw new TxFailure(2, `execution reverted: ${remoteDenom} has no wrapped token`, "evm");
        const key = allowanceKey(call.sender, token.remoteErc20, options.wrapper);
        const allowance = allowances.get(key) ?? 0n;
        const amount = [allowance, chain.balance(call.sender, remoteDenom)].reduce((a, b) => (a < b ? a : b));
        if (amount === 0n) throw new TxFailure(2, "execution reverted: nothing to convert", "evm");
        allowances.set(key, allowance - amount);
        ctx.journal.push(() => allowances.set(key, allowance));
        chain.debit(ctx, call.sender, remoteDenom, amount);
        chain.credit(ctx, bech32Of(receiver), token.localDenom, amount * token.factor);
        return [log(call.contractAddr, "ToLocal", (amount * token.factor).toString())];
      }
      if (decoded.functionName === "toRemote" && contract === options.wrapper.toLowerCase()) {
        const [receiver, localDenom, localAmount] = decoded.args;
        const token = options.localTokens[localDenom];
        if (!token) throw new TxFailure(2, `execution reverted: ${localDenom} is not a wrapped token`, "evm");
        const key = allowanceKey(call.sender, token.erc20, options.wrapper);
        const allowance = allowances.get(key) ?? 0n;
        if (allowance < localAmount)
          throw new TxFailure(2, "execution reverted: ERC20: insufficient allowance", "evm");
        if (localAmount % token.factor !== 0n)
          throw new TxFailure(2, "execution reverted: dust amount", "evm");
        allowances.set(key, allowance - localAmount);
        ctx.journal.push(() => allowances.set(key, allowance));
        chain.debit(ctx, call.sender, localDenom, localAmount);
        chain.credit(ctx, bech32Of(receiver), token.remoteDenom, localAmount / token.factor);
        return [log(call.contractAddr, "ToRemote", (localAmount / token.factor).toString())];
      }
      throw new TxFailure(
        2,
        `execution reverted: ${call.contractAddr} does not implement ${decoded.functionName}`,
        "evm",
      );
    },
    (value) => {
      const m = msgCallCodec.decode(value);
      return {
        sender: m.sender,
        contract_addr: m.contractAddr,
        input: m.input,
        value: m.value,
        access_list: [],
      };
    },
    // The EVM moves a call's coins: its `evm` event logs them, the bank emits nothing.
    { bankEvents: false },
  );

  return {
    /** Answers the JSON-RPC methods it knows; undefined for the others. */
    async jsonRpc(
      method: string,
      params: unknown[],
    ): Promise<{ result?: unknown; error?: { code: number; message: string } } | undefined> {
      if (method === "eth_chainId") return { result: `0x${options.evmChainId.toString(16)}` };
      if (method === "eth_getTransactionCount")
        return { result: `0x${(nonces.get(String(params[0]).toLowerCase()) ?? 0).toString(16)}` };
      if (method === "cosmos_cosmosTxHashByTxHash")
        return { result: cosmosHashOf.get(String(params[0]).toLowerCase())?.toLowerCase() ?? null };
      if (method !== "eth_sendRawTransaction") return undefined;
      const raw = String(params[0]) as TransactionSerialized;
      let from: string;
      let tx: ReturnType<typeof parseTransaction>;
      try {
        tx = parseTransaction(raw);
        from = (await recoverTransactionAddress({ serializedTransaction: raw })).toLowerCase();
      } catch (err) {
        return { error: { code: -32000, message: `invalid transaction: ${(err as Error).message}` } };
      }
      if (tx.chainId !== options.evmChainId)
        return {
          error: { code: -32000, message: `invalid chain id ${tx.chainId}, expected ${options.evmChainId}` },
        };
      const nonce = nonces.get(from) ?? 0;
      if (tx.nonce !== nonce)
        return { error: { code: -32000, message: `invalid nonce; got ${tx.nonce}, expected ${nonce}` } };
      if (!tx.to)
        return {
          error: { code: -32000, message: "contract creation is not supported by the devnet gateway" },
        };
      nonces.set(from, nonce + 1);
      const sender = bech32.encode(chain.prefix, bech32.toWords(Buffer.from(from.slice(2), "hex")));
      const call = msgCallCodec.encode({
        sender,
        contractAddr: tx.to,
        input: tx.data ?? "0x",
        value: (tx.value ?? 0n).toString(),
      });
      const hash = keccak256(raw).toLowerCase();
      cosmosHashOf.set(
        hash,
        chain.injectSigned(
          sender,
          [{ typeUrl: TYPE_MSG_CALL, value: call }],
          Buffer.from(raw.slice(2), "hex"),
        ),
      );
      return { result: hash };
    },
  };
}
