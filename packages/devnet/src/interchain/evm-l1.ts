/**
 * A plain EVM chain of the interchain (the registry's `chain_type: "evm"` chain, LayerZero's far
 * side), as far as wallets read it over JSON-RPC: `eth_chainId`, `eth_blockNumber`,
 * `eth_getBalance` of the native asset and ERC-20 `balanceOf` through `eth_call`. Balances live in
 * the chain's state (the same LiveChain ledger every module credits and debits), keyed by the
 * lower-case hex account and, for ERC-20s, the lower-case contract address.
 */
import type { LiveChain } from "./live-chain.js";

/** `balanceOf(address)` selector. */
const BALANCE_OF = "0x70a08231";

/** `0x` + 32-byte big-endian word. */
const word = (value: bigint) => `0x${value.toString(16).padStart(64, "0")}`;

export interface EvmL1Options {
  /** EIP-155 chain id. */
  evmChainId: number;
  /** The denom the native asset is kept under in the ledger (the registry's, e.g. `weft-eth-native`). */
  nativeDenom: string;
}

/** The ledger key of an EVM account or contract. */
export const evmKey = (address: string) => address.toLowerCase();

/** A JSON-RPC handler for createLiveRoutes' `jsonRpc` option. */
export function createEvmL1JsonRpc(chain: LiveChain, options: EvmL1Options) {
  return async (
    method: string,
    params: unknown[],
  ): Promise<{ result?: unknown; error?: { code: number; message: string } } | undefined> => {
    switch (method) {
      case "eth_chainId":
        return { result: `0x${options.evmChainId.toString(16)}` };
      case "eth_blockNumber":
        return { result: `0x${chain.head.toString(16)}` };
      case "eth_getBalance": {
        const address = String(params[0] ?? "");
        if (!/^0x[0-9a-fA-F]{40}$/.test(address))
          return { error: { code: -32602, message: `invalid address ${address}` } };
        return { result: `0x${chain.balance(evmKey(address), options.nativeDenom).toString(16)}` };
      }
      case "eth_call": {
        const call = (params[0] ?? {}) as { to?: string; data?: string; input?: string };
        const data = (call.data ?? call.input ?? "").toLowerCase();
        if (!call.to || !data.startsWith(BALANCE_OF) || data.length !== 2 + 8 + 64)
          return { error: { code: 3, message: "execution reverted" } };
        const owner = `0x${data.slice(-40)}`;
        return { result: word(chain.balance(evmKey(owner), evmKey(call.to))) };
      }
      default:
        return undefined;
    }
  };
}
