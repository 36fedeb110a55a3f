/**
 * A plain EVM chain of the interchain (the registry's `chain_type: "evm"` chain, LayerZero's far
 * side), as far as wallets and trackers read it over JSON-RPC: `eth_chainId`, `eth_blockNumber`,
 * `eth_getBalance` of the native asset, ERC-20 `balanceOf` through `eth_call`, and `eth_getLogs` of
 * the OFT's `OFTReceived(guid, ...)` for a LayerZero delivery (filtered by its guid topic, as a
 * tracker asks). Balances live in
 * the chain's state (the same LiveChain ledger every module credits and debits), keyed by the
 * lower-case hex account and, for ERC-20s, the lower-case contract address.
 */
import { keccak_256 } from "@noble/hashes/sha3.js";
import type { LiveChain } from "./live-chain/live-chain-types.js";

/** `balanceOf(address)` selector. */
const BALANCE_OF = "0x70a08231";

/** `0x` + 32-byte big-endian word. */
const word = (value: bigint) => `0x${value.toString(16).padStart(64, "0")}`;
const hex = (value: number) => `0x${value.toString(16)}`;

/** topic0 of LayerZero OFTCore's `OFTReceived(bytes32 indexed guid, uint32 srcEid, address indexed toAddress, uint256 amountReceivedLD)`. */
export const OFT_RECEIVED_TOPIC = `0x${Buffer.from(
  keccak_256(new TextEncoder().encode("OFTReceived(bytes32,uint32,address,uint256)")),
).toString("hex")}`;

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
      case "eth_getLogs":
        return { result: oftReceivedLogs(chain, (params[0] ?? {}) as LogFilter) };
      default:
        return undefined;
    }
  };
}

interface LogFilter {
  topics?: (string | string[] | null)[];
}

/**
 * The `OFTReceived` logs of the LayerZero deliveries (layer-zero.ts' `layerzero_receive` events) whose
 * guid is the filter's topic 1: the one query a tracker makes. Without a guid topic, none.
 */
function oftReceivedLogs(chain: LiveChain, filter: LogFilter) {
  const [topic0, guidTopic] = filter.topics ?? [];
  const wanted = (t: string | string[] | null | undefined) => (t == null ? [] : [t].flat());
  if (topic0 != null && !wanted(topic0).some((t) => t.toLowerCase() === OFT_RECEIVED_TOPIC)) return [];
  return wanted(guidTopic).flatMap((guid) =>
    chain.searchTxs([{ type: "layerzero_receive", key: "guid", value: guid.toLowerCase() }]).flatMap((tx) =>
      tx.result.events
        .filter((e) => e.type === "layerzero_receive")
        .map((e) => new Map(e.attributes.map((a) => [a.key, a.value])))
        .filter((a) => a.get("guid") === guid.toLowerCase())
        .map((a, i) => ({
          address: a.get("token"),
          topics: [
            OFT_RECEIVED_TOPIC,
            a.get("guid"),
            `0x${(a.get("receiver") ?? "").slice(2).padStart(64, "0")}`,
          ],
          data: `${word(BigInt(a.get("src_eid") ?? 0))}${word(BigInt(a.get("amount") ?? 0)).slice(2)}`,
          blockNumber: hex(tx.height),
          blockTimestamp: hex(Math.floor(Date.parse(tx.time) / 1000)),
          transactionHash: `0x${tx.hash.toLowerCase()}`,
          transactionIndex: hex(tx.index),
          logIndex: hex(i),
          removed: false,
        })),
    ),
  );
}
