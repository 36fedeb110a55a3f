/**
 * Calldata of the EVM contracts routes call: LayerZero OFT `send`, and minievm's ERC20Wrapper and
 * ERC-20 `approve` (the op-hook). ABIs are the contracts' own (LayerZero OFT v2, minievm
 * x/evm/contracts/erc20_wrapper), reduced to the overloads used.
 */
import { encodeFunctionData, maxUint256, pad } from "viem";

const OFT_SEND_ABI = [
  {
    type: "function",
    name: "send",
    stateMutability: "payable",
    inputs: [
      {
        name: "_sendParam",
        type: "tuple",
        components: [
          { name: "dstEid", type: "uint32" },
          { name: "to", type: "bytes32" },
          { name: "amountLD", type: "uint256" },
          { name: "minAmountLD", type: "uint256" },
          { name: "extraOptions", type: "bytes" },
          { name: "composeMsg", type: "bytes" },
          { name: "oftCmd", type: "bytes" },
        ],
      },
      {
        name: "_fee",
        type: "tuple",
        components: [
          { name: "nativeFee", type: "uint256" },
          { name: "lzTokenFee", type: "uint256" },
        ],
      },
      { name: "_refundAddress", type: "address" },
    ],
    outputs: [],
  },
] as const;

const WRAPPER_ABI = [
  {
    type: "function",
    name: "toRemote",
    stateMutability: "nonpayable",
    inputs: [
      { name: "receiver", type: "address" },
      { name: "localDenom", type: "string" },
      { name: "localAmount", type: "uint256" },
    ],
    outputs: [],
  },
  {
    type: "function",
    name: "toRemoteAndOPWithdraw",
    stateMutability: "nonpayable",
    inputs: [
      { name: "receiver", type: "string" },
      { name: "localDenom", type: "string" },
      { name: "localAmount", type: "uint256" },
    ],
    outputs: [],
  },
  {
    type: "function",
    name: "toLocal",
    stateMutability: "nonpayable",
    inputs: [
      { name: "receiver", type: "address" },
      { name: "remoteDenom", type: "string" },
      { name: "_remoteDecimals", type: "uint8" },
    ],
    outputs: [],
  },
] as const;

const ERC20_APPROVE_ABI = [
  {
    type: "function",
    name: "approve",
    stateMutability: "nonpayable",
    inputs: [
      { name: "spender", type: "address" },
      { name: "amount", type: "uint256" },
    ],
    outputs: [{ name: "", type: "bool" }],
  },
] as const;

type Hex = `0x${string}`;

export function oftSendCalldata(input: {
  dstEid: number;
  /** Recipient as 20 or 32 bytes. */
  to: Uint8Array;
  amountLD: bigint;
  minAmountLD: bigint;
  nativeFee: bigint;
  refundAddress: Hex;
}): Hex {
  return encodeFunctionData({
    abi: OFT_SEND_ABI,
    functionName: "send",
    args: [
      {
        dstEid: input.dstEid,
        to: pad(`0x${Buffer.from(input.to).toString("hex")}`, { size: 32 }),
        amountLD: input.amountLD,
        minAmountLD: input.minAmountLD,
        extraOptions: "0x",
        composeMsg: "0x",
        oftCmd: "0x",
      },
      { nativeFee: input.nativeFee, lzTokenFee: 0n },
      input.refundAddress,
    ],
  });
}

export const toRemoteAndOpWithdrawCalldata = (
  receiver: string,
  localDenom: string,
  localAmount: bigint,
): Hex =>
  encodeFunctionData({
    abi: WRAPPER_ABI,
    functionName: "toRemoteAndOPWithdraw",
    args: [receiver, localDenom, localAmount],
  });

/** Wraps the sender's whole allowed balance of `remoteDenom` (min(allowance, balance)) for `receiver`. */
export const toLocalCalldata = (receiver: Hex, remoteDenom: string, remoteDecimals: number): Hex =>
  encodeFunctionData({
    abi: WRAPPER_ABI,
    functionName: "toLocal",
    args: [receiver, remoteDenom, remoteDecimals],
  });

/** Unwraps `localAmount` of the 18-decimal `localDenom` into its `l2/...` coin for `receiver` (reverts on dust). */
export const toRemoteCalldata = (receiver: Hex, localDenom: string, localAmount: bigint): Hex =>
  encodeFunctionData({
    abi: WRAPPER_ABI,
    functionName: "toRemote",
    args: [receiver, localDenom, localAmount],
  });

export const approveCalldata = (spender: Hex, amount: bigint = maxUint256): Hex =>
  encodeFunctionData({ abi: ERC20_APPROVE_ABI, functionName: "approve", args: [spender, amount] });
